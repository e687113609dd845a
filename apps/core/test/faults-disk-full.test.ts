// Issue 25, items 1 and 4: the core's data directory on a 40 MiB tmpfs (the tests run as root).
// An upload larger than the free space gets an answer — 507 with the envelope, "No space left on
// device" — on the instance upload, the instance write and the global upload, its progression ends
// as failed and nothing of it is left; with the disk full, a description change, a schedule and a
// backup say why they failed instead of "Internal error"; a backup that runs out of space says so,
// stays in the list as a failed row until dismissed, and is in Event Logs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupRecordSchema,
  ClientErrorSchema,
  LogPageSchema,
  apiPaths,
  type BackupRecord,
} from '@hearth/protocol';
import { z } from 'zod';
import { jobAfter, listTree, startFilesCore, type FilesCore } from './files-helpers.ts';
import {
  fillDisk,
  freeBytes,
  mountTmpfs,
  multipartBody,
  multipartType,
  putStream,
  removeMountPoint,
} from './faults-helpers.ts';

const MiB = 1024 * 1024;
const mount = await mountTmpfs(40);
if ('reason' in mount)
  console.warn(`faults-disk-full: skipped, a tmpfs could not be mounted (${mount.reason})`);
const tmpfs = 'dir' in mount ? mount.dir : '';

let fc: FilesCore;
/** Fills the tmpfs outside the data directory; removed to give the space back. */
const filler = path.join(tmpfs, 'filler');

beforeAll(async () => {
  if (tmpfs === '') return;
  fc = await startFilesCore(undefined, path.join(tmpfs, 'data'));
});
// Hooks run in reverse: the core closes first, then the tmpfs goes (even if closing failed).
afterAll(async () => {
  if (tmpfs !== '') await removeMountPoint(tmpfs);
});
afterAll(async () => {
  await fc?.close();
});

function expectOutOfSpace(res: { status: number; json: unknown; text: string }): void {
  expect(res.status, res.text).toBe(507);
  const envelope = ClientErrorSchema.parse(res.json);
  expect(envelope.kind).toBe('Internal');
  expect(envelope.causes.join(': ')).toMatch(/No space left on device|database or disk is full/);
  expect(envelope.causes).not.toContain('Internal error');
}

async function instanceTemps(): Promise<string[]> {
  return (await listTree(fc.root)).filter((p) => p.includes('.hearth-tmp-'));
}

describe.skipIf(tmpfs === '')('an upload larger than the free space', () => {
  it('on the instance upload route: 507 with the cause, a failed progression, nothing left', async () => {
    const free = await freeBytes(tmpfs);
    const from = fc.log.events.length;
    const answer = await putStream(
      `${fc.t.api}${apiPaths.fsUpload(fc.uuid, 'up')}`,
      fc.owner,
      multipartType,
      multipartBody('big.bin', 60 * MiB),
    );
    expectOutOfSpace(answer);
    const job = await jobAfter(fc.log, from, 'Uploading files');
    expect(job.end.success).toBe(false);
    expect(job.end.message).toMatch(/No space left on device/);
    expect(await instanceTemps()).toEqual([]);
    await expect(fs.readdir(path.join(fc.root, 'up'))).resolves.toEqual([]);
    // The partial file (~35 MiB) was removed, and the route still works.
    expect(await freeBytes(tmpfs)).toBeGreaterThan(free - 8 * MiB);
    const small = await putStream(
      `${fc.t.api}${apiPaths.fsUpload(fc.uuid, 'up')}`,
      fc.owner,
      multipartType,
      multipartBody('small.bin', 1024),
    );
    expect(small.status, small.text).toBe(200);
    await fs.rm(path.join(fc.root, 'up'), { recursive: true });
  });

  it('every try gets its answer (no request left open)', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await putStream(
        `${fc.t.api}${apiPaths.fsUpload(fc.uuid, 'up')}`,
        fc.owner,
        multipartType,
        multipartBody(`big-${i}.bin`, 60 * MiB),
      );
      expectOutOfSpace(answer);
    }
    expect(await instanceTemps()).toEqual([]);
  });

  it('on the instance write route: 507 with the cause', async () => {
    const body = multipartBody('ignored', 60 * MiB);
    const answer = await putStream(
      `${fc.t.api}${apiPaths.fsWrite(fc.uuid, 'big.bin')}`,
      fc.owner,
      'application/octet-stream',
      body,
    );
    expectOutOfSpace(answer);
    expect(await instanceTemps()).toEqual([]);
  });

  it('on the global upload route: 507 with the cause', async () => {
    const answer = await putStream(
      `${fc.t.api}${apiPaths.globalFsUpload('.')}`,
      fc.owner,
      multipartType,
      multipartBody('big.bin', 60 * MiB),
    );
    expectOutOfSpace(answer);
  });
});

