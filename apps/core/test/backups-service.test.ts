import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_INTERRUPTED } from '@hearth/protocol';
import { MAX_FAILED_BACKUP_ROWS } from '../src/repositories/backup-repository.ts';
import { CoreError } from '../src/errors.ts';
import { MINECRAFT_SAVE_HOOKS } from '../src/services/backups/backup-target.ts';
import { coreErrorOf, snapshotTree } from '../src/services/files/test-helpers.ts';
import {
  INSTANCE_UUID,
  USER,
  makeBackupEnv,
  startWriterGame,
  type BackupEnv,
} from './backups-helpers.ts';
import { holdWriteLock } from './sqlite-lock.ts';
import { pollFor } from '../test-support/poll.ts';

let env: BackupEnv;

beforeEach(async () => {
  env = await makeBackupEnv();
});

afterEach(async () => {
  await env.close();
});

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function writeTree(files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(env.target.dir, name)), { recursive: true });
    await writeFile(path.join(env.target.dir, name), content);
  }
}

async function refusedAsync(work: Promise<unknown>): Promise<CoreError> {
  try {
    await work;
  } catch (err) {
    if (err instanceof CoreError) return err;
    throw err;
  }
  throw new Error('expected a CoreError');
}

function refused(fn: () => unknown): CoreError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CoreError) return err;
    throw err;
  }
  throw new Error('expected a CoreError');
}

async function backup(name: string | null = null, locked = false) {
  const job = await env.service.create(INSTANCE_UUID, { name, locked }, USER);
  return job.done;
}

