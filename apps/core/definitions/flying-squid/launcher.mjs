// Hearth's launcher for flying-squid (a Minecraft server in Node). flying-squid's own CLI ignores
// most settings and binds 0.0.0.0:25565, so this script builds the server itself and speaks like a
// vanilla console: `[HH:MM:SS] [Server thread/INFO]: ...` lines, and `list`, `say`, `save-off`,
// `save-all`, `save-on`, `stop`, `help` read from stdin, plus the player commands of moderation.mjs
// (kick, ban, ban-ip, pardon, pardon-ip, op, deop, whitelist, banlist) with vanilla's list files.
// Usage: node launcher.mjs --config hearth-squid.json [--port N]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { clientAddress, createModeration } from './moderation.mjs';

const require = createRequire(import.meta.url);
const startedAt = process.hrtime.bigint();
const QUIT_GRACE_MS = 5000;

const pad = (n) => String(n).padStart(2, '0');
// eslint-disable-next-line no-control-regex
const CONTROL = /\u001b\[[0-?]*[ -/]*[@-~]|[\u0000-\u0008\u000b-\u001f\u007f]/g;
const clean = (text) => String(text).replace(/\r?\n/g, ' ').replace(CONTROL, '');

function print(level, message) {
  const now = new Date();
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  process.stdout.write(`[${time}] [Server thread/${level}]: ${clean(message)}\n`);
}
const info = (message) => print('INFO', message);
const warn = (message) => print('WARN', message);
const error = (message) => print('ERROR', message);

function fatal(message) {
  error(message);
  process.exit(1);
}

function parseArgs(argv) {
  const args = { config: null, port: null };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--config' && value !== undefined) args.config = value;
    else if (flag === '--port' && value !== undefined) args.port = Number(value);
    else
      fatal(
        `Unknown or incomplete argument "${flag}". Usage: launcher.mjs --config <file> [--port <n>]`,
      );
    i += 1;
  }
  if (args.config === null) fatal('Missing --config <file>');
  return args;
}

