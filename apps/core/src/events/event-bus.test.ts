import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventInner } from '@hearth/protocol';
import { openDatabase, type Db } from '../db/database.ts';
import { createLogger } from '../lib/logger.ts';
import { EventRepository } from '../repositories/event-repository.ts';
import { EventBus } from './event-bus.ts';

const created = (n: number): EventInner => ({
  type: 'UserEvent',
  user_id: `USER_${n}`,
  user_event_inner: { type: 'UserCreated' },
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A bus over a real SQLite file, and a second connection (another client) that can lock it. */
function setup(maxPending?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bus-'));
  const file = path.join(dir, 'hearth.db');
  const db: Db = openDatabase(file);
  const repository = new EventRepository(db);
  const bus = new EventBus(repository, createLogger('silent'), maxPending);
  const other = new Database(file);
  cleanups.push(() => {
    bus.close();
    other.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const stored = () =>
    (
      db.prepare('SELECT event_value FROM client_events ORDER BY id').all() as {
        event_value: string;
      }[]
    ).map(
      (r) =>
        (JSON.parse(r.event_value) as { event_inner: { user_id: string } }).event_inner.user_id,
    );
  return { bus, repository, other, stored };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('EventBus storage', () => {
  it('keeps the events the database refused and stores them, in order, once it takes them', async () => {
    const { bus, other, stored } = setup();
    other.exec('BEGIN IMMEDIATE');
    for (let n = 0; n < 3; n++) bus.emit(created(n));
    bus.flush();
    expect(stored()).toEqual([]);
    expect(bus.warnings()[0]).toMatch(/^3 events wait in memory for the database/);
    other.exec('COMMIT');
    bus.emit(created(3));
    await until(() => stored().length === 4);
    expect(stored()).toEqual(['USER_0', 'USER_1', 'USER_2', 'USER_3']);
    expect(bus.droppedWrites).toBe(0);
    expect(bus.warnings()).toEqual([]);
  });

  it('a reader’s flush tries at once while the timer’s tries back off', () => {
    const { bus, other, stored } = setup();
    other.exec('BEGIN IMMEDIATE');
    bus.emit(created(0));
    bus.flush();
    expect(stored()).toEqual([]);
    other.exec('COMMIT');
    // The refused write set a wait before the next timed try; a reader does not wait for it.
    bus.flush({ reader: true });
    expect(stored()).toEqual(['USER_0']);
    expect(bus.warnings()).toEqual([]);
  });

  it('drops the oldest past its bound, counts them and says so', async () => {
    const { bus, other, stored } = setup(3);
    other.exec('BEGIN IMMEDIATE');
    for (let n = 0; n < 5; n++) bus.emit(created(n));
    bus.flush();
    expect(bus.droppedWrites).toBe(2);
    other.exec('COMMIT');
    await until(() => stored().length === 3);
    expect(stored()).toEqual(['USER_2', 'USER_3', 'USER_4']);
    expect(bus.warnings()).toEqual([
      '2 events could not be stored and are missing from Event Logs (the database did not take them).',
    ]);
  });
});

describe('listeners', () => {
  it('one that throws keeps no event, log entry or Hearth signal from the others', () => {
    const { bus } = setup();
    const got = new Set<string>();
    const broken = () => {
      throw new Error('a listener bug');
    };
    bus.subscribe(broken);
    bus.subscribe(() => got.add('event'));
    bus.subscribeLog(broken);
    bus.subscribeLog(() => got.add('log entry'));
    bus.subscribeHearth(broken);
    bus.subscribeHearth(() => got.add('signal'));
    bus.emit(created(0));
    bus.record(
      {
        type: 'CoreSettingChanged',
        setting_id: 'name',
        setting_name: 'Name',
        old_value: 'a',
        new_value: 'b',
      },
      { type: 'System' },
    );
    bus.signal({ type: 'MacrosChanged', instance_uuid: 'INSTANCE_x' });
    expect([...got].sort()).toEqual(['event', 'log entry', 'signal']);
  });
});
