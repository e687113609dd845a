// Issue 27, part 1: kick, ban / pardon (by name and by IP), op / deop and the whitelist through the
// HTTP API of the real core. Stopped: the server's own files are written, in vanilla Minecraft's
// format, through the file sandbox. Running: the command reaches the server's console and the
// server (flying-squid's launcher) keeps its files. Every action is an event log entry and a
// webhook; the routes need can_manage_instance_players; a game that declares nothing answers 400.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientEventSchema,
  PlayerActionResultSchema,
  PlayerListsSchema,
  describeLogEntry,
  emptyPermissions,
  type ClientEvent,
  type PlayerActionInput,
  type PlayerLists,
} from '@hearth/protocol';
import { offlineUuid } from '../src/runtime/minecraft/mojang-profile.ts';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import { createSquid, type Squid } from './backups-app-helpers.ts';
import { nextFrame, type TestCore, type TestResponse } from './helpers.ts';
import { createCheapInstance, searchLog } from './event-log-helpers.ts';
import {
  createVanilla,
  EventLog,
  isState,
  startAndWaitRunning,
  useInstanceSuite,
  useScratch,
} from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;

useScratch('players', (dir) => (scratch = dir));

useInstanceSuite(
  (suite) => ({ t, owner, log } = suite),
  {
    stopTimeoutMs: 10_000,
    webhooks: { retryBaseMs: 20, retryMaxMs: 100, maxAttempts: 2, queueSize: 10, timeoutMs: 5000 },
  },
  120_000,
);

const dashed = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

function act(uuid: string, body: PlayerActionInput, token = owner): Promise<TestResponse> {
  return t.request('POST', `/instance/${uuid}/players/action`, { token, body });
}

async function acted(uuid: string, body: PlayerActionInput) {
  const res = await act(uuid, body);
  expect(res.status, res.text).toBe(200);
  return PlayerActionResultSchema.parse(res.json);
}