function readSettings(args) {
  let raw;
  try {
    raw = JSON.parse(readFileSync(resolve(args.config), 'utf8'));
  } catch (e) {
    fatal(`Could not read ${args.config}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const settings = {
    host: typeof raw.host === 'string' ? raw.host : '127.0.0.1',
    port: args.port ?? raw.port ?? 25565,
    maxPlayers: raw.max_players ?? 20,
    motd: typeof raw.motd === 'string' ? raw.motd : 'A Hearth server',
    version: raw.version,
    world: typeof raw.world === 'string' ? raw.world : 'world',
    whitelist: raw.whitelist === true,
  };
  if (!Number.isInteger(settings.port) || settings.port < 0 || settings.port > 65535) {
    fatal(`Invalid port ${String(settings.port)}`);
  }
  if (!Number.isInteger(settings.maxPlayers) || settings.maxPlayers < 0) {
    fatal(`Invalid max_players ${String(settings.maxPlayers)}`);
  }
  return settings;
}

function loadFlyingSquid() {
  // flying-squid's log plugin grabs stdin with its own readline (and prints "> " prompts) unless it
  // believes it runs in a browser; its plugins load inside createMCServer, so keep the flag set
  // until the server object exists.
  process.browser = true;
  return require('flying-squid');
}

const args = parseArgs(process.argv.slice(2));
const settings = readSettings(args);
const squid = loadFlyingSquid();
if (!squid.testedVersions.includes(settings.version)) {
  delete process.browser;
  fatal(
    `Unsupported version "${String(settings.version)}"; flying-squid supports ${squid.testedVersions.join(', ')}`,
  );
}

info(`Starting minecraft server version ${settings.version}`);
info('Loading properties');
info(`Starting Minecraft server on ${settings.host}:${settings.port}`);

let listening = false;
let stopping = false;
const joined = new Set();

function onlineNames() {
  return serv.players.filter((p) => joined.has(p)).map((p) => p.username);
}

const serv = squid.createMCServer({
  host: settings.host,
  port: settings.port,
  'online-mode': false,
  'max-players': settings.maxPlayers,
  motd: settings.motd,
  version: settings.version,
  logging: false,
  noConsoleOutput: true,
  // A function here also stops flying-squid from installing process-wide handlers that exit 0.
  debug: () => undefined,
  generation: { name: 'superflat', options: {} },
  worldFolder: settings.world,
  plugins: {},
  modpe: false,
  gameMode: 0,
  difficulty: 1,
  kickTimeout: 10000,
  'view-distance': 4,
  'everybody-op': false,
  'max-entities': 100,
  'player-list-text': { header: { text: 'Hearth' }, footer: { text: settings.motd } },
  beforePing: (response) => {
    const players = serv.players.filter((p) => joined.has(p));
    response.players = {
      max: settings.maxPlayers,
      online: players.length,
      sample: players.map((p) => ({ name: p.username, id: p.uuid })),
    };
    response.description = { text: settings.motd };
    return response;
  },
});
delete process.browser;

// Our console is the only console: drop flying-squid's own log lines, keep its warnings/errors.
serv.log = () => undefined;
serv.info = () => undefined;
serv.warn = (message) => warn(message);
serv.err = (message) => error(message);

const moderation = createModeration({
  settingsFile: resolve(args.config),
  whitelist: settings.whitelist,
  online: () => serv.players,
  warn,
});

// Refuse banned and (whitelist on) unlisted players, and players beyond max-players, before
// flying-squid spawns them.
const joinListeners = serv._server.rawListeners('playerJoin');
serv._server.removeAllListeners('playerJoin');
serv._server.on('playerJoin', (client) => {
  const address = clientAddress(client.socket?.remoteAddress);
  const refusal = moderation.joinRefusal({ username: client.username, uuid: client.uuid, address });
  if (refusal !== null) {
    info(`Disconnecting ${client.username} (/${address}): ${refusal}`);
    client.end(refusal);
    return;
  }
  if (serv.players.length >= settings.maxPlayers) {
    info(`Disconnecting ${client.username}: The server is full!`);
    client.end('The server is full!');
    return;
  }
  for (const listener of joinListeners) listener.call(serv._server, client);
});

// flying-squid's own listeners print whole stacks; ours print one line.
serv.removeAllListeners('error');
serv.removeAllListeners('clientError');
serv.on('clientError', (client, e) => {
  warn(
    `Client ${client.username ?? client.socket?.remoteAddress ?? '?'}: ${e instanceof Error ? e.message : String(e)}`,
  );
});
serv.on('error', (e) => {
  const message = e instanceof Error ? e.message : String(e);
  if (listening) {
    error(`Server error: ${message}`);
    return;
  }
  error('**** FAILED TO BIND TO PORT!');
  error(`The exception was: ${message}`);
  error('Perhaps a server is already running on that port?');
  process.exit(1);
});

serv.on('newPlayer', (player) => {
  player.on('connected', () => {
    player.op = moderation.isOp(player.username, player.uuid);
    joined.add(player);
    info(`${player.username} joined the game`);
  });
  player.on('disconnected', () => {
    if (!joined.delete(player)) return;
    info(`${player.username} left the game`);
  });
  player.on('chat', ({ message }) => info(`<${player.username}> ${message}`));
});

serv.once('listening', (port) => {
  listening = true;
  // The real port matters when the settings asked for 0 (any free port).
  info(`Listening on ${settings.host}:${port}`);
  serv
    .waitForReady(30_000)
    .then(() => {
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      info(`Done (${seconds.toFixed(3)}s)! For help, type "help"`);
    })
    .catch((e) =>
      fatal(`The server did not get ready: ${e instanceof Error ? e.message : String(e)}`),
    );
});

async function stop() {
  if (stopping) return;
  stopping = true;
  info('Stopping server');
  const forced = setTimeout(() => process.exit(0), QUIT_GRACE_MS);
  try {
    await serv.quit('Server closed');
  } catch (e) {
    warn(`Error while stopping: ${e instanceof Error ? e.message : String(e)}`);
  }
  clearTimeout(forced);
  process.exit(0);
}

// Backups of a running server (Hearth's save hooks, declared in definition.ts): the world's own
// periodic saving pauses, everything pending is written, then saving resumes.
let autoSave = true;

async function saveAll() {
  info('Saving the game (this may take a moment!)');
  await serv.overworld.waitSaving();
  await Promise.all(serv.players.filter((p) => joined.has(p)).map((p) => p.save()));
  info('Saved the game');
}

const COMMANDS = {
  help: () => {
    info('help - this list');
    info('list - lists the players online');
    info('say <message> - sends a message to every player');
    info('save-off - pauses automatic saving');
    info('save-all - writes the world and players to disk now');
    info('save-on - resumes automatic saving');
    info('kick <player> [reason], ban <player> [reason], pardon <player> - players');
    info('ban-ip <address|player> [reason], pardon-ip <address>, banlist [ips] - bans');
    info('op <player>, deop <player> - operators');
    info('whitelist on|off|add <player>|remove <player>|list|reload - the whitelist');
    info('stop - stops the server');
  },
  'save-off': () => {
    if (autoSave) serv.overworld.stopSaving();
    autoSave = false;
    info('Automatic saving is now disabled');
  },
  'save-all': () => saveAll(),
  'save-on': () => {
    if (!autoSave) serv.overworld.startSaving();
    autoSave = true;
    info('Automatic saving is now enabled');
  },
  list: () => {
    const names = onlineNames();
    info(
      `There are ${names.length} of a max of ${settings.maxPlayers} players online: ${names.join(', ')}`,
    );
  },
  say: (text) => {
    if (text === '') {
      info('Usage: say <message>');
      return;
    }
    serv.broadcast(`[Server] ${text}`);
    info(`[Server] ${text}`);
  },
  stop: () => stop(),
};

// The player commands, from the console and from an operator in game (flying-squid's own ones keep
// bans in memory only, and its ban by name is never checked at join).
for (const [name, run] of Object.entries(moderation.commands)) {
  COMMANDS[name] = (rest) => {
    for (const line of run(rest, 'Server').split('\n')) info(line);
  };
  serv.commands.add({
    base: name,
    info: `${name} (vanilla)`,
    usage: `/${name}`,
    op: true,
    action(rest, ctx) {
      const source = ctx.player?.username ?? 'Server';
      const answer = run(String(rest ?? ''), source);
      info(`[${source}: ${answer.split('\n')[0]}]`);
      return answer;
    },
  });
}

createInterface({ input: process.stdin, terminal: false }).on('line', (line) => {
  const trimmed = line.trim().replace(/^\//, '');
  if (trimmed === '') return;
  const space = trimmed.indexOf(' ');
  const name = (space === -1 ? trimmed : trimmed.slice(0, space)).toLowerCase();
  const rest = space === -1 ? '' : trimmed.slice(space + 1).trim();
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) {
    info(`Unknown command "${name}". Type "help" for help.`);
    return;
  }
  Promise.resolve(command(rest)).catch((e) =>
    error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`),
  );
});

process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('uncaughtException', (e) => {
  error(`Encountered an unexpected exception: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  warn(`Unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
});
