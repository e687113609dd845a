// Issue 10, reproduction 1: a user who may only write an instance's files (and start it) must not
// be able to make the core run code of their choosing by editing files the core used to trust:
// Lodestone's Minecraft config, Hearth's own record file and its pid file.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Database from 'better-sqlite3';
import {
  ClientEventSchema,
  emptyEventQuery,
  emptyPermissions,
  encodePathSegment,
} from '@hearth/protocol';
import { isAlive, processExe, processStartTicks } from '../src/runtime/supervisor/process-tree.ts';
import type { UpstreamFixture } from '../test-support/upstream-fixture/index.ts';
import type { TestCore } from './helpers.ts';
import {
  EventLog,
  createGenericInstance,
  createVanilla,
  freePort,
  isState,
  startAndWaitRunning,
  startFixture,
  startInstanceCore,
  writeNodeGameDefinition,
} from './instance-helpers.ts';
import { pollFor } from '../test-support/poll.ts';

const bufferRoute = `/events/all/buffer?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery()))}`;

let fixture: UpstreamFixture;
let scratch: string;
const cores: TestCore[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-trusted-'));
});

afterAll(async () => {
  for (const core of cores) await core.close();
  await fixture?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function core(dataDir?: string): Promise<TestCore> {
  const t = await startInstanceCore(fixture, {}, dataDir);
  cores.push(t);
  return t;
}

/** A user holding exactly write-file and start (and view) on `uuid`. */
async function fileWriter(t: TestCore, owner: string, uuid: string, name: string) {
  const user = await t.createUser(owner, name);
  const permissions = {
    ...emptyPermissions(),
    can_view_instance: [uuid],
    can_start_instance: [uuid],
    can_read_instance_file: [uuid],
    can_write_instance_file: [uuid],
  };
  const res = await t.request('PUT', `/user/${user.uid}/update_perm`, {
    token: owner,
    body: permissions,
  });
  expect(res.status, res.text).toBe(200);
  return user;
}

async function writeAs(t: TestCore, token: string, uuid: string, file: string, text: string) {
  const res = await t.request('PUT', `/instance/${uuid}/fs/${encodePathSegment(file)}/write`, {
    token,
    rawBody: text,
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.status, res.text).toBe(200);
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** The command line of a running process, as the kernel has it. */
async function cmdline(pid: number): Promise<string[]> {
  return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
}

describe('files the core used to trust', () => {
  it('a rewritten Lodestone Minecraft config never changes the launch command', async () => {
    const t = await core();
    const owner = await t.setupOwner();
    const log = await EventLog.open(t, owner);
    const info = await createVanilla(t, owner, log, 'Trusted');
    const writer = await fileWriter(t, owner, info.uuid, 'writer');
    const marker = path.join(scratch, 'evil-java-ran');
    await writeAs(
      t,
      writer.token,
      info.uuid,
      'Evil.java',
      `public class Evil { public static void main(String[] a) throws Exception {
        java.nio.file.Files.writeString(java.nio.file.Path.of(${JSON.stringify(marker)}), "pwned");
        Thread.sleep(600000); } }`,
    );
    const configFile = '.lodestone_minecraft_config.json';
    const mirror = JSON.parse(
      await fs.readFile(path.join(info.path, configFile), 'utf8'),
    ) as Record<string, unknown>;
    await writeAs(
      t,
      writer.token,
      info.uuid,
      configFile,
      JSON.stringify({ ...mirror, cmd_args: ['Evil.java'] }),
    );

    await startAndWaitRunning(t, writer.token, log, info.uuid);
    const { pid } = t.core.ctx.db
      .prepare('SELECT pid FROM instance_processes WHERE uuid = ?')
      .get(info.uuid) as { pid: number };
    const args = await cmdline(pid);
    expect(args).not.toContain('Evil.java');
    expect(args.join(' ')).toContain('server.jar');
    expect(await exists(marker)).toBe(false);
    await t.request('PUT', `/instance/${info.uuid}/kill`, { token: owner });
    log.close();
  });

  it('a planted Hearth record file is never read back, even at the next boot', async () => {
    const t = await core();
    const owner = await t.setupOwner();
    const log = await EventLog.open(t, owner);
    const url = await writeNodeGameDefinition(path.join(scratch, 'idle-definition.ts'), {
      name: 'idle',
      displayName: 'Idle',
      port: await freePort(),
      script: 'setInterval(() => {}, 1000)',
    });
    const { uuid } = await createGenericInstance(t, owner, log, url, 'Idle');
    const dir = t.core.ctx.instances.folder(uuid);
    const writer = await fileWriter(t, owner, uuid, 'planter');

    const marker = path.join(scratch, 'evil-bundle-ran');
    await writeAs(
      t,
      writer.token,
      uuid,
      'evil.mjs',
      `import fs from 'node:fs'; fs.writeFileSync(${JSON.stringify(marker)}, 'pwned'); setInterval(() => {}, 1000);`,
    );
    const stored = JSON.parse(
      (
        t.core.ctx.db.prepare('SELECT record FROM instances WHERE uuid = ?').get(uuid) as {
          record: string;
        }
      ).record,
    ) as { data: Record<string, unknown> };
    await writeAs(
      t,
      writer.token,
      uuid,
      '.hearth_instance.json',
      JSON.stringify({
        ...stored,
        auto_start: true,
        data: { ...stored.data, bundle_path: path.join(dir, 'evil.mjs') },
      }),
    );
    log.close();
    await t.close();

    const again = await core(t.dataDir);
    const state = await again.request('GET', `/instance/${uuid}/info`, { token: owner });
    expect((state.json as { auto_start: boolean }).auto_start).toBe(false);
    const log2 = await EventLog.open(again, owner);
    const running = log2.next(isState(uuid, 'Running'), 'Idle running');
    const started = await again.request('PUT', `/instance/${uuid}/start`, { token: owner });
    expect(started.status, started.text).toBe(200);
    await running;
    expect(await exists(marker)).toBe(false);
    await again.request('PUT', `/instance/${uuid}/kill`, { token: owner });
    log2.close();
  });

  it("a planted pid file never makes the core signal someone else's process", async () => {
    const t = await core();
    const owner = await t.setupOwner();
    const log = await EventLog.open(t, owner);
    const info = await createVanilla(t, owner, log, 'Pid');
    const writer = await fileWriter(t, owner, info.uuid, 'pidder');
    // The bystander echoes each line it reads: an answer proves it was never signalled.
    const bystander = spawn(
      process.execPath,
      ['-e', 'process.stdin.on("data", (d) => process.stdout.write(d))'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    await new Promise((r) => bystander.once('spawn', r));
    const pid = bystander.pid!;
    const ended = new Promise<never>((_resolve, reject) =>
      bystander.once('exit', (code, signal) =>
        reject(new Error(`the bystander ended (${signal ?? code})`)),
      ),
    );
    ended.catch(() => undefined);
    bystander.stdin.on('error', () => undefined);
    const echoed = (line: string) =>
      Promise.race([
        ended,
        new Promise<void>((resolve) => {
          bystander.stdout.on('data', (d: Buffer) => {
            if (d.toString().includes(line)) resolve();
          });
          bystander.stdin.write(`${line}\n`);
        }),
      ]);
    try {
      await writeAs(
        t,
        writer.token,
        info.uuid,
        '.hearth_pid.json',
        JSON.stringify({
          pid,
          start_ticks: processStartTicks(pid),
          exe: processExe(pid),
          started_at: Date.now(),
        }),
      );
      log.close();
      await t.close();
      // The core's own record (SQLite) of a server that has since ended: the next boot checks it
      // and reports the instance Stopped. That report is the sign the boot's orphan check of this
      // instance is over; a core that believed the planted file would have signalled before it.
      const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
      const gonePid = await new Promise<number>((resolve) =>
        gone.once('exit', () => resolve(gone.pid!)),
      );
      const db = new Database(path.join(t.dataDir, 'hearth.db'));
      db.prepare(
        'INSERT INTO instance_processes (uuid, pid, start_ticks, exe, started_at) VALUES (?, ?, ?, ?, ?)',
      ).run(info.uuid, gonePid, 1, process.execPath, Date.now());
      db.close();

      const again = await core(t.dataDir);
      await pollFor('the boot check of the instance', async () => {
        const res = await again.request('GET', bufferRoute, { token: owner });
        const events = z.array(ClientEventSchema).parse(res.json);
        return events.find(isState(info.uuid, 'Stopped')) ?? null;
      });
      await echoed('still here');
      expect(isAlive(pid)).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
    }
  });
});
