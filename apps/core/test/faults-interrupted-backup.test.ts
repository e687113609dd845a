// Issue 25, item 7: kill -9 of the core (its own process, killed by its recorded pid) in the
// middle of a backup and of a restore. At the next boot the backup is a failed row ("Interrupted:
// the core stopped during the backup") until the user dismisses it, the restore's folder is as it
// was, and Event Logs say both. The instance holds a 1 GiB sparse file, so the work in progress is
// long; each kill comes as soon as the work is seen running, so little of it is ever done.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BackupRecordSchema, LogPageSchema, apiPaths, type BackupRecord } from '@hearth/protocol';
import { z } from 'zod';
import { killAllCores, spawnCore, waitForJobEnd, type CoreProcess } from './core-process.ts';
import { pollUntil } from '../test-support/poll.ts';

const GiB = 1024 * 1024 * 1024;
const INTERRUPTED = 'Interrupted: the core stopped during the backup';

const dirs: string[] = [];
afterAll(async () => {
  await killAllCores();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function listBackups(core: CoreProcess, token: string, uuid: string) {
  const res = await core.request('GET', apiPaths.backupList(uuid), { token });
  expect(res.status, res.text).toBe(200);
  return z.array(BackupRecordSchema).parse(res.json);
}

/** Probed often: the kill must land while the archive is being written. */
const until = (what: string, check: () => Promise<boolean>) =>
  pollUntil(what, check, { intervalMs: 5 });

/** True once an archive is being written in the instance's backup folder. */
async function archiveBeingWritten(dataDir: string, uuid: string): Promise<boolean> {
  const names = await fs.readdir(path.join(dataDir, 'backups', uuid)).catch(() => []);
  return names.some((n) => n.startsWith('.hearth-tmp-'));
}

async function backupActivities(core: CoreProcess, token: string) {
  const res = await core.request('GET', '/activity/search?kind=backups', { token });
  expect(res.status, res.text).toBe(200);
  return LogPageSchema.parse(res.json).entries.flatMap((e) =>
    e.source === 'activity' && e.activity.type === 'BackupActivity' ? [e.activity] : [],
  );
}

async function login(core: CoreProcess): Promise<string> {
  const basic = Buffer.from('owner:owner-password').toString('base64');
  const res = await core.request('POST', '/user/login', {
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    rawBody: '{}',
  });
  expect(res.status, res.text).toBe(200);
  return (res.json as { token: string }).token;
}

it('a backup and a restore cut by kill -9 are a failed row and Event Logs entries at the next boot', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-interrupted-'));
  dirs.push(dataDir);
  let core = await spawnCore(dataDir);
  const setup = await core.setupWithInstance();
  let owner = setup.owner;
  const { uuid, root } = setup;

  // A small backup to restore later.
  await fs.writeFile(path.join(root, 'level.dat'), 'v1');
  const made = await core.request('POST', apiPaths.backupCreate(uuid), {
    token: owner,
    body: { name: 'v1' },
  });
  expect(made.status, made.text).toBe(200);
  expect((await waitForJobEnd(core, owner, 'Backing up Files')).success).toBe(true);
  const v1 = (await listBackups(core, owner, uuid)).find((b) => b.name === 'v1');
  expect(v1?.state).toBe('Ready');

  // Then a long one, killed while its archive is being written.
  await fs.writeFile(path.join(root, 'level.dat'), 'v2');
  const big = await fs.open(path.join(root, 'big.bin'), 'w');
  await big.truncate(GiB);
  await big.close();
  const started = await core.request('POST', apiPaths.backupCreate(uuid), {
    token: owner,
    body: { name: 'big' },
  });
  expect(started.status, started.text).toBe(200);
  const bigId = BackupRecordSchema.parse(started.json).id;
  await until('the archive being written', () => archiveBeingWritten(dataDir, uuid));
  await core.kill();

  core = await spawnCore(dataDir);
  owner = await login(core);
  let list = await listBackups(core, owner, uuid);
  expect(list.find((b) => b.id === bigId)).toMatchObject({
    state: 'Failed',
    failure: INTERRUPTED,
  } satisfies Partial<BackupRecord>);
  expect(list.find((b) => b.id === v1!.id)?.state).toBe('Ready');
  expect(await backupActivities(core, owner)).toContainEqual(
    expect.objectContaining({
      action: 'failed',
      backup_id: bigId,
      message: `Backup of Files failed: ${INTERRUPTED}`,
    }),
  );

  // A restore of v1, killed while it makes the safety backup of the current (big) tree.
  const restore = await core.request('POST', apiPaths.backupRestore(uuid, v1!.id), {
    token: owner,
    body: { stop_first: false },
  });
  expect(restore.status, restore.text).toBe(200);
  await until('the safety backup being written', () => archiveBeingWritten(dataDir, uuid));
  await core.kill();

  core = await spawnCore(dataDir);
  owner = await login(core);
  expect(await fs.readFile(path.join(root, 'level.dat'), 'utf8')).toBe('v2');
  list = await listBackups(core, owner, uuid);
  expect(list.map((b) => [b.name, b.state])).toEqual([
    ['big', 'Failed'],
    ['v1', 'Ready'],
  ]);
  const restoreFailed = (await backupActivities(core, owner)).find(
    (a) => a.action === 'restore_failed',
  );
  expect(restoreFailed).toMatchObject({ backup_id: v1!.id, instance_uuid: uuid });
  expect(restoreFailed?.message).toMatch(/core stopped during the restore/);
  expect(restoreFailed?.message).toMatch(/left as it was/);

  // The failed row stays until it is dismissed.
  const dismissed = await core.request('DELETE', apiPaths.backupDelete(uuid, bigId), {
    token: owner,
  });
  expect(dismissed.status, dismissed.text).toBe(200);
  list = await listBackups(core, owner, uuid);
  expect(list.map((b) => b.name)).toEqual(['v1']);
  expect(await fs.readdir(path.join(dataDir, 'backups', uuid))).toEqual([`${v1!.id}.tar.gz`]);
  await core.stop();
  // Three starts of the core under tsx, on a machine shared with other test runs.
}, 180_000);
