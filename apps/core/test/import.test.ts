// Issue 27 part 2: importing an existing server through the real core's API — an uploaded zip or
// tar.gz, a Lodestone instance folder, a folder on the core's machine (owner, safe mode off), and
// a folder Hearth does not recognise (a start command). Detection is read through the file
// sandbox; refusals (links, too many entries, too many bytes, a failed setup) leave nothing behind.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InstanceInfoSchema,
  StagedImportSchema,
  apiPaths,
  emptyPermissions,
  type ImportCreateInput,
  type StagedImport,
} from '@hearth/protocol';
import { buildJar } from '../test-support/upstream-fixture/compile.ts';
import type { TestCore } from './helpers.ts';
import {
  folderOf,
  instanceFolders,
  succeeded,
  tarGzOf,
  uploadImport,
  zipOf,
} from './import-helpers.ts';
import {
  EventLog,
  freePort,
  isState,
  progressionEndFor,
  startAndWaitRunning,
  openInstanceSuite,
  type InstanceSuite,
} from './instance-helpers.ts';

let suite: InstanceSuite;
let t: TestCore;
let owner: string;
let log: EventLog;
/** A user who may create instances (and nothing else). */
let creator: { uid: string; token: string };

/** A runnable "vanilla" server jar: TinyServer with the version.json a real 1.18+ jar carries. */
const vanillaJar = () =>
  buildJar('TinyServer', {
    'version.json': Buffer.from(
      JSON.stringify({ id: '1.20.4', name: '1.20.4', java_version: 17, stable: true }),
    ),
  });

const MAX_ENTRIES = 200;
const MAX_BYTES = 8 * 1024 * 1024;

