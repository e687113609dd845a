import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientEventSchema, emptyEventQuery, type ClientEvent } from '@hearth/protocol';
import Database from 'better-sqlite3';
import { isAlive, processExe, processStartTicks } from '../src/runtime/supervisor/process-tree.ts';
import type { UpstreamFixture } from '../test-support/upstream-fixture/index.ts';
import type { TestCore } from './helpers.ts';
import {
  EventLog,
  WAIT_MS,
  createVanilla,
  fakeServerJar,
  isInstanceKind,
  isState,
  startAndWaitRunning,
  startFixture,
  startInstanceCore,
} from './instance-helpers.ts';
import { pollFor } from '../test-support/poll.ts';

let fixture: UpstreamFixture;
const cores: TestCore[] = [];

beforeAll(async () => {
  fixture = await startFixture();
});

afterAll(async () => {
  for (const core of cores) await core.close();
  await fixture?.close();
});

/** The server processes a (closed) core has on record. */
function processRows(dataDir: string): unknown[] {
  const db = new Database(path.join(dataDir, 'hearth.db'), { readonly: true });
  try {
    return db.prepare('SELECT uuid, pid FROM instance_processes').all();
  } finally {
    db.close();
  }
}

async function core(dataDir?: string) {
  const t = await startInstanceCore(
    fixture,
    { crashRestarts: { max: 2, windowMs: 300_000, delayMs: 0 } },
    dataDir,
  );
  cores.push(t);
  return t;
}

/** A fresh core on the fixture, its owner signed up and the event log open as them. */
async function ownedCore() {
  const t = await core();
  const owner = await t.setupOwner();
  return { t, owner, log: await EventLog.open(t, owner) };
}

/** `read` again until `ok` holds of what it read. */
const until = <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string) =>
  pollFor(
    what,
    async () => {
      const value = await read();
      return ok(value) ? value : null;
    },
    { timeoutMs: WAIT_MS, intervalMs: 100 },
  );

const bufferRoute = `/events/all/buffer?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery()))}`;

describe('crashes', () => {
  it('restarts a crashed server (restart_on_crash), then stops at the crash-loop limit with an Error and the reason', async () => {
    const { t, owner, log } = await ownedCore();
    const info = await createVanilla(t, owner, log, 'Crashy', {
      restart_on_crash: true,
    });
    const uuid = info.uuid;
    await startAndWaitRunning(t, owner, log, uuid);

    for (let n = 1; n <= 2; n++) {
      const restarting = log.next(
        (e) => isState(uuid, 'Starting')(e) && e.details.includes(`(${n} of 2)`),
        `restart ${n}`,
      );
      const running = log.next(isState(uuid, 'Running'), `Running after restart ${n}`);
      await t.request('POST', `/instance/${uuid}/console`, { token: owner, body: 'crash' });
      await restarting;
      await running;
    }
    const error = log.next(isInstanceKind(uuid, 'InstanceError'), 'the crash-loop error');
    const errorState = log.next(isState(uuid, 'Error'), 'the Error state');
    await t.request('POST', `/instance/${uuid}/console`, { token: owner, body: 'crash' });
    const event = await error;
    expect(event.level).toBe('Error');
    expect(event.event_inner).toMatchObject({
      instance_event_inner: {
        type: 'InstanceError',
        message: expect.stringMatching(/exit code 1.*after 2 restarts.*crash loop/) as unknown,
        reason: 'crash',
      },
    });
    await errorState;
    // Each end says why on its event, so no reader has to parse the details' wording.
    expect(log.exitReasons(uuid)).toEqual(['Stopped crash', 'Stopped crash', 'Error crash']);
    expect(log.states(uuid)).toEqual([
      'Starting',
      'Running',
      'Stopped',
      'Starting',
      'Running',
      'Stopped',
      'Starting',
      'Running',
      'Error',
    ]);
    expect((await t.request('GET', `/instance/${uuid}/state`, { token: owner })).json).toBe(
      'Error',
    );

    // A person starting it again is a fresh start (the crash count is forgiven).
    await startAndWaitRunning(t, owner, log, uuid);
    const killed = log.next(isState(uuid, 'Stopped'), 'the Stopped of the kill');
    await t.request('PUT', `/instance/${uuid}/kill`, { token: owner });
    expect((await killed).event_inner).toMatchObject({
      instance_event_inner: { type: 'StateTransition', to: 'Stopped', reason: 'killed' },
    });
    log.close();
  });

  it('reports a crash as Error when restart_on_crash is off', async () => {
    const { t, owner, log } = await ownedCore();
    const info = await createVanilla(t, owner, log, 'Fragile');
    await startAndWaitRunning(t, owner, log, info.uuid);
    const error = log.next(isInstanceKind(info.uuid, 'InstanceError'));
    await t.request('POST', `/instance/${info.uuid}/console`, { token: owner, body: 'crash' });
    expect((await error).event_inner).toMatchObject({
      instance_event_inner: { message: 'Server crashed (exit code 1)', reason: 'crash' },
    });
    await log.wait(isState(info.uuid, 'Error'));
    expect(log.states(info.uuid)).toEqual(['Starting', 'Running', 'Error']);
    expect(log.exitReasons(info.uuid)).toEqual(['Error crash']);

    // A stop the core was asked for is no crash.
    await startAndWaitRunning(t, owner, log, info.uuid);
    const stopped = log.next(isState(info.uuid, 'Stopped'), 'the Stopped of the stop');
    await t.request('PUT', `/instance/${info.uuid}/stop`, { token: owner });
    await stopped;
    expect(log.exitReasons(info.uuid)).toEqual(['Error crash', 'Stopped stopped']);
    log.close();
  });
});

