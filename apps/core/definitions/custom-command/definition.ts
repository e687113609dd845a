// An imported server Hearth does not recognise, started with a command line its importer confirmed.
// It is a generic definition like any other, so everything generic games obey applies: only the
// owner may use it while safe mode is on, the command runs inside the game's sandbox with the
// instance folder as its working directory, and start-command.ts decides what it may name (a
// program on the system PATH or under /usr, or one inside the instance folder, run through sh).
import type {
  GenericGameDefinition,
  InstallContext,
  StartContext,
} from '../../src/runtime/generic/definition.ts';

export const DEFAULT_PORT = 25565;

/**
 * Splits a command line on spaces, keeping "double" or 'single' quoted parts together (no
 * variables, globs or escapes: nothing a shell would expand, since no shell reads it).
 */
export function splitCommand(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  let started = false;
  for (const ch of text) {
    if (quote !== null) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) parts.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote !== null) throw new Error('the command has an unclosed quote');
  if (started) parts.push(current);
  return parts;
}

function install(ctx: InstallContext) {
  const text = typeof ctx.values.command === 'string' ? ctx.values.command.trim() : '';
  const [command, ...args] = splitCommand(text);
  if (command === undefined) throw new Error('the start command is empty');
  const port =
    typeof ctx.values.port === 'number' && Number.isInteger(ctx.values.port)
      ? ctx.values.port
      : DEFAULT_PORT;
  ctx.progress(1, 'Start command saved');
  return { version: 'custom', port, max_players: null, config: { command, args } };
}

function start(ctx: StartContext) {
  const command = typeof ctx.config.command === 'string' ? ctx.config.command : '';
  const args = Array.isArray(ctx.config.args)
    ? ctx.config.args.filter((a): a is string => typeof a === 'string')
    : [];
  return { command, args };
}

const definition: GenericGameDefinition = {
  game_name: 'custom-command',
  game_display_name: 'Custom command',
  setupManifest: () => ({
    setting_sections: {
      section_1: {
        section_id: 'section_1',
        name: 'Start command',
        description: 'How the server starts.',
        settings: {
          command: {
            setting_id: 'command',
            name: 'Start command',
            description:
              'Runs inside the sandbox, in the instance folder (e.g. "sh start.sh" or "java -jar server.jar nogui").',
            value: null,
            value_type: { type: 'String', regex: null },
            default_value: null,
            is_secret: false,
            is_required: true,
            is_mutable: false,
          },
          port: {
            setting_id: 'port',
            name: 'Port',
            description: 'The port the server listens on.',
            value: null,
            value_type: { type: 'UnsignedInteger', min: 0, max: 65535 },
            default_value: { type: 'UnsignedInteger', value: DEFAULT_PORT },
            is_secret: false,
            is_required: true,
            is_mutable: true,
          },
        },
      },
    },
  }),
  install,
  start,
  // An unknown program is asked to stop as programs are; the supervisor kills it after the time-out.
  stop: { signal: 'SIGTERM' },
  output: {},
};

export default definition;