beforeAll(async () => {
  suite = await openInstanceSuite({
    files: { maxExtractBytes: MAX_BYTES, maxExtractEntries: MAX_ENTRIES },
  });
  ({ t, owner, log } = suite);
  creator = await t.createUser(owner, 'creator');
  const perms = emptyPermissions();
  perms.can_create_instance = true;
  expect(
    (await t.request('PUT', apiPaths.userUpdatePerm(creator.uid), { token: owner, body: perms }))
      .status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

async function setSafeMode(on: boolean) {
  const res = await t.request('PUT', apiPaths.globalSettingsSafeMode(), { token: owner, body: on });
  expect(res.status, res.text).toBe(200);
}

function staged(res: { status: number; text: string; json: unknown }): StagedImport {
  expect(res.status, res.text).toBe(200);
  return StagedImportSchema.parse(res.json);
}

type MinecraftImport = Extract<ImportCreateInput, { kind: 'minecraft' }>;

/** A Minecraft import's create body for `server` (as detected), on Java 17 with a small heap. */
function minecraftImport(
  name: string,
  port: number,
  server: Pick<MinecraftImport, 'flavour' | 'version' | 'loader_version' | 'server_jar'>,
): MinecraftImport {
  return { kind: 'minecraft', name, port, ...server, java_major: 17, min_ram: 32, max_ram: 256 };
}

/** Creates from a staged import and waits for its setup to end; returns the end event. */
async function create(token: string, id: string, body: ImportCreateInput) {
  const res = await t.request('POST', apiPaths.importCreate(id), { token, body });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  const end = await progressionEndFor(log, uuid, 90_000);
  return { uuid, end };
}

/**
 * Creates a Minecraft instance as the owner from staged import `id` (`minecraftImport`'s body) and
 * expects its setup to succeed; returns its uuid and folder.
 */
async function createMinecraft(
  id: string,
  name: string,
  port: number,
  server: Parameters<typeof minecraftImport>[2],
) {
  const { uuid, end } = await create(owner, id, minecraftImport(name, port, server));
  expect(succeeded(end)).toBe(true);
  return { uuid, dir: t.core.ctx.instances.folder(uuid) };
}

async function stop(uuid: string) {
  const stopped = log.next(isState(uuid, 'Stopped'), 'Stopped');
  expect((await t.request('PUT', apiPaths.instanceStop(uuid), { token: owner })).status).toBe(200);
  await stopped;
}

describe('an uploaded archive', () => {
  it('detects a vanilla server in a zip (its one top folder unwrapped), creates it with the world, starts it', async () => {
    const level = randomBytes(4096);
    const zip = await zipOf({
      'myserver/server.jar': await vanillaJar(),
      'myserver/server.properties': 'motd=Imported!\nserver-port=25599\nlevel-name=world\n',
      'myserver/eula.txt': 'eula=true\n',
      'myserver/world/level.dat': level,
      'myserver/world/region/': '',
    });
    const stage = staged(await uploadImport(t, owner, 'myserver.zip', zip));
    expect(stage.detection).toMatchObject({
      kind: 'minecraft',
      name: 'myserver',
      port: 25599,
      motd: 'Imported!',
      lodestone: false,
      jars: ['server.jar'],
    });
    expect(stage.detection.minecraft).toMatchObject({
      flavour: 'vanilla',
      version: '1.20.4',
      server_jar: 'server.jar',
      java_major: 17,
    });
    const port = await freePort();
    const { uuid, dir } = await createMinecraft(stage.id, 'Imported vanilla', port, {
      flavour: 'vanilla',
      version: '1.20.4',
      server_jar: 'server.jar',
    });
    const info = InstanceInfoSchema.parse(
      (await t.request('GET', apiPaths.instanceInfo(uuid), { token: owner })).json,
    );
    expect(info).toMatchObject({
      name: 'Imported vanilla',
      version: '1.20.4',
      port,
      game_type: { type: 'MinecraftJava', variant: { type: 'Vanilla' } },
    });
    expect(await fs.readFile(path.join(dir, 'world', 'level.dat'))).toEqual(level);
    expect(await fs.readFile(path.join(dir, 'server.properties'), 'utf8')).toMatch(
      new RegExp(`server-port=${port}`),
    );
    expect((await instanceFolders(t)).some((n) => n.startsWith('.hearth-tmp-'))).toBe(false);
    await startAndWaitRunning(t, owner, log, uuid);
    await stop(uuid);
  });

  it('starts a Paper server from the jar it came with (named in the record, not server.jar)', async () => {
    const src = await folderOf({
      'paper-1.20.4-496.jar': await vanillaJar(),
      'server.properties': 'server-port=25610\n',
      'plugins/.keep': '',
      'version_history.json': JSON.stringify({ currentVersion: 'git-Paper-496 (MC: 1.20.4)' }),
    });
    const stage = staged(await uploadImport(t, owner, 'paper.tar.gz', await tarGzOf(src)));
    expect(stage.detection.minecraft).toMatchObject({
      flavour: 'paper',
      version: '1.20.4',
      loader_version: '496',
      server_jar: 'paper-1.20.4-496.jar',
    });
    const { uuid, dir } = await createMinecraft(stage.id, 'Imported paper', await freePort(), {
      flavour: 'paper',
      version: '1.20.4',
      loader_version: '496',
      server_jar: 'paper-1.20.4-496.jar',
    });
    expect(await fs.readdir(dir)).not.toContain('server.jar');
    await startAndWaitRunning(t, owner, log, uuid);
    await stop(uuid);
  });

  it('refuses links, too many entries and too many bytes, leaving nothing under instances/', async () => {
    const before = await instanceFolders(t);
    const linked = await folderOf({
      'server.properties': 'server-port=1\n',
      secret: { link: '/etc/passwd' },
    });
    const link = await uploadImport(t, owner, 'linked.tar.gz', await tarGzOf(linked));
    expect(link.status).toBe(400);
    expect(link.text).toMatch(/symbolic link/);

    const many: Record<string, string> = {};
    for (let i = 0; i <= MAX_ENTRIES; i++) many[`f${i}.txt`] = 'x';
    const crowded = await uploadImport(t, owner, 'many.zip', await zipOf(many));
    expect(crowded.status).toBe(400);
    expect(crowded.text).toMatch(/too many entries/);

    const bomb = await uploadImport(
      t,
      owner,
      'bomb.zip',
      await zipOf({ 'zeros.bin': Buffer.alloc(MAX_BYTES + 1) }),
    );
    expect(bomb.status).toBe(400);
    expect(bomb.text).toMatch(/expands to more than/);

    const notArchive = await uploadImport(t, owner, 'server.jar', Buffer.from('PK'));
    expect(notArchive.status).toBe(400);
    expect(await instanceFolders(t)).toEqual(before);
  });

  it('a setup that fails (a Forge build whose files are not there) removes the folder it had moved into place', async () => {
    const before = await instanceFolders(t);
    const stage = staged(
      await uploadImport(
        t,
        owner,
        'vanilla.zip',
        await zipOf({ 'server.jar': await vanillaJar() }),
      ),
    );
    const { uuid, end } = await create(
      owner,
      stage.id,
      minecraftImport('Not Forge', await freePort(), {
        flavour: 'forge',
        version: '1.20.1',
        loader_version: '1.20.1-47.3.0',
        server_jar: 'server.jar',
      }),
    );
    expect(succeeded(end)).toBe(false);
    expect((await t.request('GET', apiPaths.instanceInfo(uuid), { token: owner })).status).toBe(
      404,
    );
    expect(await instanceFolders(t)).toEqual(before);
  });

  it("a staged import is its stager's: others get a 404; discarding removes it", async () => {
    const stage = staged(
      await uploadImport(t, owner, 'x.zip', await zipOf({ 'readme.txt': 'hello' })),
    );
    await setSafeMode(false);
    try {
      const other = await t.request('POST', apiPaths.importCreate(stage.id), {
        token: creator.token,
        body: { kind: 'command', name: 'Theirs', port: 1, command: 'sh start.sh' },
      });
      expect(other.status).toBe(404);
    } finally {
      await setSafeMode(true);
    }
    const gone = await t.request('DELETE', apiPaths.importDiscard(stage.id), { token: owner });
    expect(gone.status, gone.text).toBe(200);
    expect((await instanceFolders(t)).some((n) => n.startsWith('.hearth-tmp-'))).toBe(false);
  });
});

describe('a Lodestone instance folder', () => {
  it('reads its own config once (name, flavour, loader, memory) and never keeps its marker', async () => {
    const foreignUuid = 'INSTANCE_11111111-2222-3333-4444-555555555555';
    const zip = await zipOf({
      '.lodestone_config': JSON.stringify({
        game_type: 'MinecraftJava',
        uuid: foreignUuid,
        creation_time: 1700000000,
      }),
      '.lodestone_minecraft_config.json': JSON.stringify({
        name: 'Old Fabric',
        version: '1.20.4',
        flavour: { fabric: { loader_version: '0.15.11', installer_version: '1.0.1' } },
        description: 'from Lodestone',
        cmd_args: [],
        java_cmd: '/opt/evil/java',
        port: 25570,
        min_ram: 512,
        max_ram: 1024,
        auto_start: false,
        restart_on_crash: false,
        backup_period: null,
        jre_major_version: 17,
        has_started: true,
      }),
      'server.jar': await vanillaJar(),
    });
    const stage = staged(await uploadImport(t, owner, 'lodestone.zip', zip));
    expect(stage.detection).toMatchObject({
      kind: 'minecraft',
      lodestone: true,
      name: 'Old Fabric',
      description: 'from Lodestone',
      port: 25570,
    });
    expect(stage.detection.minecraft).toMatchObject({
      flavour: 'fabric',
      loader_version: '0.15.11',
      min_ram: 512,
      max_ram: 1024,
      java_major: 17,
    });
    const { uuid, dir } = await createMinecraft(stage.id, 'Old Fabric', await freePort(), {
      flavour: 'fabric',
      version: '1.20.4',
      loader_version: '0.15.11',
      server_jar: 'server.jar',
    });
    const marker = JSON.parse(await fs.readFile(path.join(dir, '.lodestone_config'), 'utf8')) as {
      uuid: string;
    };
    expect(marker.uuid).toBe(uuid);
    const mirror = JSON.parse(
      await fs.readFile(path.join(dir, '.lodestone_minecraft_config.json'), 'utf8'),
    ) as { java_cmd: string };
    expect(mirror.java_cmd).not.toBe('/opt/evil/java');
  });
});

describe("a folder on the core's machine", () => {
  it("is the owner's, with safe mode off; links and the data directory are refused; it is copied, never used in place", async () => {
    const level = randomBytes(1024);
    const src = await folderOf({
      'server.jar': await vanillaJar(),
      'world/level.dat': level,
    });
    const asCreator = await t.request('POST', apiPaths.importFolder(), {
      token: creator.token,
      body: { path: src },
    });
    expect(asCreator.status).toBe(403);
    const safe = await t.request('POST', apiPaths.importFolder(), {
      token: owner,
      body: { path: src },
    });
    expect(safe.status).toBe(403);
    expect(safe.text).toMatch(/safe mode/);
    await setSafeMode(false);
    try {
      const before = await instanceFolders(t);
      const inData = await t.request('POST', apiPaths.importFolder(), {
        token: owner,
        body: { path: path.join(t.dataDir, 'instances') },
      });
      expect(inData.status).toBe(403);
      const withLink = await folderOf({ 'server.jar': 'x', 'world/escape': { link: '/etc' } });
      const linked = await t.request('POST', apiPaths.importFolder(), {
        token: owner,
        body: { path: withLink },
      });
      expect(linked.status).toBe(400);
      expect(linked.text).toMatch(/symbolic link/);
      const fifo = await folderOf({ 'server.jar': 'x' });
      const { execFileSync } = await import('node:child_process');
      execFileSync('mkfifo', [path.join(fifo, 'pipe')]);
      const piped = await t.request('POST', apiPaths.importFolder(), {
        token: owner,
        body: { path: fifo },
      });
      expect(piped.status).toBe(400);
      expect(await instanceFolders(t)).toEqual(before);

      const stage = staged(
        await t.request('POST', apiPaths.importFolder(), { token: owner, body: { path: src } }),
      );
      expect(stage.detection.minecraft.flavour).toBe('vanilla');
      const { dir } = await createMinecraft(stage.id, 'From the host', await freePort(), {
        flavour: 'vanilla',
        version: '1.20.4',
        server_jar: 'server.jar',
      });
      expect(await fs.readFile(path.join(dir, 'world', 'level.dat'))).toEqual(level);
      // The named folder is untouched and separate.
      expect(await fs.readFile(path.join(src, 'world', 'level.dat'))).toEqual(level);
      await fs.writeFile(path.join(src, 'world', 'level.dat'), 'changed');
      expect(await fs.readFile(path.join(dir, 'world', 'level.dat'))).toEqual(level);
    } finally {
      await setSafeMode(true);
    }
  });
});

describe('a folder Hearth does not recognise', () => {
  it('offers its start script as the command; only the owner may run one while safe mode is on', async () => {
    const zip = await zipOf({
      'start.sh': 'echo "my server is up"\nexec sleep 600\n',
      'data/save.bin': randomBytes(64),
    });
    const refused = await uploadImport(t, creator.token, 'custom.zip', zip);
    expect(refused.status).toBe(403);
    const stage = staged(await uploadImport(t, owner, 'custom.zip', zip));
    expect(stage.detection).toMatchObject({ kind: 'command', command: 'sh start.sh' });
    const port = await freePort();
    const { uuid, end } = await create(owner, stage.id, {
      kind: 'command',
      name: 'Custom thing',
      port,
      command: 'sh start.sh',
    });
    expect(succeeded(end)).toBe(true);
    const info = InstanceInfoSchema.parse(
      (await t.request('GET', apiPaths.instanceInfo(uuid), { token: owner })).json,
    );
    expect(info.game_type).toEqual({
      type: 'Generic',
      game_name: 'custom-command',
      game_display_name: 'Custom command',
    });
    await startAndWaitRunning(t, owner, log, uuid);
    await stop(uuid);
  });

  it('a can_create_instance user may import once safe mode is off', async () => {
    await setSafeMode(false);
    try {
      const stage = staged(
        await uploadImport(
          t,
          creator.token,
          'theirs.zip',
          await zipOf({ 'run.sh': 'exec sleep 600\n' }),
        ),
      );
      expect(stage.detection.command).toBe('sh run.sh');
      const res = await t.request('DELETE', apiPaths.importDiscard(stage.id), {
        token: creator.token,
      });
      expect(res.status).toBe(200);
    } finally {
      await setSafeMode(true);
    }
  });
});