describe('core restarts', () => {
  it('stops servers gracefully at shutdown and auto-starts them at the next boot', async () => {
    const { t, owner, log } = await ownedCore();
    const auto = await createVanilla(t, owner, log, 'Always on', {
      auto_start: true,
    });
    const manual = await createVanilla(t, owner, log, 'Manual');
    await startAndWaitRunning(t, owner, log, auto.uuid);
    await startAndWaitRunning(t, owner, log, manual.uuid);
    const { pid } = t.core.ctx.db
      .prepare('SELECT pid FROM instance_processes WHERE uuid = ?')
      .get(auto.uuid) as { pid: number };
    expect(isAlive(pid)).toBe(true);
    log.close();

    await t.close();
    expect(isAlive(pid)).toBe(false);
    expect(processRows(t.dataDir)).toEqual([]);

    const again = await core(t.dataDir);
    const running = await until(
      async () =>
        (await again.request('GET', `/instance/${auto.uuid}/state`, { token: owner })).json,
      (s) => s === 'Running',
      'the auto_start instance to run',
    );
    expect(running).toBe('Running');
    expect(
      (await again.request('GET', `/instance/${manual.uuid}/state`, { token: owner })).json,
    ).toBe('Stopped');
    const history = await again.request(
      'GET',
      `/events/search?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery()))}`,
      { token: owner },
    );
    const events = z.array(ClientEventSchema).parse(history.json);
    expect(
      events.some((e) => isState(manual.uuid, 'Stopping')(e) && e.details === 'Core shutting down'),
    ).toBe(true);
    await again.request('PUT', `/instance/${auto.uuid}/kill`, { token: owner });
  });

  it('settles a server left running by a core that died, and reports it Stopped', async () => {
    const { t, owner, log } = await ownedCore();
    const info = await createVanilla(t, owner, log, 'Orphaned');
    log.close();
    await t.close();

    // What a dead core leaves behind: a server process it started and the record naming it.
    const orphan = spawn('java', ['-Xmx64M', '-jar', await fakeServerJar(), 'nogui'], {
      cwd: info.path,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) =>
      orphan.once('exit', (code) => resolve(code)),
    );
    await new Promise((r) => orphan.once('spawn', r));
    const db = new Database(path.join(t.dataDir, 'hearth.db'));
    db.prepare(
      'INSERT INTO instance_processes (uuid, pid, start_ticks, exe, started_at) VALUES (?, ?, ?, ?, ?)',
    ).run(
      info.uuid,
      orphan.pid,
      processStartTicks(orphan.pid!),
      processExe(orphan.pid!),
      Date.now(),
    );
    db.close();

    const again = await core(t.dataDir);
    await exited;
    const buffer = await until(
      async () =>
        z
          .array(ClientEventSchema)
          .parse((await again.request('GET', bufferRoute, { token: owner })).json),
      (events: ClientEvent[]) => events.some(isState(info.uuid, 'Stopped')),
      'the orphan report',
    );
    const report = buffer.find(isState(info.uuid, 'Stopped'));
    expect(report?.details).toMatch(/still running when the core stopped unexpectedly/);
    expect(
      (await again.request('GET', `/instance/${info.uuid}/state`, { token: owner })).json,
    ).toBe('Stopped');
    await again.close();
    expect(processRows(t.dataDir)).toEqual([]);
  });
});

describe('deletion', () => {
  it('deletes a stopped instance with InstanceDelete progression events and forgets it everywhere', async () => {
    const { t, owner, log } = await ownedCore();
    const info = await createVanilla(t, owner, log, 'Doomed');
    const end = log.next(
      (e) =>
        e.event_inner.type === 'ProgressionEvent' &&
        e.event_inner.progression_event_inner.type === 'ProgressionEnd' &&
        e.event_inner.progression_event_inner.inner?.type === 'InstanceDelete',
    );
    const res = await t.request('DELETE', `/instance/${info.uuid}`, { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBeNull();
    expect((await end).event_inner).toMatchObject({
      progression_event_inner: {
        success: true,
        message: 'Instance deleted successfully',
        inner: { instance_uuid: info.uuid },
      },
    });
    await expect(fs.stat(info.path)).rejects.toThrow();
    expect((await t.request('GET', `/instance/${info.uuid}/info`, { token: owner })).status).toBe(
      404,
    );
    expect((await t.request('GET', `/check/port/${info.port}`)).json).toMatchObject({
      is_allocated: false,
    });
    log.close();
  });
});
