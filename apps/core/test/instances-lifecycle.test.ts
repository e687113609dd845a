import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientEventSchema,
  ConfigurableManifestSchema,
  InstanceInfoSchema,
  PlayerSchema,
  type ClientEvent,
  type InstanceInfo,
} from '@hearth/protocol';
import { nextFrame, type TestCore } from './helpers.ts';
import {
  createVanilla,
  EventLog,
  isInstanceKind,
  isState,
  startAndWaitRunning,
  stopAndWaitStopped,
  useInstanceSuite,
} from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let vanilla: InstanceInfo;

const outputOf = (e: ClientEvent) =>
  e.event_inner.type === 'InstanceEvent' &&
  e.event_inner.instance_event_inner.type === 'InstanceOutput'
    ? e.event_inner.instance_event_inner.message
    : null;

useInstanceSuite(
  async (suite) => {
    ({ t, owner, log } = suite);
    vanilla = await createVanilla(t, owner, log, 'Survival');
  },
  { stopTimeoutMs: 3000 },
);

describe('a Vanilla instance on the fake server jar', () => {
  it('was created through a progression of total 10 and shows up in the list with its folder', async () => {
    const start = log.events.find(
      (e) =>
        e.event_inner.type === 'ProgressionEvent' &&
        e.event_inner.progression_event_inner.type === 'ProgressionStart' &&
        e.event_inner.progression_event_inner.inner?.instance_uuid === vanilla.uuid,
    );
    expect(start?.event_inner).toMatchObject({
      progression_event_inner: {
        total: 10,
        inner: { type: 'InstanceCreation', instance_uuid: vanilla.uuid },
      },
    });
    expect(vanilla).toMatchObject({
      name: 'Survival',
      game_type: { type: 'MinecraftJava', variant: { type: 'Vanilla' } },
      version: '1.20.4',
      state: 'Stopped',
      player_count: 0,
      max_player_count: 20,
      player_list: [],
    });
    expect(path.basename(vanilla.path)).toBe(
      `Survival-${vanilla.uuid.slice('INSTANCE_'.length, 'INSTANCE_'.length + 8)}`,
    );
    await expect(
      fs.readFile(path.join(vanilla.path, '.lodestone_config'), 'utf8'),
    ).resolves.toContain(vanilla.uuid);
    const list = z
      .array(InstanceInfoSchema)
      .parse((await t.request('GET', '/instance/list', { token: owner })).json);
    expect(list.map((i) => i.uuid)).toContain(vanilla.uuid);
    expect((await t.request('GET', `/check/port/${vanilla.port}`)).json).toMatchObject({
      is_allocated: true,
    });
    expect((await t.request('GET', '/check/name/survival')).json).toBe(true);
  });

  it('goes Starting → Running on the Done line, keeps the console in the buffer, and answers commands', async () => {
    const uuid = vanilla.uuid;
    const console = await t.socket(
      `/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${owner}`)}`,
    );
    const starting = log.next(isState(uuid, 'Starting'));
    await startAndWaitRunning(t, owner, log, uuid);
    expect((await starting).caused_by).toMatchObject({ type: 'User', user_name: 'owner' });
    expect((await t.request('GET', `/instance/${uuid}/state`, { token: owner })).json).toBe(
      'Running',
    );

    const buffer = z
      .array(ClientEventSchema)
      .parse((await t.request('GET', `/instance/${uuid}/console/buffer`, { token: owner })).json);
    const done = buffer.map(outputOf).find((m) => m?.includes('Done ('));
    expect(done).toMatch(/\[Server thread\/INFO\]: Done \(\d+\.\d+s\)! For help, type "help"\n$/);
    expect(
      buffer.some(
        (e) =>
          e.event_inner.type === 'InstanceEvent' &&
          e.event_inner.instance_event_inner.type === 'SystemMessage',
      ),
    ).toBe(true);

    const said = nextFrame<ClientEvent>(
      console,
      (f) => outputOf(ClientEventSchema.parse(f))?.includes('[Server] hello there') ?? false,
    );
    expect(
      (
        await t.request('POST', `/instance/${uuid}/console`, {
          token: owner,
          body: 'say hello there',
        })
      ).status,
    ).toBe(200);
    await said;

    const chat = nextFrame<ClientEvent>(console, (f) => {
      const inner = ClientEventSchema.parse(f).event_inner;
      return inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'PlayerMessage';
    });
    await t.request('POST', `/instance/${uuid}/console`, {
      token: owner,
      body: 'fake-chat Alex a = b',
    });
    expect((await chat).event_inner).toMatchObject({
      instance_event_inner: { player: 'Alex', player_message: 'a = b' },
    });

    const errLine = nextFrame<ClientEvent>(
      console,
      (f) => outputOf(ClientEventSchema.parse(f)) === 'to stderr\n',
    );
    await t.request('POST', `/instance/${uuid}/console`, {
      token: owner,
      body: 'fake-stderr to stderr',
    });
    await errLine;
    console.close();
  });

  it('tracks players from join and leave lines with their uuid (Mojang lookup, offline fallback)', async () => {
    const uuid = vanilla.uuid;
    const joined = log.next((e) => isInstanceKind(uuid, 'PlayerChange')(e));
    await t.request('POST', `/instance/${uuid}/console`, { token: owner, body: 'fake-join Notch' });
    const change = (await joined).event_inner;
    if (change.type !== 'InstanceEvent' || change.instance_event_inner.type !== 'PlayerChange')
      throw new Error('no change');
    expect(change.instance_event_inner.players_joined).toEqual([
      { type: 'MinecraftPlayer', name: 'Notch', uuid: '069a79f444e94726a5befca90e38aaf5' },
    ]);

    const second = log.next(isInstanceKind(uuid, 'PlayerChange'));
    await t.request('POST', `/instance/${uuid}/console`, { token: owner, body: 'fake-join Steve' });
    await second;
    const players = z
      .array(PlayerSchema)
      .parse((await t.request('GET', `/instance/${uuid}/players`, { token: owner })).json);
    expect(players.map((p) => p.name)).toEqual(['Notch', 'Steve']);
    const steve = players[1]!;
    expect(steve.type === 'MinecraftPlayer' && steve.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect((await t.request('GET', `/instance/${uuid}/players/count`, { token: owner })).json).toBe(
      2,
    );
    expect((await t.request('GET', `/instance/${uuid}/info`, { token: owner })).json).toMatchObject(
      { player_count: 2 },
    );

    const left = log.next(isInstanceKind(uuid, 'PlayerChange'));
    await t.request('POST', `/instance/${uuid}/console`, {
      token: owner,
      body: 'fake-leave Notch',
    });
    expect((await left).event_inner).toMatchObject({
      instance_event_inner: { players_left: [{ name: 'Notch' }], player_list: [{ name: 'Steve' }] },
    });
    expect((await t.request('GET', `/instance/${uuid}/players/count`, { token: owner })).json).toBe(
      1,
    );
  });

  it('refuses invalid transitions with clear errors', async () => {
    const uuid = vanilla.uuid;
    const again = await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      kind: 'BadRequest',
      causes: ['Cannot start an instance that is already running'],
    });
    const del = await t.request('DELETE', `/instance/${uuid}`, { token: owner });
    expect(del.json).toEqual({
      kind: 'BadRequest',
      causes: ['Instance must be stopped before deletion'],
    });
  });

  it('pushes monitor samples of the running process (ViewInstance, token required)', async () => {
    const uuid = vanilla.uuid;
    await expect(t.socket(`/monitor/${uuid}`)).rejects.toThrow(/401/);
    await expect(t.socket(`/monitor/INSTANCE_nope?token=Bearer%20${owner}`)).rejects.toThrow(/404/);
    const ws = await t.socket(`/monitor/${uuid}?token=${encodeURIComponent(`Bearer ${owner}`)}`);
    const report = await nextFrame<{
      memory_usage: number | null;
      cpu_usage: number | null;
      start_time: number | null;
    }>(ws, (f) => f.memory_usage !== null);
    expect(report.memory_usage).toBeGreaterThan(1024 * 1024);
    expect(report.cpu_usage).toBeGreaterThanOrEqual(0);
    expect(report.start_time).toBeGreaterThan(1_600_000_000);
    ws.close();
  });

  it('stops with the stop command: Stopping → Stopped, everyone leaves', async () => {
    const uuid = vanilla.uuid;
    const stopped = log.next(isState(uuid, 'Stopped'));
    const everyoneLeft = log.next(isInstanceKind(uuid, 'PlayerChange'));
    expect((await t.request('PUT', `/instance/${uuid}/stop`, { token: owner })).status).toBe(200);
    await stopped;
    expect((await everyoneLeft).event_inner).toMatchObject({
      instance_event_inner: { player_list: [], players_left: [{ name: 'Steve' }] },
    });
    expect(log.states(uuid).slice(-2)).toEqual(['Stopping', 'Stopped']);
    const again = await t.request('PUT', `/instance/${uuid}/stop`, { token: owner });
    expect(again.json).toEqual({
      kind: 'BadRequest',
      causes: ['Cannot stop an instance that is already stopped'],
    });
    const console = await t.request('POST', `/instance/${uuid}/console`, {
      token: owner,
      body: 'list',
    });
    expect(console.json).toEqual({ kind: 'BadRequest', causes: ['Instance is stopped'] });
  });

  it('restarts: Stopping → Stopped → Starting → Running, with both permissions checked', async () => {
    const uuid = vanilla.uuid;
    await startAndWaitRunning(t, owner, log, uuid);
    const before = log.states(uuid).length;
    const running = log.next(isState(uuid, 'Running'));
    expect((await t.request('PUT', `/instance/${uuid}/restart`, { token: owner })).status).toBe(
      200,
    );
    await running;
    expect(log.states(uuid).slice(before)).toEqual(['Stopping', 'Stopped', 'Starting', 'Running']);
    await stopAndWaitStopped(t, owner, log, uuid);
  });

  it('kills a running server and answers "ok"; killing a stopped one is a 400', async () => {
    const uuid = vanilla.uuid;
    await startAndWaitRunning(t, owner, log, uuid);
    const stopped = log.next(isState(uuid, 'Stopped'));
    const kill = await t.request('PUT', `/instance/${uuid}/kill`, { token: owner });
    expect(kill.status).toBe(200);
    expect(kill.json).toBe('ok');
    await stopped;
    expect((await t.request('GET', `/instance/${uuid}/state`, { token: owner })).json).toBe(
      'Stopped',
    );
    const again = await t.request('PUT', `/instance/${uuid}/kill`, { token: owner });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ kind: 'BadRequest', causes: ['Instance is already stopped'] });
  });

  it('kills a server that ignores stop after the grace period', async () => {
    const uuid = vanilla.uuid;
    const set = await t.request('PUT', `/instance/${uuid}/settings/cmd_args_section/cmd_args`, {
      token: owner,
      body: { type: 'String', value: '-Dfake.ignoreStop=true' },
    });
    expect(set.status, set.text).toBe(200);
    await startAndWaitRunning(t, owner, log, uuid);
    const stopped = await stopAndWaitStopped(t, owner, log, uuid);
    expect(stopped.details).toMatch(/did not stop within 3 s and was killed/);
    await t.request('PUT', `/instance/${uuid}/settings/cmd_args_section/cmd_args`, {
      token: owner,
      body: { type: 'String', value: '' },
    });
  });

  it('round-trips settings without losing server.properties comments or values containing "="', async () => {
    const uuid = vanilla.uuid;
    const file = path.join(vanilla.path, 'server.properties');
    await fs.writeFile(
      file,
      `# my notes\nmotd=a=b=c\n\n# more notes\nmax-players=20\nserver-port=${vanilla.port}\n`,
    );
    const manifest = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${uuid}/settings`, { token: owner })).json,
    );
    expect(manifest.setting_sections.server_properties_section?.settings.motd?.value).toEqual({
      type: 'String',
      value: 'a=b=c',
    });
    expect(manifest.setting_sections.cmd_args_section?.settings.max_ram?.value).toEqual({
      type: 'UnsignedInteger',
      value: 256,
    });

    const put = await t.request(
      'PUT',
      `/instance/${uuid}/settings/server_properties_section/max-players`,
      {
        token: owner,
        body: { type: 'UnsignedInteger', value: 40 },
      },
    );
    expect(put.status, put.text).toBe(200);
    expect(put.json).toBeNull();
    expect(await fs.readFile(file, 'utf8')).toBe(
      `# my notes\nmotd=a=b=c\n\n# more notes\nmax-players=40\nserver-port=${vanilla.port}\n`,
    );
    expect((await t.request('GET', `/instance/${uuid}/players/max`, { token: owner })).json).toBe(
      40,
    );

    const wrongType = await t.request(
      'PUT',
      `/instance/${uuid}/settings/server_properties_section/max-players`,
      {
        token: owner,
        body: { type: 'String', value: 'many' },
      },
    );
    expect(wrongType.json).toEqual({ kind: 'BadRequest', causes: ['Type mismatch'] });
    const missing = await t.request(
      'PUT',
      `/instance/${uuid}/settings/server_properties_section/no-such-key`,
      {
        token: owner,
        body: { type: 'String', value: 'x' },
      },
    );
    expect(missing.status).toBe(404);
    expect(await fs.readFile(file, 'utf8')).toContain('# my notes\nmotd=a=b=c\n');
  });

  it('sets the player limit and changes the version of a stopped server', async () => {
    const uuid = vanilla.uuid;
    expect(
      (await t.request('PUT', `/instance/${uuid}/players/max`, { token: owner, body: 12 })).status,
    ).toBe(200);
    expect((await t.request('GET', `/instance/${uuid}/players/max`, { token: owner })).json).toBe(
      12,
    );
    expect(await fs.readFile(path.join(vanilla.path, 'server.properties'), 'utf8')).toContain(
      '# my notes\n',
    );
    const changed = await t.request('PUT', `/instance/${uuid}/version/1.20.1`, { token: owner });
    expect(changed.status, changed.text).toBe(200);
    expect((await t.request('GET', `/instance/${uuid}/info`, { token: owner })).json).toMatchObject(
      { version: '1.20.1' },
    );
    const unknown = await t.request('PUT', `/instance/${uuid}/version/9.9.9`, { token: owner });
    expect(unknown.status).toBe(400);
  });

  it('edits name, description, auto_start and restart_on_crash after creation', async () => {
    const uuid = vanilla.uuid;
    expect(
      (await t.request('PUT', `/instance/${uuid}/name`, { token: owner, body: 'Creative' })).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/instance/${uuid}/description`, { token: owner, body: 'new words' }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/instance/${uuid}/auto_start`, { token: owner, body: true })).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/instance/${uuid}/restart_on_crash`, { token: owner, body: true }))
        .status,
    ).toBe(200);
    const bad = await t.request('PUT', `/instance/${uuid}/auto_start`, {
      token: owner,
      body: 'yes',
    });
    expect(bad.status).toBe(400);
    const tooLong = await t.request('PUT', `/instance/${uuid}/name`, {
      token: owner,
      body: 'x'.repeat(101),
    });
    expect(tooLong.status).toBe(400);
    const info = InstanceInfoSchema.parse(
      (await t.request('GET', `/instance/${uuid}/info`, { token: owner })).json,
    );
    expect(info).toMatchObject({
      name: 'Creative',
      description: 'new words',
      auto_start: true,
      restart_on_crash: true,
    });
    const manifest = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${uuid}/settings`, { token: owner })).json,
    );
    expect(manifest).toMatchObject({ auto_start: true, restart_on_crash: true });
    const onDisk = JSON.parse(
      await fs.readFile(path.join(vanilla.path, '.lodestone_minecraft_config.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ name: 'Creative', auto_start: true, restart_on_crash: true });
  });
});
