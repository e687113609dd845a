/**
 * The routes only a task's token may use, as the SDK calls them (relative to the API base). The
 * core declares them in `packages/protocol/src/routes.ts` (`macroSdk*`); a test keeps both equal.
 * The SDK runs in Deno and imports nothing from the core at run time, hence the copy.
 */
export const SDK_ROUTES = {
  consoleOut: '/macro_sdk/console_out',
  progressionStart: '/macro_sdk/progression/start',
  progressionUpdate: '/macro_sdk/progression/update',
  progressionEnd: '/macro_sdk/progression/end',
  detach: '/macro_sdk/detach',
} as const;
