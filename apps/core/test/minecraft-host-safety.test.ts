// Issue 22, items 1, 4 and 5: the core (root here and in CI, sandbox on where bubblewrap works) never
// runs, follows or blocks on something a per-instance user or the game put in a Minecraft instance
// folder. Each case is the attack as it was reproduced, through the HTTP API of a real core.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurableManifestSchema,
  apiPaths,
  emptyPermissions,
  type ClientError,
  type InstanceInfo,
} from '@hearth/protocol';
import type { TestCore } from './helpers.ts';
import {
  bwrapPresent,
  createInstance,
  createVanilla,
  EventLog,
  freePort,
  minecraftSetup,
  openInstanceSuite,
  startAndWaitRunning,
  stopAndWaitStopped,
  type InstanceSuite,
} from './instance-helpers.ts';
import { SANDBOX_UID_BASE } from '../src/runtime/sandbox/index.ts';

const run = promisify(execFile);

let suite: InstanceSuite;
let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;
let info: InstanceInfo;
/** A user with `userPermissions()`. */
let user: { uid: string; token: string };
let sleeper: ChildProcess | null = null;

/** What `user` may do: view, file read/write, macro and setting permission on `info` only. */
const userPermissions = () => ({
  ...emptyPermissions(),
  can_view_instance: [info.uuid],
  can_read_instance_file: [info.uuid],
  can_write_instance_file: [info.uuid],
  can_access_instance_macro: [info.uuid],
  can_access_instance_setting: [info.uuid],
});

beforeAll(async () => {
  suite = await openInstanceSuite({ isolation: bwrapPresent ? 'required' : 'none' });
  ({ t, owner, log } = suite);
  scratch = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-mc-safety-')));
  info = await createVanilla(t, owner, log, 'Target');
  user = await t.createUser(owner, 'settings-user');
  const res = await t.request('PUT', `/user/${user.uid}/update_perm`, {
    token: owner,
    body: userPermissions(),
  });
  expect(res.status, res.text).toBe(200);
});

/**
 * Opens a FIFO for writing from another process (never blocking: ENXIO when nobody reads), so reads a
 * core blocked on it return; done outside this process because its own fs calls would queue behind them.
 */
async function releaseFifo(file: string): Promise<void> {
  const script = `try { const fs = require('node:fs'); fs.closeSync(fs.openSync(process.argv[1], fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch {}`;
  await run(process.execPath, ['-e', script, file]).catch(() => undefined);
}

afterAll(async () => {
  sleeper?.kill('SIGKILL');
  if (info) await releaseFifo(path.join(info.path, 'server.properties'));
  await suite?.close();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

const setJava = (token: string, value: string) =>
  t.request('PUT', `/instance/${info.uuid}/settings/cmd_args_section/java_cmd`, {
    token,
    body: { type: 'String', value },
  });

const causes = (res: { json: unknown }) => (res.json as ClientError).causes.join(' | ');

describe('java_cmd is host configuration', () => {
  it('a planted java reached through /proc/<pid>/cwd is never run by the core', async () => {
    // What a macro or the game writes (the file API protects names without an extension): a
    // "java" that leaves a marker outside the instance and then passes for Java 17.
    const marker = path.join(scratch, 'root-code-ran');
    await fs.writeFile(
      path.join(info.path, 'java'),
      `#!/bin/sh\necho "$(id -u)" > ${marker}\necho 'openjdk version "17.0.9" 2024-01-16' >&2\n`,
      { mode: 0o755 },
    );
    // Any process whose working directory is the instance folder (e.g. the game's sandbox).
    sleeper = spawn('sleep', ['600'], { cwd: info.path, stdio: 'ignore' });
    const magic = `/proc/${sleeper.pid}/cwd/java`;

    const byUser = await setJava(user.token, magic);
    const byOwner = await setJava(owner, magic);
    // The version change probes the configured Java (`<java_cmd> -version`).
    const version = await t.request('PUT', `/instance/${info.uuid}/version/1.20.1`, {
      token: owner,
    });

    await expect(fs.access(marker)).rejects.toThrow();
    expect(byUser.status, byUser.text).toBe(403);
    expect((byUser.json as ClientError).kind).toBe('PermissionDenied');
    expect(causes(byUser)).toMatch(/only the owner/i);
    expect(byOwner.status, byOwner.text).toBe(400);
    expect(causes(byOwner)).toMatch(/\/proc/);
    expect(version.status, version.text).toBe(200);
    await expect(fs.access(marker)).rejects.toThrow();
    const settings = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${info.uuid}/settings`, { token: owner })).json,
    );
    expect(settings.setting_sections.cmd_args_section?.settings.java_cmd?.value).not.toEqual({
      type: 'String',
      value: magic,
    });
  });

  it('only the owner may set java_cmd, even to a real Java outside every instance', async () => {
    const denied = await setJava(user.token, '/usr/bin/java');
    expect(denied.status, denied.text).toBe(403);
    expect(causes(denied)).toMatch(/only the owner/i);
    const manifest = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${info.uuid}/settings`, { token: user.token })).json,
    );
    expect(manifest.setting_sections.cmd_args_section?.settings.java_cmd?.is_mutable).toBe(false);
    const allowed = await setJava(owner, '/usr/bin/java');
    expect(allowed.status, allowed.text).toBe(200);
  });

  it('the create wizard refuses a java_cmd from anyone but the owner', async () => {
    await t.request('PUT', `/user/${user.uid}/update_perm`, {
      token: owner,
      body: { ...userPermissions(), can_create_instance: true },
    });
    const before = await fs.readdir(path.join(t.dataDir, 'instances'));
    const res = await t.request('POST', '/instance/create/MinecraftJavaVanilla', {
      token: user.token,
      body: minecraftSetup('Mine', '1.20.4', await freePort(), {
        java_cmd: { value: { type: 'String', value: '/usr/bin/java' } },
      }),
    });
    expect(res.status, res.text).toBe(403);
    expect(causes(res)).toMatch(/only the owner/i);
    expect(await fs.readdir(path.join(t.dataDir, 'instances'))).toEqual(before);
  });
});

