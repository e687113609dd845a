// One core per data directory (issue 10, reproduction 6): the lock names its holder by pid, process
// start time, boot and executable, so a pid that now belongs to another program is a stale lock,
// while a live core — in this process or another — still keeps a second one out.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCore, defaultConfig } from '../src/app.ts';
import { killAllCores, spawnCore } from './core-process.ts';
import { startTestCore, type TestCore } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAllCores();
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function tempDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-lock-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function startIn(dir: string): Promise<TestCore> {
  const t = await startTestCore({}, dir);
  cleanups.push(() => t.close());
  return t;
}

/** Another program (not a core) whose pid a stale lock can name; killed by its pid afterwards. */
function otherProgram(): number {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn sleep');
  cleanups.push(async () => {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    process.kill(pid, 'SIGKILL');
    await gone;
  });
  return pid;
}

const lockOf = (dir: string) => path.join(dir, 'hearth.lock');

describe('a stale hearth.lock', () => {
  it('naming a pid that now belongs to another program (old format: the bare pid) is taken over', async () => {
    const dir = await tempDataDir();
    await fs.writeFile(lockOf(dir), String(otherProgram()));
    const t = await startIn(dir);
    expect((await t.request('GET', '/info')).status).toBe(200);
  });

  it('left by a killed core whose pid was then reused by another program is taken over', async () => {
    const dir = await tempDataDir();
    const core = await spawnCore(dir);
    await core.kill();
    // The lock as the dead core wrote it, with its pid now recycled for an unrelated process.
    const recorded = JSON.parse(await fs.readFile(lockOf(dir), 'utf8')) as Record<string, unknown>;
    expect(recorded.pid).toBe(core.pid);
    await fs.writeFile(lockOf(dir), JSON.stringify({ ...recorded, pid: otherProgram() }));
    const t = await startIn(dir);
    expect((await t.request('GET', '/info')).status).toBe(200);
  });

  it('that is empty or unreadable garbage is taken over', async () => {
    const dir = await tempDataDir();
    await fs.writeFile(lockOf(dir), '');
    await (await startIn(dir)).close();
    await fs.writeFile(lockOf(dir), '{"pid": "not a number"');
    expect((await (await startIn(dir)).request('GET', '/info')).status).toBe(200);
  });
});

describe('a live core', () => {
  it('in another process keeps a second core out until it is killed', async () => {
    const dir = await tempDataDir();
    const core = await spawnCore(dir);
    await expect(
      buildCore(defaultConfig({ dataDir: dir, port: 0, logLevel: 'silent' })),
    ).rejects.toThrow(`Another Hearth core (pid ${core.pid}) is using the data directory`);
    await core.kill();
    const t = await startIn(dir);
    expect((await t.request('GET', '/info')).status).toBe(200);
  });

  it('in this process keeps a second core out, and releases the lock when closed', async () => {
    const dir = await tempDataDir();
    const first = await startTestCore({}, dir);
    await expect(
      buildCore(defaultConfig({ dataDir: dir, port: 0, logLevel: 'silent' })),
    ).rejects.toThrow(`Another Hearth core (pid ${process.pid}) is using the data directory`);
    await first.close();
    await expect(fs.stat(lockOf(dir))).rejects.toThrow();
    await startIn(dir);
  });
});
