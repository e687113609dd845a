import type { FastifyInstance } from 'fastify';
import { TestClockAdvanceBodySchema, httpRoute } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import { ManualClock } from '../services/schedules/clock.ts';

/**
 * Routes only a test core has (`HEARTH_TEST_CLOCK=1`, `config.testClock`): they are not part of
 * the API (protocol `apiRoutes`), and a normal core never registers them.
 */
export const testRoutes = {
  /** Moves the schedules' clock (a ManualClock) and answers its new time. */
  testClockAdvance: httpRoute('POST', '/test/clock/advance'),
} as const;

/** The test-support plugin: registered by `buildCore` only when the config asks for the test clock. */
export function testClockRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const clock = ctx.scheduleClock;
    if (!ctx.config.testClock || !(clock instanceof ManualClock)) return;
    declareRoutes(api, ctx, testRoutes).http(
      {
        route: 'testClockAdvance',
        access: { owner: 'Only the owner can move the test clock' },
        body: TestClockAdvanceBodySchema,
      },
      async ({ body }) => {
        await clock.advance(body.ms);
        return { now: clock.now() };
      },
    );
  };
}