describe.runIf(bwrapPresent)('Java the core would run itself runs in the instance sandbox', () => {
  it('a Forge install runs its installer as the sandbox user, then the server runs to Done', async () => {
    const forge = await createInstance(
      t,
      owner,
      log,
      'MinecraftForge',
      minecraftSetup('Forge', '1.20.1', await freePort()),
    );
    const args = await fs.stat(
      path.join(forge.path, 'libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt'),
    );
    // The installer ran as the instance's own uid: the one its folder belongs to.
    const folder = await fs.stat(forge.path);
    expect(args.uid).toBe(folder.uid);
    if (process.getuid?.() === 0) expect(folder.uid).toBeGreaterThan(SANDBOX_UID_BASE);
    else expect(folder.uid).toBe(process.getuid?.());
    await startAndWaitRunning(t, owner, log, forge.uuid);
    await stopAndWaitStopped(t, owner, log, forge.uuid);
  });
});

describe('server.properties is the instance folder’s own regular file', () => {
  const properties = () => path.join(info.path, 'server.properties');
  let original: Buffer;
  beforeAll(async () => {
    original = await fs.readFile(properties());
  });
  const restore = async () => {
    await fs.rm(properties(), { force: true });
    await fs.writeFile(properties(), original);
  };

  it('a link to a file outside the instance never shows its lines as settings', async () => {
    const shadow = path.join(scratch, 'shadow');
    await fs.writeFile(shadow, 'root:$6$hearthsecrethash:19000:0:99999:7:::\n');
    const playitKey = path.join(t.dataDir, 'playit-secret-test.key');
    await fs.writeFile(playitKey, 'playit-agent-secret=deadbeefcafe\n');
    try {
      for (const target of [shadow, playitKey]) {
        await fs.rm(properties(), { force: true });
        await fs.symlink(target, properties());
        const res = await t.request('GET', `/instance/${info.uuid}/settings`, {
          token: user.token,
        });
        expect(res.text).not.toContain('hearthsecrethash');
        expect(res.text).not.toContain('deadbeefcafe');
        expect(res.status, res.text).toBe(400);
        expect(causes(res)).toMatch(/server\.properties/);
        // A change must not write through the link either.
        const set = await t.request(
          'PUT',
          `/instance/${info.uuid}/settings/server_properties_section/motd`,
          { token: user.token, body: { type: 'String', value: 'hi' } },
        );
        expect(set.status, set.text).toBe(400);
      }
      expect(await fs.readFile(shadow, 'utf8')).toBe(
        'root:$6$hearthsecrethash:19000:0:99999:7:::\n',
      );
      expect(await fs.readFile(playitKey, 'utf8')).toBe('playit-agent-secret=deadbeefcafe\n');
    } finally {
      await restore();
    }
  });

  it('a FIFO answers a clear error and the core keeps answering login and ls', async () => {
    await fs.rm(properties(), { force: true });
    await run('mkfifo', [properties()]);
    try {
      const settings = Array.from({ length: 6 }, () =>
        t.request('GET', `/instance/${info.uuid}/settings`, { token: user.token }),
      );
      const ls = await t.request('GET', apiPaths.fsLs(info.uuid, '.'), { token: user.token });
      expect(ls.status, ls.text).toBe(200);
      const login = await t.login('owner', 'owner-password');
      expect(login.status, login.text).toBe(200);
      for (const res of await Promise.all(settings)) {
        expect(res.status, res.text).toBe(400);
        expect(causes(res)).toMatch(/server\.properties is not a regular file/);
      }
      const start = await t.request('PUT', `/instance/${info.uuid}/start`, { token: owner });
      expect(start.status, start.text).toBe(400);
      expect(causes(start)).toMatch(/server\.properties/);
    } finally {
      // On a core that blocked on the FIFO, a writer releases the stuck reads before cleanup.
      await releaseFifo(properties());
      await restore();
    }
  });
});
