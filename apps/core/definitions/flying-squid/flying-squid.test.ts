// The shipped flying-squid definition, end to end without the core: load it through the generic
// loader, install, start the launcher, join with a real client (mineflayer), use the console, stop.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from 'minecraft-server-util';
import mineflayer from 'mineflayer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupValue } from '@hearth/protocol';
import { FLYING_SQUID_DEFINITION_URL } from '../../src/runtime/generic/builtin.ts';
import {
  loadGenericDefinition,
  resolveStartPlan,
  runInstall,
  type LoadedDefinition,
} from '../../src/runtime/generic/loader.ts';
import {
  compileOutputPatterns,
  matchOutputLine,
  type OutputMatch,
} from '../../src/runtime/generic/output-patterns.ts';
import { joinBot } from '../../test-support/mineflayer-bot.ts';
import { collectLines } from '../../test-support/stdout-lines.ts';

const WAIT_MS = 30_000;

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function setupValue(port: number, maxPlayers: number): SetupValue {
  return {
    name: 'squid',
    description: null,
    auto_start: false,
    restart_on_crash: false,
    setting_sections: {
      section_1: {
        settings: {
          port: { value: { type: 'UnsignedInteger', value: port } },
          max_players: { value: { type: 'UnsignedInteger', value: maxPlayers } },
          motd: { value: { type: 'String', value: 'Hearth test' } },
          version: { value: { type: 'Enum', value: '1.21.4' } },
        },
      },
    },
  };
}

let root: string;
let loaded: LoadedDefinition;
const children: ChildProcessWithoutNullStreams[] = [];