async function lists(uuid: string): Promise<PlayerLists> {
  const res = await t.request('GET', `/instance/${uuid}/players/lists`, { token: owner });
  expect(res.status, res.text).toBe(200);
  return PlayerListsSchema.parse(res.json);
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

const outputOf = (e: ClientEvent) =>
  e.event_inner.type === 'InstanceEvent' &&
  e.event_inner.instance_event_inner.type === 'InstanceOutput'
    ? e.event_inner.instance_event_inner.message
    : null;

/** Resolves with the console line of `uuid` that `test` accepts (a console socket opened now). */
async function consoleLine(
  uuid: string,
  test: (line: string) => boolean,
): Promise<() => Promise<string>> {
  const socket = await t.socket(
    `/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${owner}`)}`,
  );
  const line = nextFrame<unknown>(
    socket,
    (f) => {
      const message = outputOf(ClientEventSchema.parse(f));
      return message !== null && test(message);
    },
    30_000,
  );
  return async () => {
    try {
      return outputOf(ClientEventSchema.parse(await line)) ?? '';
    } finally {
      socket.close();
    }
  };
}

const VANILLA_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0000$/;

describe('a stopped flying-squid server: its files, in the vanilla format', () => {
  let squid: Squid;

  beforeAll(async () => {
    squid = await createSquid(t, owner, log, 'Squid files');
  });

  it('offers every action (kick only while running) and shows empty lists before any file exists', async () => {
    const got = await lists(squid.uuid);
    expect(got.support.kick).toEqual(['command']);
    expect(got.support.ban).toEqual(['command', 'file']);
    expect(got.support.whitelist_on).toEqual(['command', 'file']);
    expect(got).toMatchObject({
      whitelist_enabled: false,
      banned_players: [],
      banned_ips: [],
      ops: [],
      whitelist: [],
      problems: [],
    });
  });

  it('writes bans, operators and the whitelist as a vanilla server would, and reads them back', async () => {
    expect(await acted(squid.uuid, { action: 'ban', name: 'Steve', reason: 'griefing' })).toEqual({
      via: 'file',
      confirmed: true,
    });
    expect(await readJson(path.join(squid.dir, 'banned-players.json'))).toEqual([
      {
        uuid: dashed(offlineUuid('Steve')),
        name: 'Steve',
        created: expect.stringMatching(VANILLA_DATE),
        source: 'owner',
        expires: 'forever',
        reason: 'griefing',
      },
    ]);
    await acted(squid.uuid, { action: 'ban_ip', ip: '203.0.113.7' });
    expect(await readJson(path.join(squid.dir, 'banned-ips.json'))).toEqual([
      {
        ip: '203.0.113.7',
        created: expect.stringMatching(VANILLA_DATE),
        source: 'owner',
        expires: 'forever',
        reason: 'Banned by an operator.',
      },
    ]);
    await acted(squid.uuid, { action: 'op', name: 'Alex' });
    expect(await readJson(path.join(squid.dir, 'ops.json'))).toEqual([
      { uuid: dashed(offlineUuid('Alex')), name: 'Alex', level: 4, bypassesPlayerLimit: false },
    ]);
    await acted(squid.uuid, { action: 'whitelist_add', name: 'Alex' });
    expect(await readJson(path.join(squid.dir, 'whitelist.json'))).toEqual([
      { uuid: dashed(offlineUuid('Alex')), name: 'Alex' },
    ]);
    await acted(squid.uuid, { action: 'whitelist_on' });
    // The switch lives in the launcher's settings file; its other settings are kept.
    expect(await readJson(path.join(squid.dir, 'hearth-squid.json'))).toMatchObject({
      host: '127.0.0.1',
      version: expect.any(String),
      whitelist: true,
    });

    const got = await lists(squid.uuid);
    expect(got.whitelist_enabled).toBe(true);
    expect(got.banned_players).toEqual([
      expect.objectContaining({ name: 'Steve', reason: 'griefing', source: 'owner' }),
    ]);
    expect(got.banned_ips?.map((b) => b.ip)).toEqual(['203.0.113.7']);
    expect(got.ops).toEqual([
      { uuid: dashed(offlineUuid('Alex')), name: 'Alex', level: 4, bypasses_player_limit: false },
    ]);
    expect(got.whitelist?.map((w) => w.name)).toEqual(['Alex']);
  });

  it('says when there is nothing to do, and pardons by name in any case', async () => {
    const again = await act(squid.uuid, { action: 'ban', name: 'steve' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ kind: 'BadRequest', causes: ['steve is already banned'] });
    expect((await act(squid.uuid, { action: 'deop', name: 'Nobody' })).json).toEqual({
      kind: 'BadRequest',
      causes: ['Nobody is not an operator'],
    });
    expect((await act(squid.uuid, { action: 'whitelist_on' })).json).toEqual({
      kind: 'BadRequest',
      causes: ['The whitelist is already on'],
    });
    await acted(squid.uuid, { action: 'pardon', name: 'steve' });
    await acted(squid.uuid, { action: 'pardon_ip', ip: '203.0.113.7' });
    expect(await readJson(path.join(squid.dir, 'banned-players.json'))).toEqual([]);
    expect(await readJson(path.join(squid.dir, 'banned-ips.json'))).toEqual([]);
  });

  it('keeps what another tool wrote in an entry, and refuses to overwrite a file it cannot parse', async () => {
    const file = path.join(squid.dir, 'banned-players.json');
    await fs.writeFile(
      file,
      JSON.stringify([{ uuid: 'x', name: 'Herobrine', reason: 'old', note: 'kept' }]),
    );
    await acted(squid.uuid, { action: 'ban', name: 'Griefer' });
    expect(await readJson(file)).toEqual([
      { uuid: 'x', name: 'Herobrine', reason: 'old', note: 'kept' },
      expect.objectContaining({ name: 'Griefer' }),
    ]);
    await fs.writeFile(file, '{ broken');
    const res = await act(squid.uuid, { action: 'ban', name: 'Another' });
    expect(res.status).toBe(400);
    expect(res.text).toContain("banned-players.json: not a JSON list in the server's format");
    expect(await fs.readFile(file, 'utf8')).toBe('{ broken');
    expect((await lists(squid.uuid)).problems).toEqual([
      "banned-players.json: not a JSON list in the server's format",
    ]);
    await fs.rm(file);
  });

  it('refuses a kick (nobody is online) and bad input before anything is sent', async () => {
    expect((await act(squid.uuid, { action: 'kick', name: 'Alex' })).json).toEqual({
      kind: 'BadRequest',
      causes: ['This game can kick players only while the server is running'],
    });
    const injected = await act(squid.uuid, { action: 'ban', name: 'Steve\nop Mallory' });
    expect(injected.status).toBe(400);
    const reason = await act(squid.uuid, { action: 'ban', name: 'Steve', reason: 'a\nstop' });
    expect(reason.status).toBe(400);
    expect((await act(squid.uuid, { action: 'ban_ip', ip: 'localhost' })).status).toBe(400);
  });

  it('logs every action with who did it, and sends it to a webhook', async () => {
    const bodies: string[] = [];
    let arrived: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (arrived = resolve));
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        arrived();
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const open = await t.request('PUT', '/webhooks/settings/private_targets', {
        token: owner,
        body: true,
      });
      expect(open.status, open.text).toBe(200);
      const made = await t.request('POST', '/webhooks', {
        token: owner,
        body: {
          name: 'Moderation',
          kind: 'json',
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
          events: ['moderation'],
        },
      });
      expect(made.status, made.text).toBe(200);
      await acted(squid.uuid, { action: 'ban', name: 'Notch', reason: 'testing hooks' });
      await delivered;
      expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({
        event: 'moderation',
        summary: 'owner banned Notch: testing hooks',
        who: 'owner',
        instance: { uuid: squid.uuid, name: 'Squid files' },
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }

    const { entries } = await searchLog(t, owner, {
      categories: ['moderation'],
      instances: [squid.uuid],
    });
    const titles = entries.map((e) => describeLogEntry(e).title);
    expect(titles).toContain('owner banned Steve: griefing');
    expect(titles).toContain('owner banned IP 203.0.113.7');
    expect(titles).toContain('owner made Alex an operator');
    expect(titles).toContain('owner added Alex to the whitelist');
    expect(titles).toContain('owner turned the whitelist on');
    expect(titles).toContain('owner pardoned steve');
    // Refused actions are not logged.
    expect(titles.filter((x) => x.startsWith('owner banned Steve'))).toHaveLength(1);
    expect(entries.every((e) => e.caused_by.type === 'User')).toBe(true);
  });
});

describe('a running flying-squid server: console commands, the server keeps its files', () => {
  let squid: Squid;

  beforeAll(async () => {
    squid = await createSquid(t, owner, log, 'Squid live');
    await startAndWaitRunning(t, owner, log, squid.uuid);
  }, 120_000);

  afterAll(async () => {
    const stopped = log.next(isState(squid.uuid, 'Stopped'));
    await t.request('PUT', `/instance/${squid.uuid}/stop`, { token: owner });
    await stopped;
  });

  it('sends the ban to the console; the answer waits for the server to write it', async () => {
    const said = await consoleLine(squid.uuid, (l) => l.includes('Banned Steve: griefing'));
    expect(await acted(squid.uuid, { action: 'ban', name: 'Steve', reason: 'griefing' })).toEqual({
      via: 'command',
      confirmed: true,
    });
    expect(await said()).toMatch(/\[Server thread\/INFO\]: Banned Steve: griefing/);
    // The launcher wrote the file itself, in the vanilla format.
    expect(await readJson(path.join(squid.dir, 'banned-players.json'))).toEqual([
      expect.objectContaining({
        name: 'Steve',
        reason: 'griefing',
        uuid: dashed(offlineUuid('Steve')),
      }),
    ]);
    expect((await lists(squid.uuid)).banned_players?.map((b) => b.name)).toEqual(['Steve']);
    const { entries } = await searchLog(t, owner, {
      categories: ['moderation'],
      instances: [squid.uuid],
    });
    expect(entries[0]).toMatchObject({
      source: 'activity',
      activity: { action: 'ban', via: 'command', target: 'Steve' },
    });
  });

  it('kicks a real player with the reason, and knows it worked when the player is gone', async () => {
    const { bot, leave } = await joinBot({ host: '127.0.0.1', port: squid.port, username: 'Alex' });
    try {
      const kicked = new Promise<string>((resolve) =>
        bot.once('kicked', (reason) => resolve(JSON.stringify(reason))),
      );
      await expect
        .poll(
          async () =>
            (await t.request('GET', `/instance/${squid.uuid}/players`, { token: owner })).json,
        )
        .toEqual([expect.objectContaining({ name: 'Alex' })]);
      expect(
        await acted(squid.uuid, { action: 'kick', name: 'Alex', reason: 'take a break' }),
      ).toEqual({ via: 'command', confirmed: true });
      expect(await kicked).toContain('take a break');
    } finally {
      await leave();
    }
    expect((await act(squid.uuid, { action: 'kick', name: 'Alex' })).json).toEqual({
      kind: 'BadRequest',
      causes: ['Alex is not online'],
    });
  });
});

describe('a Minecraft (vanilla) server', () => {
  let uuid: string;
  let dir: string;

  beforeAll(async () => {
    const info = await createVanilla(t, owner, log, 'Vanilla players');
    uuid = info.uuid;
    dir = info.path;
  }, 120_000);

  it('stopped, online mode: Mojang uuids, and the whitelist switch in server.properties', async () => {
    await acted(uuid, { action: 'op', name: 'Notch' });
    expect(await readJson(path.join(dir, 'ops.json'))).toEqual([
      {
        uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        name: 'Notch',
        level: 4,
        bypassesPlayerLimit: false,
      },
    ]);
    // Vanilla refuses a name no account has; so does the panel (an offline uuid would ban no one).
    expect((await act(uuid, { action: 'ban', name: 'NoSuchPlayer' })).json).toEqual({
      kind: 'BadRequest',
      causes: ['No Minecraft account named NoSuchPlayer was found (this server is in online mode)'],
    });
    const before = await fs.readFile(path.join(dir, 'server.properties'), 'utf8');
    await acted(uuid, { action: 'whitelist_on' });
    const after = await fs.readFile(path.join(dir, 'server.properties'), 'utf8');
    expect(after).toMatch(/^white-list=true$/m);
    // Every other line is kept.
    const others = (text: string) => text.split('\n').filter((l) => !l.startsWith('white-list='));
    expect(others(after)).toEqual(others(before));
    expect((await lists(uuid)).whitelist_enabled).toBe(true);
  });

  it('running: the command reaches the console (the server writes no file here: unconfirmed)', async () => {
    await startAndWaitRunning(t, owner, log, uuid);
    try {
      const said = await consoleLine(uuid, (l) => l.includes('Made Alex a server operator'));
      expect(await acted(uuid, { action: 'op', name: 'Alex' })).toEqual({
        via: 'command',
        confirmed: false,
      });
      await said();
      const whitelisted = await consoleLine(uuid, (l) => l.includes('Added Kai to the whitelist'));
      await acted(uuid, { action: 'whitelist_add', name: 'Kai' });
      await whitelisted();
    } finally {
      const stopped = log.next(isState(uuid, 'Stopped'));
      await t.request('PUT', `/instance/${uuid}/stop`, { token: owner });
      await stopped;
    }
  });
});

describe('who may manage players', () => {
  it('needs can_manage_instance_players on that instance (viewing it is not enough)', async () => {
    const squid = await createSquid(t, owner, log, 'Squid perms');
    const other = await createSquid(t, owner, log, 'Squid other');
    const user = await t.createUser(owner, 'moderator');
    const grant = async (extra: Partial<ReturnType<typeof emptyPermissions>>) => {
      const res = await t.request('PUT', `/user/${user.uid}/update_perm`, {
        token: owner,
        body: { ...emptyPermissions(), can_view_instance: [squid.uuid], ...extra },
      });
      expect(res.status, res.text).toBe(200);
    };
    const tryBoth = async () => [
      (await t.request('GET', `/instance/${squid.uuid}/players/lists`, { token: user.token }))
        .status,
      (await act(squid.uuid, { action: 'ban', name: 'Steve' }, user.token)).status,
    ];

    await grant({});
    expect(await tryBoth()).toEqual([403, 403]);
    const denied = await act(squid.uuid, { action: 'ban', name: 'Steve' }, user.token);
    expect(denied.json).toEqual({
      kind: 'PermissionDenied',
      causes: ["You don't have permission to manage this instance's players"],
    });
    await grant({ can_manage_instance_players: [other.uuid] });
    expect(await tryBoth()).toEqual([403, 403]);
    await grant({ can_manage_instance_players: [squid.uuid] });
    expect(await tryBoth()).toEqual([200, 200]);
    const { entries } = await searchLog(t, owner, {
      categories: ['moderation'],
      instances: [squid.uuid],
    });
    expect(describeLogEntry(entries[0]!).title).toBe('moderator banned Steve');
    // The entry is for those who may manage the players: viewing the instance is not enough.
    await grant({});
    const seen = await searchLog(t, user.token, { instances: [squid.uuid] });
    expect(seen.entries.some((e) => e.category === 'moderation')).toBe(false);
  });
});

describe('a game that declares no player actions', () => {
  it('lists nothing and answers a clear 400 to every action', async () => {
    const uuid = await createCheapInstance(t, owner, log, scratch, 'No players');
    const got = await lists(uuid);
    expect(Object.values(got.support).every((ways) => ways.length === 0)).toBe(true);
    expect(got).toMatchObject({
      banned_players: null,
      ops: null,
      whitelist: null,
      whitelist_enabled: null,
    });
    expect((await act(uuid, { action: 'ban', name: 'Steve' })).json).toEqual({
      kind: 'BadRequest',
      causes: ['This game cannot ban players from the panel'],
    });
    expect((await act(uuid, { action: 'whitelist_on' })).status).toBe(400);
  });
});

describe('list files are read and written through the file sandbox', () => {
  let squid: Squid;
  let secretFile: string;
  const secret = 'SECRET-LINE-NOT-FOR-THE-PANEL';

  beforeAll(async () => {
    squid = await createSquid(t, owner, log, 'Squid hostile');
    secretFile = path.join(scratch, 'outside.json');
    await fs.writeFile(secretFile, JSON.stringify([{ name: secret, uuid: secret }]));
  });

  it('never follows a link out of the folder, for reading or writing', async () => {
    const link = path.join(squid.dir, 'banned-players.json');
    await fs.symlink(secretFile, link);
    const got = await t.request('GET', `/instance/${squid.uuid}/players/lists`, { token: owner });
    expect(got.status).toBe(200);
    expect(got.text).not.toContain(secret);
    expect(PlayerListsSchema.parse(got.json).problems).toEqual([
      expect.stringMatching(/^banned-players\.json: /),
    ]);
    const res = await act(squid.uuid, { action: 'ban', name: 'Steve' });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain(secret);
    expect(JSON.parse(await fs.readFile(secretFile, 'utf8'))).toEqual([
      { name: secret, uuid: secret },
    ]);
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    await fs.rm(link);
  });

  it('never blocks on a FIFO planted as a list, and refuses an oversized one', async () => {
    const fifo = path.join(squid.dir, 'ops.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const got = await lists(squid.uuid);
    expect(got.ops).toBeNull();
    expect(got.problems).toEqual(['ops.json: Not a regular file']);
    expect((await act(squid.uuid, { action: 'op', name: 'Alex' })).status).toBe(400);
    await fs.rm(fifo);

    await fs.writeFile(path.join(squid.dir, 'whitelist.json'), Buffer.alloc(9 * 1024 * 1024, 32));
    expect((await lists(squid.uuid)).problems).toEqual([
      expect.stringMatching(/^whitelist\.json: File is larger than \d+ bytes$/),
    ]);
  });
});
