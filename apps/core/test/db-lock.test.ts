// Issue 25, reproductions 2 and 5: another process holds the write lock of the core's SQLite
// database (an admin's `sqlite3` shell, a backup tool). The core must keep answering, refuse the
// writes it cannot do with a clear 503 after a bounded wait, and keep every event it could not
// store until the database takes it again: Event Logs show no gap.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InstanceInfoSchema } from '@hearth/protocol';
import type { TestCore } from './helpers.ts';
import {
  startAndWaitRunning,
  stopAndWaitStopped,
  useOwnedCore,
  useScratch,
  type EventLog,
} from './instance-helpers.ts';
import { createCheapInstance, kindOf, searchLog, stateOf } from './event-log-helpers.ts';
import { holdWriteLock } from './sqlite-lock.ts';
import { pollFor } from '../test-support/poll.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;
let dbFile: string;

useScratch('dblock', (dir) => (scratch = dir));
useOwnedCore(
  (core) => {
    ({ t, owner, log } = core);
    dbFile = path.join(t.dataDir, 'hearth.db');
  },
  { stopTimeoutMs: 5000 },
);

describe('a foreign write lock on the database', () => {
  it('never freezes the core: /info answers while a write waits, which then gets a 503', async () => {
    const uuid = await createCheapInstance(t, owner, log, scratch, 'Described');
    const lock = await holdWriteLock(dbFile);
    try {
      let written = false;
      const write = t
        .request('PUT', `/instance/${uuid}/description`, { token: owner, body: 'while locked' })
        .finally(() => (written = true));
      const info = await t.request('GET', '/info');
      expect(info.status).toBe(200);
      // The event loop answered while the write was still waiting for the lock.
      expect(written).toBe(false);
      const refused = await write;
      expect(lock.held).toBe(true);
      expect(refused.status, refused.text).toBe(503);
      expect(refused.json).toEqual({ kind: 'Internal', causes: ['The database is busy'] });
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await lock.release();
    }
    const after = await t.request('PUT', `/instance/${uuid}/description`, {
      token: owner,
      body: 'after the lock',
    });
    expect(after.status, after.text).toBe(200);
    const info = InstanceInfoSchema.parse(
      (await t.request('GET', `/instance/${uuid}/info`, { token: owner })).json,
    );
    expect(info.description).toBe('after the lock');
  });

  it('keeps the events it could not store and writes them, in order, once the lock is gone', async () => {
    const uuid = await createCheapInstance(t, owner, log, scratch, 'Held');
    const lock = await holdWriteLock(dbFile);
    try {
      await startAndWaitRunning(t, owner, log, uuid);
      const sent = await t.request('POST', `/instance/${uuid}/console`, {
        token: owner,
        body: 'say while locked',
      });
      expect(sent.status, sent.text).toBe(200);
      await stopAndWaitStopped(t, owner, log, uuid);
      expect(lock.held).toBe(true);
    } finally {
      await lock.release();
    }
    // Event Logs read SQLite: the stop shows there once the kept events are written.
    const entries = await pollFor(
      'the events to reach Event Logs',
      async () => {
        const found = (await searchLog(t, owner, { instances: [uuid] })).entries;
        return found.some((e) => stateOf(e) === 'Stopped') ? found : null;
      },
      { timeoutMs: 30_000 },
    );
    // Oldest first, the instance's creation (before the lock) left out.
    const story = entries
      .slice()
      .reverse()
      .map((e) => stateOf(e) ?? kindOf(e))
      .filter((kind) => kind !== 'ProgressionEvent');
    expect(story).toEqual(['Starting', 'Running', 'InstanceInput', 'Stopping', 'Stopped']);
  });
});