describe.skipIf(tmpfs === '')('with the disk full', () => {
  it('a description change, a schedule and a backup say why they failed', async () => {
    await fillDisk(filler);
    try {
      const description = await fc.t.request('PUT', apiPaths.instanceDescription(fc.uuid), {
        token: fc.owner,
        body: 'A description long enough to need a new page '.repeat(200),
      });
      expectOutOfSpace(description);
      const schedule = await fc.t.request('POST', apiPaths.scheduleCreate(fc.uuid), {
        token: fc.owner,
        body: {
          description: 'x'.repeat(200),
          enabled: true,
          only_when_running: false,
          continue_on_failure: false,
          trigger: { type: 'Interval', every_seconds: 3600 },
          steps: [{ type: 'Command', command: 'say hi' }],
        },
      });
      expectOutOfSpace(schedule);
      const backup = await fc.t.request('POST', apiPaths.backupCreate(fc.uuid), {
        token: fc.owner,
        body: { name: 'on a full disk' },
      });
      if (backup.status === 200) {
        // The record fitted in the database's pages; the archive itself cannot be written.
        const record = BackupRecordSchema.parse(backup.json);
        const failed = await failedBackup(record.id);
        expect(failed.failure).toMatch(/No space left on device/);
      } else {
        expectOutOfSpace(backup);
      }
    } finally {
      await fs.rm(filler, { force: true });
    }
  });
});

async function listBackups(): Promise<BackupRecord[]> {
  const res = await fc.t.request('GET', apiPaths.backupList(fc.uuid), { token: fc.owner });
  expect(res.status, res.text).toBe(200);
  return z.array(BackupRecordSchema).parse(res.json);
}

/** Waits (on the backup's progression end, then the list) for backup `id` to be a failed row. */
async function failedBackup(id: string): Promise<BackupRecord> {
  for (;;) {
    const row = (await listBackups()).find((b) => b.id === id);
    if (row === undefined) throw new Error(`backup ${id} vanished from the list`);
    if (row.state !== 'Creating') return row;
    await fc.log.next(
      (e) =>
        e.event_inner.type === 'ProgressionEvent' &&
        e.event_inner.progression_event_inner.type === 'ProgressionEnd',
      'a progression end',
    );
  }
}

describe.skipIf(tmpfs === '')('a backup that runs out of space', () => {
  it('ends with the cause, stays as a failed row until dismissed, and is in Event Logs', async () => {
    // 12 MiB of data nothing compresses, and 4 MiB of room for its archive.
    await fs.writeFile(path.join(fc.root, 'world.bin'), randomBytes(12 * MiB));
    await fillDisk(filler, 4 * MiB);
    try {
      const from = fc.log.events.length;
      const res = await fc.t.request('POST', apiPaths.backupCreate(fc.uuid), {
        token: fc.owner,
        body: { name: 'too big' },
      });
      expect(res.status, res.text).toBe(200);
      const started = BackupRecordSchema.parse(res.json);
      const job = await jobAfter(fc.log, from, /^Backing up /);
      expect(job.end.success).toBe(false);
      expect(job.end.message).toBe('Backup of Files failed: No space left on device');

      const row = (await listBackups()).find((b) => b.id === started.id);
      expect(row).toMatchObject({ state: 'Failed', failure: 'No space left on device' });
      expect(await fs.readdir(path.join(fc.t.dataDir, 'backups', fc.uuid))).toEqual([]);

      const page = LogPageSchema.parse(
        (await fc.t.request('GET', '/activity/search?kind=backups', { token: fc.owner })).json,
      );
      expect(page.entries).toContainEqual(
        expect.objectContaining({
          activity: expect.objectContaining({
            type: 'BackupActivity',
            action: 'failed',
            backup_id: started.id,
            message: 'Backup of Files failed: No space left on device',
          }) as unknown,
        }),
      );

      const dismissed = await fc.t.request('DELETE', apiPaths.backupDelete(fc.uuid, started.id), {
        token: fc.owner,
      });
      expect(dismissed.status, dismissed.text).toBe(200);
      expect((await listBackups()).map((b) => b.id)).not.toContain(started.id);
    } finally {
      await fs.rm(filler, { force: true });
      await fs.rm(path.join(fc.root, 'world.bin'), { force: true });
    }
  });
});
