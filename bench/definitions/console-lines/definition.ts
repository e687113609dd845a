// A generic game whose "server" prints console lines on command, at a set rate or in bursts
// (lines.mjs; bench/console-render.ts drives it through the core's console command route).
import { fileURLToPath } from 'node:url';
import type {
  GenericGameDefinition,
  StartContext,
} from '../../../apps/core/src/runtime/generic/definition.ts';

const definition: GenericGameDefinition = {
  game_name: 'console-lines',
  game_display_name: 'Console lines (benchmark)',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start: (ctx: StartContext) => ({
    command: process.execPath,
    args: [fileURLToPath(new URL('./lines.mjs', ctx.definitionUrl))],
  }),
  stop: { signal: 'SIGTERM' },
  output: { started: '^lines ready$' },
};

export default definition;
