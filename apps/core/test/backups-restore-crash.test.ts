import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreSiblings } from '../src/services/backups/restore-swap.ts';
import { snapshotTree } from '../src/services/files/test-helpers.ts';
import { INSTANCE_UUID, USER, makeBackupEnv, type BackupEnv } from './backups-helpers.ts';

// kill -9 of a process in the middle of a restore, then the next boot's recovery (service.init):
// the instance folder is always either the old tree or the restored one, never a mix or nothing.

const here = path.dirname(fileURLToPath(import.meta.url));
let env: BackupEnv;
let backupId: string;
let oldTree: Record<string, string>;
let restoredTree: Record<string, string>;

beforeEach(async () => {
  env = await makeBackupEnv();
  const dir = env.target.dir;
  await mkdir(path.join(dir, 'world', 'region'), { recursive: true });
  await writeFile(path.join(dir, 'world', 'level.dat'), 'v1');
  for (let i = 0; i < 8; i++)
    await writeFile(
      path.join(dir, 'world', 'region', `r.${i}.mca`),
      randomBytes(512 * 1024).toString('hex'),
    );
  backupId = (await (await env.service.create(INSTANCE_UUID, { name: 'v1' }, USER)).done).id;
  restoredTree = await snapshotTree(dir);
  await writeFile(path.join(dir, 'world', 'level.dat'), 'v2');
  await writeFile(path.join(dir, 'world', 'added.txt'), 'added after the backup');
  oldTree = await snapshotTree(dir);
});

afterEach(async () => {
  await env.close();
});

/** Runs the restore in a child and SIGKILLs it once it prints `until` (or once `when` is true). */
async function restoreAndKill(
  stopAt: string,
  until: RegExp | (() => Promise<boolean>),
): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'backups-restore-child.ts'), env.base, backupId, stopAt],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    if (until instanceof RegExp) {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout }).on(
          'line',
          (line) => until.test(line) && resolve(),
        );
        child.once('exit', () =>
          reject(new Error(`restore child exited before printing ${until}`)),
        );
      });
    } else {
      child.stdout.resume();
      while (!(await until())) await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

async function siblings(): Promise<string[]> {
  return (await readdir(path.dirname(env.target.dir))).filter((n) =>
    n.startsWith('.hearth-restore-'),
  );
}

/** A restarted core's recovery; returns the Event Logs lines it reports (action and message). */
async function boot(): Promise<string[]> {
  const lines: string[] = [];
  env.events.subscribeLog((entry) => {
    if (entry.source === 'activity' && entry.activity.type === 'BackupActivity')
      lines.push(`${entry.activity.action}: ${entry.activity.message}`);
  });
  const service = env.reopen();
  await service.init();
  service.reportInterrupted();
  return lines;
}

describe('a restore killed with SIGKILL', () => {
  it('after extracting, before the swap: the next boot rolls back to the old tree', async () => {
    await restoreAndKill('extracted', /^at extracted$/);
    expect(await siblings()).toEqual([`.hearth-restore-${INSTANCE_UUID}-new`]);
    expect(env.repository.journals()).toHaveLength(1);
    expect(await boot()).toEqual([
      'restore_failed: Restore of Test server failed: the core stopped during the restore; the instance folder was left as it was',
    ]);
    expect(await snapshotTree(env.target.dir)).toEqual(oldTree);
    expect(await siblings()).toEqual([]);
    expect(env.repository.journals()).toEqual([]);
  });

  it('between the two renames (no instance folder at all): the next boot completes the restore', async () => {
    await restoreAndKill('half-swapped', /^at half-swapped$/);
    await expect(access(env.target.dir)).rejects.toThrow();
    expect(await boot()).toEqual([
      'restored: Restored v1 of Test server: the core stopped during the restore and finished it when it started again',
    ]);
    expect(await snapshotTree(env.target.dir)).toEqual(restoredTree);
    expect(await siblings()).toEqual([]);
    expect(env.repository.journals()).toEqual([]);
  });

  it('after the swap, before the old tree is removed: the next boot removes it', async () => {
    await restoreAndKill('swapped', /^at swapped$/);
    expect(await boot()).toEqual([
      'restored: Restored v1 of Test server: the core stopped during the restore and finished it when it started again',
    ]);
    expect(await snapshotTree(env.target.dir)).toEqual(restoredTree);
    expect(await siblings()).toEqual([]);
  });

  it('at an arbitrary moment of the extraction: old or restored tree, nothing in between', async () => {
    const { staging } = restoreSiblings(env.target.dir, INSTANCE_UUID);
    await restoreAndKill('none', () =>
      access(path.join(staging, 'world')).then(
        () => true,
        () => false,
      ),
    );
    await boot();
    const tree = await snapshotTree(env.target.dir);
    expect([oldTree, restoredTree]).toContainEqual(tree);
    expect(await siblings()).toEqual([]);
    expect(env.repository.journals()).toEqual([]);
  });

  it('every killed restore kept its safety backup of the replaced tree', async () => {
    await restoreAndKill('half-swapped', /^at half-swapped$/);
    await boot();
    const safety = env.service.list(INSTANCE_UUID).find((b) => b.safety);
    expect(safety?.state).toBe('Ready');
    await env.service.restore(INSTANCE_UUID, safety!.id, USER).done;
    expect(await snapshotTree(env.target.dir)).toEqual(oldTree);
  });
});
