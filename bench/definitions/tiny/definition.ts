// The cheapest generic game there is (bench/scale.ts): a shell that prints one line and then sleeps,
// so a start measures the core and the sandbox, not the game. `TINY_GAME` is the command line the
// benchmark also spawns under a bare bubblewrap, side by side.
import type { GenericGameDefinition } from '../../../apps/core/src/runtime/generic/definition.ts';

export const TINY_GAME = {
  command: '/bin/sh',
  args: ['-c', 'echo ready; exec sleep 2147483647'],
} as const;

const definition: GenericGameDefinition = {
  game_name: 'bench-tiny',
  game_display_name: 'Benchmark (tiny)',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start: () => ({ command: TINY_GAME.command, args: [...TINY_GAME.args] }),
  stop: { signal: 'SIGTERM' },
  output: { started: '^ready$' },
};

export default definition;