describe('creating a backup', () => {
  it('answers at once, then records size, sha256, duration and author; reports progression', async () => {
    await writeTree({ 'server.properties': 'motd=hi\n', 'world/level.dat': 'level' });
    const job = await env.service.create(INSTANCE_UUID, { name: 'before update' }, USER);
    expect(job.backup.state).toBe('Creating');
    expect(env.service.list(INSTANCE_UUID).map((b) => b.state)).toEqual(['Creating']);
    const done = await job.done;
    expect(done).toMatchObject({
      id: job.backup.id,
      state: 'Ready',
      name: 'before update',
      made_by: USER,
      locked: false,
      live: false,
      safety: false,
      entries: 5,
      // the two files above plus the identity files the helper wrote
      uncompressed_bytes:
        8 + 5 + JSON.stringify({ uuid: INSTANCE_UUID }).length + '{"flavour":"vanilla"}'.length,
    });
    const file = path.join(env.dataDir, 'backups', INSTANCE_UUID, `${done.id}.tar.gz`);
    const bytes = await readFile(file);
    expect(done.size_bytes).toBe(bytes.byteLength);
    expect(done.sha256).toBe(sha(bytes));
    expect(done.duration_ms).toBeGreaterThanOrEqual(0);
    const kinds = env.progress.map((e) =>
      e.event_inner.type === 'ProgressionEvent' ? e.event_inner.progression_event_inner.type : '',
    );
    expect(kinds[0]).toBe('ProgressionStart');
    expect(kinds.at(-1)).toBe('ProgressionEnd');
    await expect(env.service.download(INSTANCE_UUID, done.id)).resolves.toMatchObject({
      path: file,
      size: bytes.byteLength,
      name: expect.stringMatching(/^Test server-\d{4}-\d\d-\d\d-\d\d-\d\d-before update\.tar\.gz$/),
    });
  });

  it('applies the exclude list of the instance', async () => {
    await writeTree({ 'logs/latest.log': 'log', 'world/level.dat': 'level', 'cache/x': 'c' });
    await env.service.updateSettings(INSTANCE_UUID, { excludes: 'logs/\n/cache\n' });
    const done = await backup();
    await writeTree({ 'world/level.dat': 'changed' });
    await env.service.restore(INSTANCE_UUID, done.id, USER).done;
    const tree = await snapshotTree(env.target.dir);
    expect(tree['world/level.dat']).toBe('level');
    expect(tree['logs/latest.log']).toBeUndefined();
    expect(tree['cache/x']).toBeUndefined();
  });

  it('applies retention after each successful backup, locked ones exempt', async () => {
    await writeTree({ a: 'a' });
    await env.service.updateSettings(INSTANCE_UUID, {
      retention: { keep_last: 2, max_age_days: null, max_total_gib: null },
    });
    const first = await backup('first', true);
    const second = await backup('second');
    const third = await backup('third');
    expect(env.service.list(INSTANCE_UUID).map((b) => b.name)).toEqual([
      'third',
      'second',
      'first',
    ]);
    await backup('fourth');
    expect(env.service.list(INSTANCE_UUID).map((b) => b.name)).toEqual([
      'fourth',
      'third',
      'first',
    ]);
    const folder = path.join(env.dataDir, 'backups', INSTANCE_UUID);
    expect((await readdir(folder)).sort()).not.toContain(`${second.id}.tar.gz`);
    expect(await readdir(folder)).toContain(`${first.id}.tar.gz`);
    expect(third.state).toBe('Ready');
  });

  it('refuses a second backup of the same instance while one runs, and always turns saving back on', async () => {
    env.target.game = await startWriterGame(env.target.dir, true);
    env.target.saveHooks = MINECRAFT_SAVE_HOOKS;
    const saving = new Promise<void>((resolve) =>
      env.target.game!.onLine((l) => l.includes('Saving the game') && resolve()),
    );
    const first = await env.service.create(INSTANCE_UUID, { name: 'one' }, USER);
    await saving;
    const second = await refusedAsync(env.service.create(INSTANCE_UUID, { name: 'two' }, USER));
    expect(second.status).toBe(400);
    expect(second.causes).toEqual(['A backup of this instance is already running']);
    expect(env.service.isBusy(INSTANCE_UUID)).toBe(true);
    const enabled = new Promise<void>((resolve) =>
      env.target.game!.onLine((l) => l.includes('saving is now enabled') && resolve()),
    );
    env.target.game.send('release-save');
    expect((await first.done).live).toBe(false);
    await enabled;
    expect(env.service.isBusy(INSTANCE_UUID)).toBe(false);
    expect(env.service.list(INSTANCE_UUID)).toHaveLength(1);
  });

  it('turns saving back on when the archive fails, and leaves a failed row and no file behind', async () => {
    env.target.game = await startWriterGame(env.target.dir);
    env.target.saveHooks = MINECRAFT_SAVE_HOOKS;
    const enabled = new Promise<void>((resolve) =>
      env.target.game!.onLine((l) => l.includes('saving is now enabled') && resolve()),
    );
    const realDir = env.target.dir;
    env.target.dir = path.join(env.base, 'missing');
    const error = await coreErrorOf((await env.service.create(INSTANCE_UUID, {}, USER)).done);
    env.target.dir = realDir;
    expect(error.kind).toBe('NotFound');
    await enabled;
    expect(env.service.list(INSTANCE_UUID)).toMatchObject([
      { state: 'Failed', failure: error.causes.join(': '), sha256: null, size_bytes: 0 },
    ]);
    expect(await readdir(path.join(env.dataDir, 'backups', INSTANCE_UUID))).toEqual([]);
    const end = env.progress.at(-1)!.event_inner;
    expect(end.type === 'ProgressionEvent' && end.progression_event_inner).toMatchObject({
      type: 'ProgressionEnd',
      success: false,
    });
  });
  it('keeps only the newest failed rows of an instance, never touching its backups', async () => {
    await writeTree({ 'a.txt': 'a' });
    const good = await backup('good');
    const realDir = env.target.dir;
    env.target.dir = path.join(env.base, 'missing');
    const failures: string[] = [];
    for (let i = 0; i < MAX_FAILED_BACKUP_ROWS + 2; i++) {
      const job = await env.service.create(INSTANCE_UUID, { name: `try ${i}` }, USER);
      failures.push(job.backup.id);
      await coreErrorOf(job.done);
    }
    env.target.dir = realDir;
    const rows = env.service.list(INSTANCE_UUID);
    expect(rows.filter((b) => b.state === 'Failed').map((b) => b.id)).toEqual(
      failures.slice(2).reverse(),
    );
    expect(rows.find((b) => b.id === good.id)).toMatchObject({ state: 'Ready' });
  });
});