async function installAndStart(name: string, port: number) {
  const instanceDir = join(root, name);
  await mkdir(instanceDir);
  const installed = await runInstall(
    loaded.bundlePath,
    { definitionUrl: loaded.url, instanceDir, setupValue: setupValue(port, 5) },
    () => undefined,
  );
  const plan = await resolveStartPlan(loaded.bundlePath, {
    definitionUrl: loaded.url,
    instanceDir,
    port: installed.port,
    config: installed.config,
  });
  const child = spawn(plan.command, plan.args, {
    cwd: join(instanceDir, plan.cwd),
    env: { ...process.env, ...plan.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return { instanceDir, installed, child, output: collectLines(child.stdout, WAIT_MS) };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hearth-squid-'));
  loaded = await loadGenericDefinition(FLYING_SQUID_DEFINITION_URL, {
    cacheDir: join(root, 'cache'),
    allowPrivate: true,
  });
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

describe('flying-squid definition', () => {
  it('offers the basic settings, defaulting to a version mineflayer can join', () => {
    expect(loaded.game).toEqual({
      type: 'Generic',
      game_name: 'flying-squid',
      game_display_name: 'Minecraft (flying-squid)',
    });
    expect(loaded.stop).toEqual({ command: 'stop' });
    expect(loaded.ping).toEqual({ kind: 'minecraft' });
    const settings = loaded.setupManifest.setting_sections.section_1?.settings ?? {};
    expect(loaded.setupManifest.setting_sections.section_1?.name).toBe('Basic Settings');
    expect(settings.port?.value_type).toEqual({ type: 'UnsignedInteger', min: 0, max: 65535 });
    expect(settings.port?.default_value).toEqual({ type: 'UnsignedInteger', value: 25565 });
    expect(settings.max_players?.default_value).toEqual({ type: 'UnsignedInteger', value: 20 });
    expect(settings.motd?.default_value).toEqual({ type: 'String', value: 'A Hearth server' });
    const version = settings.version;
    expect(version?.value_type.type).toBe('Enum');
    const options = version?.value_type.type === 'Enum' ? version.value_type.options : [];
    expect(options).toContain('1.21.4');
    expect(version?.default_value).toEqual({ type: 'Enum', value: options[0] });
    expect((mineflayer as unknown as { testedVersions: string[] }).testedVersions).toContain(
      options[0],
    );
  });

  it('installs, starts, lets a mineflayer bot join, chats, lists, says and stops', async () => {
    const { instanceDir, installed, child, output } = await installAndStart('main', 0);
    expect(installed).toMatchObject({ version: '1.21.4', port: 0, max_players: 5 });
    expect(
      JSON.parse(await readFile(join(instanceDir, 'hearth-squid.json'), 'utf8')),
    ).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      max_players: 5,
      motd: 'Hearth test',
      version: '1.21.4',
    });
    const patterns = compileOutputPatterns(loaded.output);
    const matching = (expected: OutputMatch) => (line: string) => {
      const got = matchOutputLine(patterns, line);
      return got !== null && JSON.stringify(got) === JSON.stringify(expected);
    };

    await output.waitFor(matching({ kind: 'started' }), 'matching the started pattern');
    const listening = await output.waitFor(
      (line) => / Listening on 127\.0\.0\.1:\d+$/.test(line),
      'with the port',
    );
    const port = Number(/:(\d+)$/.exec(listening)?.[1]);

    const { bot, leave } = await joinBot({
      host: '127.0.0.1',
      port,
      username: 'hearthbot',
      version: '1.21.4',
    });
    await output.waitFor(matching({ kind: 'join', name: 'hearthbot' }), 'saying hearthbot joined');

    const ping = await status('127.0.0.1', port, { timeout: 5000, enableSRV: false });
    expect(ping.players.online).toBe(1);
    expect(ping.players.max).toBe(5);
    expect(ping.players.sample?.map((p) => p.name)).toEqual(['hearthbot']);
    expect(ping.motd.clean).toBe('Hearth test');

    bot.chat('hi from the bot');
    await output.waitFor(
      matching({ kind: 'chat', name: 'hearthbot', message: 'hi from the bot' }),
      'with the chat',
    );

    child.stdin.write('list\n');
    await output.waitFor(
      (line) => line.endsWith(']: There are 1 of a max of 5 players online: hearthbot'),
      'from list',
    );

    const heard = new Promise<string>((resolve) => {
      bot.on('messagestr', (message) => {
        if (message.includes('hello')) resolve(message);
      });
    });
    child.stdin.write('say hello\n');
    await output.waitFor((line) => line.endsWith(']: [Server] hello'), 'from say');
    expect(await heard).toBe('[Server] hello');

    // The backup save hooks the definition declares: the saved line matches its own pattern.
    expect(loaded.backup).toMatchObject({ disable: ['save-off'], flush: 'save-all flush' });
    const saved = new RegExp(loaded.backup?.saved ?? '$^', 'u');
    child.stdin.write('save-off\nsave-all flush\n');
    await output.waitFor((line) => saved.test(line), 'matching the saved pattern');
    child.stdin.write('save-on\n');
    await output.waitFor((line) => line.endsWith(']: Automatic saving is now enabled'), 'save-on');

    const exited = exitOf(child);
    child.stdin.write('stop\n');
    expect(await exited).toBe(0);
    expect(output.lines.some(matching({ kind: 'leave', name: 'hearthbot' }))).toBe(true);
    await leave();
  });

  it('keeps vanilla list files and refuses banned, IP-banned and (whitelist on) unlisted players', async () => {
    expect(loaded.players).toMatchObject({
      commands: { ban: 'ban {name} {reason}', whitelist_on: 'whitelist on' },
      files: { banned_players: 'banned-players.json', ops: 'ops.json' },
      whitelist_switch: { file: 'hearth-squid.json', format: 'json', key: 'whitelist' },
      uuids: 'offline',
    });
    const { instanceDir, child, output } = await installAndStart('moderation', 0);
    const listening = await output.waitFor(
      (line) => / Listening on 127\.0\.0\.1:\d+$/.test(line),
      'with the port',
    );
    const port = Number(/:(\d+)$/.exec(listening)?.[1]);
    await output.waitFor((line) => / Done \(/.test(line), 'Done');
    /** Joins, or resolves with the reason the server gave for refusing. */
    const refusal = (username: string) =>
      joinBot({ host: '127.0.0.1', port, username, version: '1.21.4' }).then(
        async ({ leave }) => {
          await leave();
          return null;
        },
        (err: unknown) => String(err),
      );
    const json = async (file: string) =>
      JSON.parse(await readFile(join(instanceDir, file), 'utf8')) as unknown;

    child.stdin.write('ban Steve griefing\n');
    await output.waitFor((line) => line.endsWith(']: Banned Steve: griefing'), 'from ban');
    expect(await json('banned-players.json')).toEqual([
      expect.objectContaining({
        name: 'Steve',
        source: 'Server',
        expires: 'forever',
        reason: 'griefing',
      }),
    ]);
    expect(await refusal('Steve')).toContain('You are banned from this server. Reason: griefing');
    child.stdin.write('pardon Steve\n');
    await output.waitFor((line) => line.endsWith(']: Unbanned Steve'), 'from pardon');
    expect(await refusal('Steve')).toBeNull();

    child.stdin.write('ban-ip 127.0.0.1 too many bots\n');
    await output.waitFor(
      (line) => line.endsWith(']: Banned IP 127.0.0.1: too many bots'),
      'ban-ip',
    );
    expect(await refusal('Alex')).toContain('Your IP address is banned');
    child.stdin.write('pardon-ip 127.0.0.1\n');
    await output.waitFor((line) => line.endsWith(']: Unbanned IP 127.0.0.1'), 'pardon-ip');

    child.stdin.write('whitelist add Steve\nop Kai\nwhitelist on\n');
    await output.waitFor((line) => line.endsWith(']: Whitelist is now turned on'), 'whitelist on');
    expect(await json('hearth-squid.json')).toMatchObject({ whitelist: true, version: '1.21.4' });
    expect(await refusal('Alex')).toContain('You are not white-listed on this server!');
    // Listed players and operators get in.
    expect(await refusal('Steve')).toBeNull();
    expect(await refusal('Kai')).toBeNull();

    const exited = exitOf(child);
    child.stdin.write('stop\n');
    expect(await exited).toBe(0);
  });

  it('exits with a clear message and code 1 when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as AddressInfo).port;
      const { child, output } = await installAndStart('busy', port);
      expect(await exitOf(child)).toBe(1);
      await output.waitFor((line) => line.includes('FAILED TO BIND TO PORT'), 'about the port');
      expect(
        output.lines.some(
          (line) => matchOutputLine(compileOutputPatterns(loaded.output), line)?.kind === 'started',
        ),
      ).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
