import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../errors.ts';
import { createLogger } from '../lib/logger.ts';
import { DbWrites, type DbWritesOptions } from './db-writes.ts';

const OPTIONS: DbWritesOptions = { waitMs: 200, retryMinMs: 1, retryMaxMs: 4, maxPending: 3 };

/** A database stand-in: refuses with `code` while `refusing` is set, else records the write. */
function fakeDb(code = 'SQLITE_BUSY') {
  const state = { refusing: null as string | null, written: [] as string[] };
  const write = (what: string) => () => {
    if (state.refusing) throw Object.assign(new Error(state.refusing), { code: state.refusing });
    state.written.push(what);
  };
  return {
    state,
    write,
    refuse: () => (state.refusing = code),
    accept: () => (state.refusing = null),
  };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe('DbWrites', () => {
  it('writes background writes at once while the database takes them', () => {
    const db = fakeDb();
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    writes.later('a', db.write('a'));
    expect(db.state.written).toEqual(['a']);
    expect(writes.pending).toBe(0);
  });

  it('keeps refused background writes in order, replaces a keyed one, and writes them once it can', async () => {
    const db = fakeDb('SQLITE_FULL');
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    db.refuse();
    writes.later('row', db.write('insert'));
    writes.later('row', db.write('first state'), 'row 1');
    writes.later('row', db.write('second state'), 'row 1');
    expect(writes.pending).toBe(2);
    expect(writes.warnings()[0]).toMatch(/2 records .* wait in memory for the database/);
    db.accept();
    await until(() => writes.pending === 0);
    expect(db.state.written).toEqual(['insert', 'second state']);
    expect(writes.warnings()).toEqual([]);
  });

  it('drops the oldest past the bound and counts them', () => {
    const db = fakeDb();
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    db.refuse();
    for (const name of ['a', 'b', 'c', 'd', 'e']) writes.later('row', db.write(name));
    expect(writes.pending).toBe(3);
    expect(writes.dropped).toBe(2);
    writes.close();
    expect(writes.dropped).toBe(5);
    expect(writes.warnings()).toEqual([
      '5 records (server processes, task history, webhook deliveries, schedule runs) could not be stored: the database did not take them.',
    ]);
  });

  it('counts a write the database refuses for good, and never throws it', () => {
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    writes.later('row', () => {
      throw Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT' });
    });
    expect(writes.pending).toBe(0);
    expect(writes.dropped).toBe(1);
  });

  it('lets a request wait out a short lock, writing what waited first', async () => {
    const db = fakeDb();
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    db.refuse();
    writes.later('row', db.write('background'));
    const request = writes.now(db.write('request'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    db.accept();
    await request;
    expect(db.state.written).toEqual(['background', 'request']);
  });

  it('answers DatabaseBusyError when the lock outlasts the wait', async () => {
    const db = fakeDb();
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    db.refuse();
    await expect(writes.now(db.write('request'))).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(db.state.written).toEqual([]);
  });

  it('throws other failures of a request write at once', async () => {
    const db = fakeDb('SQLITE_READONLY');
    const writes = new DbWrites(createLogger('silent'), OPTIONS);
    db.refuse();
    await expect(writes.now(db.write('request'))).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
  });
});
