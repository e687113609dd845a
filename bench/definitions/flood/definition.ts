// A generic game whose "server" only floods its console (bench/console-throughput.ts).
import { fileURLToPath } from 'node:url';
import type {
  GenericGameDefinition,
  InstallContext,
  StartContext,
} from '../../../apps/core/src/runtime/generic/definition.ts';

const definition: GenericGameDefinition = {
  game_name: 'console-flood',
  game_display_name: 'Console flood (benchmark)',
  setupManifest: () => ({
    setting_sections: {
      section_1: {
        section_id: 'section_1',
        name: 'Flood',
        description: 'How long to print.',
        settings: {
          seconds: {
            setting_id: 'seconds',
            name: 'Seconds',
            description: 'How long the process prints lines.',
            value: null,
            value_type: { type: 'UnsignedInteger', min: 1, max: 600 },
            default_value: { type: 'UnsignedInteger', value: 10 },
            is_secret: false,
            is_required: true,
            is_mutable: false,
          },
          lines: {
            setting_id: 'lines',
            name: 'Lines',
            description: 'Stop after this many lines (0: print until the time is up).',
            value: null,
            value_type: { type: 'UnsignedInteger', min: 0, max: null },
            default_value: { type: 'UnsignedInteger', value: 0 },
            is_secret: false,
            is_required: true,
            is_mutable: false,
          },
        },
      },
    },
  }),
  install: (ctx: InstallContext) => ({
    version: '1',
    port: 0,
    config: {
      seconds: typeof ctx.values.seconds === 'number' ? ctx.values.seconds : 10,
      lines: typeof ctx.values.lines === 'number' ? ctx.values.lines : 0,
    },
  }),
  start: (ctx: StartContext) => ({
    command: process.execPath,
    args: [
      fileURLToPath(new URL('./flood.mjs', ctx.definitionUrl)),
      ['--seconds', String(ctx.config.seconds ?? 10)],
      ['--lines', String(ctx.config.lines ?? 0)],
    ].flat(),
  }),
  stop: { signal: 'SIGTERM' },
  output: { started: '^flood start$' },
};

export default definition;