describe('backups of a running game', () => {
  it('with save hooks: the archive holds exactly the tree the game flushed', async () => {
    env.target.game = await startWriterGame(env.target.dir);
    env.target.saveHooks = MINECRAFT_SAVE_HOOKS;
    const done = await backup();
    expect(done.live).toBe(false);
    await env.target.game.stop();
    env.target.game = null;
    await env.service.restore(INSTANCE_UUID, done.id, USER).done;
    const manifest = JSON.parse(
      await readFile(path.join(env.target.dir, 'manifest.json'), 'utf8'),
    ) as Record<string, string>;
    const data = path.join(env.target.dir, 'data');
    const names = (await readdir(data)).sort();
    expect(names).toEqual(Object.keys(manifest).sort());
    for (const name of names)
      expect(sha(await readFile(path.join(data, name)))).toBe(manifest[name]);
  });

  it('without save hooks: taken live while the game writes, still restores to a readable tree', async () => {
    env.target.game = await startWriterGame(env.target.dir);
    const done = await backup();
    expect(done.live).toBe(true);
    await env.target.game.stop();
    env.target.game = null;
    await env.service.restore(INSTANCE_UUID, done.id, USER).done;
    const data = path.join(env.target.dir, 'data');
    const files = (await readdir(data)).filter((n) => n.startsWith('file-'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const parsed = JSON.parse(await readFile(path.join(data, name), 'utf8')) as {
        payload: string;
        sha: string;
      };
      expect(sha(parsed.payload)).toBe(parsed.sha);
    }
    const lines = (await readFile(path.join(env.target.dir, 'log.txt'), 'utf8')).split('\n');
    const complete = lines.slice(0, -1).filter((l) => !/^\0*$/.test(l));
    expect(complete.length).toBeGreaterThan(0);
    for (const line of complete) {
      const [, n, digest] = /^line (\d+) ([0-9a-f]{64})$/.exec(line) ?? [];
      expect(digest).toBe(sha(n ?? 'malformed line'));
    }
  });
});

describe('restoring a backup', () => {
  it('refuses while the instance runs', async () => {
    await writeTree({ a: 'a' });
    const done = await backup();
    env.target.game = await startWriterGame(env.target.dir);
    const error = refused(() => env.service.restore(INSTANCE_UUID, done.id, USER));
    expect(error.status).toBe(400);
    expect(error.causes).toEqual(['Instance must be stopped to restore a backup']);
  });

  it('swaps the tree in, keeps the identity files, holds the instance, and keeps a safety backup', async () => {
    await writeTree({ 'world/level.dat': 'v1', 'world/old.mca': 'old', 'server.properties': 'p1' });
    const v1 = await backup('v1');
    const before = await snapshotTree(env.target.dir);
    await writeTree({
      'world/level.dat': 'v2',
      'world/new.mca': 'new',
      '.lodestone_config': 'renamed',
    });
    await rm(path.join(env.target.dir, 'world', 'old.mca'));
    const v2tree = await snapshotTree(env.target.dir);

    const job = env.service.restore(INSTANCE_UUID, v1.id, USER);
    expect(env.target.held).toBe('being restored');
    const safety = await job.done;
    expect(env.target.held).toBeNull();
    expect(await snapshotTree(env.target.dir)).toEqual({
      ...before,
      '.lodestone_config': 'renamed',
    });
    expect(safety).toMatchObject({ safety: true, state: 'Ready', name: 'Before restoring v1' });
    expect(
      (await readdir(path.dirname(env.target.dir))).filter((n) => n.startsWith('.hearth-restore-')),
    ).toEqual([]);

    await env.service.restore(INSTANCE_UUID, safety.id, USER).done;
    expect(await snapshotTree(env.target.dir)).toEqual(v2tree);
  });

  it('verifies the sha256 first: a damaged archive changes nothing', async () => {
    await writeTree({ 'world/level.dat': 'v1' });
    const v1 = await backup();
    await writeTree({ 'world/level.dat': 'v2' });
    const file = path.join(env.dataDir, 'backups', INSTANCE_UUID, `${v1.id}.tar.gz`);
    const bytes = await readFile(file);
    bytes[bytes.length - 20]! ^= 0xff;
    await writeFile(file, bytes);
    const error = await coreErrorOf(env.service.restore(INSTANCE_UUID, v1.id, USER).done);
    expect(error.causes[0]).toBe('Backup archive is damaged');
    expect(await snapshotTree(env.target.dir)).toMatchObject({ 'world/level.dat': 'v2' });
    expect(env.service.list(INSTANCE_UUID)).toHaveLength(1);
  });

  it('an extraction that fails midway leaves the instance exactly as it was', async () => {
    const big = 'x'.repeat(200_000);
    await writeTree({ 'a/one.txt': big, 'b/two.txt': big, 'c/three.txt': big });
    const v1 = await backup();
    await writeTree({ 'a/one.txt': 'changed', 'd/new.txt': 'new' });
    const current = await snapshotTree(env.target.dir);
    // A checksum-valid archive whose data ends halfway: the extractor fails after some entries.
    const file = path.join(env.dataDir, 'backups', INSTANCE_UUID, `${v1.id}.tar.gz`);
    await truncate(file, Math.floor(v1.size_bytes / 2));
    env.db
      .prepare('UPDATE backups SET sha256 = ? WHERE id = ?')
      .run(sha(await readFile(file)), v1.id);

    const error = await coreErrorOf(env.service.restore(INSTANCE_UUID, v1.id, USER).done);
    expect(error.status).toBe(400);
    expect(await snapshotTree(env.target.dir)).toEqual(current);
    expect(
      (await readdir(path.dirname(env.target.dir))).filter((n) => n.startsWith('.hearth-restore-')),
    ).toEqual([]);
    expect(env.repository.journals()).toEqual([]);
    expect(env.target.held).toBeNull();
  });
});

describe('managing backups', () => {
  it('refuses to delete a locked backup; deletes an unlocked one with its file', async () => {
    await writeTree({ a: 'a' });
    const done = await backup('keep', true);
    const error = await coreErrorOf(env.service.delete(INSTANCE_UUID, done.id));
    expect(error.causes).toEqual(['Backup is locked', 'Unlock it before deleting it']);
    await env.service.update(INSTANCE_UUID, done.id, { locked: false });
    await env.service.delete(INSTANCE_UUID, done.id);
    expect(env.service.list(INSTANCE_UUID)).toEqual([]);
    expect(await readdir(path.join(env.dataDir, 'backups', INSTANCE_UUID))).toEqual([]);
    expect((await coreErrorOf(env.service.delete(INSTANCE_UUID, done.id))).kind).toBe('NotFound');
  });

  it('at boot, marks backups whose core died while writing them as failed, drops their temp files and safety backups', async () => {
    await writeTree({ a: 'a' });
    const kept = await backup('kept');
    const folder = path.join(env.dataDir, 'backups', INSTANCE_UUID);
    const ready = env.repository.get(kept.id)!;
    await env.repository.insert({ ...ready, id: '1', state: 'Creating', file_name: '1.tar.gz' });
    await env.repository.insert({
      ...ready,
      id: '2',
      state: 'Creating',
      safety: true,
      file_name: '2.tar.gz',
    });
    await writeFile(path.join(folder, '.hearth-tmp-0011223344556677'), 'half');
    const messages: string[] = [];
    env.events.subscribeLog((entry) => {
      if (entry.source === 'activity' && entry.activity.type === 'BackupActivity')
        messages.push(`${entry.activity.action} ${entry.activity.message}`);
    });
    const reopened = env.reopen();
    await reopened.init();
    expect(env.service.list(INSTANCE_UUID).map((b) => [b.id, b.state, b.failure])).toEqual([
      [kept.id, 'Ready', null],
      ['1', 'Failed', BACKUP_INTERRUPTED],
    ]);
    expect(await readdir(folder)).toEqual([`${kept.id}.tar.gz`]);

    expect(messages).toEqual([]);
    reopened.reportInterrupted();
    expect(messages).toEqual([`failed Backup of Test server failed: ${BACKUP_INTERRUPTED}`]);

    // Dismissing the failed row (locked or not) removes it.
    await env.repository.update('1', { locked: true });
    await env.service.delete(INSTANCE_UUID, '1', USER);
    expect(env.service.list(INSTANCE_UUID).map((b) => b.id)).toEqual([kept.id]);
  });
});

describe('a database another process holds locked', () => {
  it('waits out the lock to store a new backup instead of failing it at once', async () => {
    await writeTree({ a: 'a' });
    const lock = await holdWriteLock(path.join(env.dataDir, 'hearth.db'));
    let settled = false;
    const creating = env.service.create(INSTANCE_UUID, { name: 'while locked' }, USER);
    void creating.then(
      () => (settled = true),
      () => (settled = true),
    );
    try {
      // The row cannot go in while the lock is held: nothing has been answered yet.
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
    } finally {
      await lock.release();
    }
    const done = await (await creating).done;
    expect(done).toMatchObject({ name: 'while locked', state: 'Ready' });
  });

  it('records a finished backup once the lock is gone, never losing it', async () => {
    await writeTree({ a: 'a' });
    const stored = await backup('first');
    const creating = {
      ...stored,
      id: 'locked-1',
      state: 'Creating' as const,
      file_name: 'x.tar.gz',
    };
    await env.repository.insert(creating);
    const lock = await holdWriteLock(path.join(env.dataDir, 'hearth.db'));
    try {
      env.repository.complete('locked-1', {
        duration_ms: 5,
        size_bytes: 10,
        uncompressed_bytes: 20,
        entries: 1,
        skipped_entries: 0,
        sha256: 'f'.repeat(64),
        live: false,
      });
      expect(env.repository.get('locked-1')?.state).toBe('Creating');
    } finally {
      await lock.release();
    }
    await pollFor('the Ready record to go in after the lock', () =>
      env.repository.get('locked-1')?.state === 'Ready' ? true : null,
    );
  });
});
