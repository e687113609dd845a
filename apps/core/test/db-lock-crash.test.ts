// Issue 25, reproduction 5 (process records): a server started while another process held the
// database's write lock is recorded once the lock is gone, so when the core is then killed (-9) the
// next core still recognises the orphan and stops it. The core runs as its own process.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientEventSchema, type ClientEvent } from '@hearth/protocol';
import { killAllCores, spawnCore } from './core-process.ts';
import { holdWriteLock } from './sqlite-lock.ts';
import { pollFor } from '../test-support/poll.ts';

const dirs: string[] = [];
const orphans: number[] = [];

afterAll(async () => {
  await killAllCores();
  for (const pid of orphans) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const until = <T>(what: string, probe: () => Promise<T | null> | T | null) =>
  pollFor(what, probe, { timeoutMs: 30_000 });

/** The process row of an instance, read as any other SQLite client would. */
function processRow(dataDir: string, uuid: string): { pid: number } | null {
  const db = new Database(path.join(dataDir, 'hearth.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT pid FROM instance_processes WHERE uuid = ?').get(uuid) as
      { pid: number } | undefined;
    return row ?? null;
  } finally {
    db.close();
  }
}

describe('process records while the database is locked', () => {
  it('records a server started under a foreign lock once it is gone, so a killed core’s orphan is stopped', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-dblock-crash-'));
    dirs.push(dataDir);
    const core = await spawnCore(dataDir);
    const { owner, uuid } = await core.setupWithInstance();
    const state = async (c: typeof core) =>
      (await c.request('GET', `/instance/${uuid}/state`, { token: owner })).json;

    const lock = await holdWriteLock(path.join(dataDir, 'hearth.db'));
    try {
      const started = await core.request('PUT', `/instance/${uuid}/start`, { token: owner });
      expect(started.status, started.text).toBe(200);
      await until('the server to run', async () => ((await state(core)) === 'Running' ? 1 : null));
      expect(lock.held).toBe(true);
    } finally {
      await lock.release();
    }
    const { pid } = await until('the process record', () => processRow(dataDir, uuid));
    orphans.push(pid);

    await core.kill();
    expect(alive(pid)).toBe(true);
    // A short grace: the orphan ends on SIGTERM, but where nothing reaps it the zombie looks alive.
    const again = await spawnCore(dataDir, { args: ['--stop-timeout', '1'] });
    const report = await until('the orphan report', async () => {
      const res = await again.request('GET', '/events/all/buffer', { token: owner });
      const events = z.array(ClientEventSchema).parse(res.json);
      return (
        events.find(
          (e: ClientEvent) =>
            e.event_inner.type === 'InstanceEvent' &&
            e.event_inner.instance_uuid === uuid &&
            e.event_inner.instance_event_inner.type === 'StateTransition' &&
            e.event_inner.instance_event_inner.to === 'Stopped',
        ) ?? null
      );
    });
    expect(report.details).toMatch(/still running when the core stopped unexpectedly/);
    await until('the orphan to end', () => (alive(pid) ? null : true));
    await again.stop();
  }, 120_000);
});
