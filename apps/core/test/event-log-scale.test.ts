// Issue 14: the event log over 100,000 stored events — each filter is one SQL statement per page
// walking an index (EXPLAIN QUERY PLAN), paging visits every match once in order, permission
// filtering in SQL agrees with the rule for live entries, retention prunes in batches, and rows
// stored before migration 006 are filed like new ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientEventSchema,
  deriveEventLevel,
  emptyLogFilter,
  emptyPermissions,
  encodeSnowflake,
  eventCategory,
  logEntryMatches,
  logEntryOfActivity,
  logEntryOfEvent,
  msToSnowflakeBound,
  type CausedBy,
  type ClientEvent,
  type LogEntry,
  type LogFilter,
  type Principal,
} from '@hearth/protocol';
import { PermissionGuard } from '../src/auth/permission-guard.ts';
import { migrate, type Db } from '../src/db/database.ts';
import { EventBus } from '../src/events/event-bus.ts';
import { rowOfActivity, rowOfEvent } from '../src/events/event-rows.ts';
import { LogVisibility } from '../src/events/log-visibility.ts';
import { createLogger } from '../src/lib/logger.ts';
import { EventLogRepository, logPageSql } from '../src/repositories/event-log-repository.ts';
import { EventRepository, type EventRow } from '../src/repositories/event-repository.ts';
import { EventLogService } from '../src/services/event-log/event-log-service.ts';
import { EventRetention, DEFAULT_RETENTION } from '../src/services/event-log/event-retention.ts';

const TOTAL = 100_000;
const INSTANCES = ['INSTANCE_a', 'INSTANCE_b', 'INSTANCE_c', 'INSTANCE_d'];
const USERS = ['USER_alice', 'USER_bob', 'USER_carol'];
const START_MS = Date.UTC(2025, 0, 1);
const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

let dir = '';
let db: Db;
/** Every SQL statement better-sqlite3 runs (its `verbose` hook). */
const statements: string[] = [];
/** Every stored log entry, newest first, for brute-force answers. */
let all: LogEntry[] = [];
let service: EventLogService;
let visibility: LogVisibility;
const log = createLogger('silent');

function cause(i: number): CausedBy {
  const u = i % 4;
  return u === 3
    ? { type: 'System' }
    : { type: 'User', user_id: USERS[u]!, user_name: USERS[u]!.slice(5) };
}

function eventAt(i: number): ClientEvent {
  const instance = INSTANCES[i % INSTANCES.length]!;
  const base = {
    type: 'InstanceEvent',
    instance_uuid: instance,
    instance_name: `Server ${instance}`,
  };
  const kinds: unknown[] = [
    { ...base, instance_event_inner: { type: 'InstanceOutput', message: `line ${i}\n` } },
    {
      ...base,
      instance_event_inner: { type: 'StateTransition', to: i % 2 ? 'Running' : 'Stopped' },
    },
    { ...base, instance_event_inner: { type: 'InstanceInput', message: `say hello ${i}` } },
    {
      ...base,
      instance_event_inner: {
        type: 'PlayerChange',
        player_list: [],
        players_joined: [{ type: 'GenericPlayer', id: `p${i}`, name: `Player${i}` }],
        players_left: [],
      },
    },
    { ...base, instance_event_inner: { type: 'InstanceError', message: `Server crashed (${i})` } },
    {
      type: 'FSEvent',
      operation: 'Write',
      target: { type: 'File', path: `/data/${instance}/f${i}` },
    },
    { type: 'UserEvent', user_id: USERS[i % 3], user_event_inner: { type: 'UserLoggedOut' } },
    { type: 'PlayitggRunnerEvent', playitgg_runner_event_inner: { type: 'RunnerStarted' } },
  ];
  // Mostly console lines and state changes, like a real history; errors are rare.
  const pick = i % 50 === 0 ? 4 : [0, 0, 0, 1, 2, 3, 5, 6, 7, 1][i % 10]!;
  const inner = ClientEventSchema.shape.event_inner.parse(kinds[pick]);
  return {
    event_inner: inner,
    details: '',
    snowflake: encodeSnowflake(START_MS + i * 1000),
    level: deriveEventLevel(inner),
    caused_by: cause(i),
  };
}

function rowAt(i: number): { row: EventRow; entry: LogEntry | null } {
  if (i % 97 === 0) {
    const entry = logEntryOfActivity(
      {
        type: 'InstanceSettingChanged',
        instance_uuid: INSTANCES[i % 4]!,
        instance_name: 'S',
        setting_id: 'max_players',
        setting_name: 'Max players',
        old_value: '1',
        new_value: String(i),
        secret: false,
      },
      encodeSnowflake(START_MS + i * 1000),
      cause(i),
    );
    return { row: rowOfActivity(entry), entry };
  }
  const event = eventAt(i);
  const fsInstance = event.event_inner.type === 'FSEvent' ? INSTANCES[i % INSTANCES.length]! : null;
  const entry = logEntryOfEvent(event, fsInstance);
  return { row: rowOfEvent(event, entry), entry };
}

function principal(permissions: Partial<ReturnType<typeof emptyPermissions>>, uid = 'USER_bob') {
  return {
    uid,
    isOwner: false,
    isAdmin: false,
    permissions: { ...emptyPermissions(), ...permissions },
  };
}
const OWNER: Principal = { ...principal({}, 'USER_owner'), isOwner: true };

/** Runs `fn` and returns what it did and the statements it ran. */
function counted<T>(fn: () => T): { value: T; sql: string[] } {
  const from = statements.length;
  const value = fn();
  return { value, sql: statements.slice(from) };
}

function plan(filter: LogFilter, viewer: Principal): string {
  const scope = visibility.scope(viewer);
  const { sql, params } = logPageSql(
    {
      before: null,
      from: filter.since === null ? null : msToSnowflakeBound(filter.since),
      to: filter.until === null ? null : msToSnowflakeBound(filter.until + 1),
      levels: filter.levels,
      categories: filter.categories,
      instances: filter.instances,
      actors: filter.actors && {
        ids: filter.actors.filter((a) => a !== '@system'),
        system: filter.actors.includes('@system'),
      },
      text: filter.text?.toLowerCase() ?? null,
      scope,
    },
    101,
  );
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((r) => r.detail).join('\n');
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-log-scale-'));
  db = new Database(path.join(dir, 'log.db'), { verbose: (sql) => statements.push(String(sql)) });
  db.pragma('journal_mode = WAL');
  migrate(db, MIGRATIONS);
  const repo = new EventRepository(db);
  const rows: EventRow[] = [];
  for (let i = 0; i < TOTAL; i++) {
    const { row, entry } = rowAt(i);
    rows.push(row);
    if (entry) all.push(entry);
  }
  repo.insertMany(rows);
  all = all.reverse();
  visibility = new LogVisibility(new PermissionGuard(() => true));
  service = new EventLogService(
    new EventBus(null, log),
    new EventLogRepository(db),
    visibility,
    log,
  );
}, 120_000);

afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const FILTERS: [string, Partial<LogFilter>, RegExp][] = [
  ['no filter', {}, /USING INDEX client_events_log\b/],
  ['one instance', { instances: ['INSTANCE_b'] }, /USING INDEX client_events_log_instance/],
  ['one kind', { categories: ['players'] }, /USING INDEX client_events_log_(category|instance)?\b/],
  ['errors only', { levels: ['Error'] }, /USING INDEX client_events_log_level/],
  ['who', { actors: ['USER_carol'] }, /USING INDEX client_events_log_actor/],
  [
    'time range',
    { since: START_MS + 10_000_000, until: START_MS + 20_000_000 },
    /USING INDEX client_events_log\b.*snowflake_num/,
  ],
  ['text', { text: 'Player77' }, /USING INDEX client_events_log/],
  [
    'everything at once',
    {
      instances: ['INSTANCE_a'],
      categories: ['console'],
      levels: ['Info'],
      actors: ['USER_alice', '@system'],
      since: START_MS,
      until: START_MS + TOTAL * 1000,
    },
    /USING INDEX client_events_log/,
  ],
];

describe('the event log over 100,000 stored events', () => {
  it('keeps console lines out of the log and everything else in', () => {
    const logRows = (
      db.prepare('SELECT COUNT(*) AS n FROM client_events WHERE category IS NOT NULL').get() as {
        n: number;
      }
    ).n;
    expect(logRows).toBe(all.length);
    expect(all.length).toBeGreaterThan(60_000);
    expect(all.length).toBeLessThan(TOTAL);
  });

  for (const [name, partial, index] of FILTERS) {
    it(`answers "${name}" with one statement per page on an index, and pages through every match once`, () => {
      const filter = { ...emptyLogFilter(), ...partial };
      const expected = all.filter((e) => logEntryMatches(e, filter));
      expect(expected.length).toBeGreaterThan(0);

      const first = counted(() => service.search(OWNER, { filter, before: null, limit: 100 }));
      expect(first.sql).toHaveLength(1);
      expect(first.value.entries.map((e) => e.snowflake)).toEqual(
        expected.slice(0, 100).map((e) => e.snowflake),
      );

      const shown = plan(filter, OWNER);
      expect(shown).toMatch(index);
      expect(shown).not.toMatch(/SCAN client_events\b(?! USING)/);

      // Walk to the end with big pages: every match once, newest first, one statement a page.
      const seen: string[] = [];
      let before: string | null = null;
      let pages = 0;
      for (;;) {
        const page = counted(() => service.search(OWNER, { filter, before, limit: 500 }));
        expect(page.sql).toHaveLength(1);
        pages++;
        seen.push(...page.value.entries.map((e) => e.snowflake));
        if (page.value.next_cursor === null) break;
        before = page.value.next_cursor;
      }
      expect(seen).toEqual(expected.map((e) => e.snowflake));
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 500)));
    });
  }

  it('walks the index in order for a one-instance page (no sort of the whole history)', () => {
    const shown = plan({ ...emptyLogFilter(), instances: ['INSTANCE_c'] }, OWNER);
    expect(shown).not.toMatch(/TEMP B-TREE/);
  });

  it('shows a user who sees one instance only that instance’s entries, in SQL as live', () => {
    const bob = principal({
      can_view_instance: ['INSTANCE_a'],
      can_access_instance_console: ['INSTANCE_a', 'INSTANCE_b'],
    });
    const scope = visibility.scope(bob);
    const mayView = (e: LogEntry) => visibility.allows(scope, e);
    for (const partial of [
      {},
      { instances: ['INSTANCE_a'] },
      { instances: ['INSTANCE_b'] },
      { categories: ['users' as const] },
    ]) {
      const filter = { ...emptyLogFilter(), ...partial };
      const expected = all.filter((e) => logEntryMatches(e, filter) && mayView(e));
      const page = counted(() => service.search(bob, { filter, before: null, limit: 200 }));
      expect(page.sql).toHaveLength(1);
      expect(page.value.entries.map((e) => e.snowflake)).toEqual(
        expected.slice(0, 200).map((e) => e.snowflake),
      );
    }
    const everything = service.search(bob, { filter: emptyLogFilter(), before: null, limit: 500 });
    for (const e of everything.entries) {
      if (e.instance_uuid !== null) expect(e.instance_uuid).toBe('INSTANCE_a');
      // Files need file permission, which bob lacks.
      expect(e.category).not.toBe('files');
      if (e.category === 'users' && e.source === 'event' && e.event_inner.type === 'UserEvent')
        expect(e.event_inner.user_id).toBe('USER_bob');
    }
    expect(everything.entries.some((e) => e.category === 'console')).toBe(true);
    expect(everything.entries.some((e) => e.category === 'tunnels')).toBe(true);
    expect(plan(emptyLogFilter(), bob)).toMatch(/USING INDEX client_events_log/);
    expect(plan({ ...emptyLogFilter(), instances: ['INSTANCE_a'] }, bob)).toMatch(
      /USING INDEX client_events_log_instance/,
    );
  });

  it('exports a filter as JSON lines and CSV a chunk at a time', async () => {
    const filter = {
      ...emptyLogFilter(),
      instances: ['INSTANCE_d'],
      categories: ['players' as const],
    };
    const expected = all.filter((e) => logEntryMatches(e, filter));
    const chunks: string[] = [];
    const from = statements.length;
    for await (const chunk of service.export(OWNER, filter, 'jsonl')) chunks.push(chunk);
    const lines = chunks.join('').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as LogEntry).snowflake)).toEqual(
      expected.map((e) => e.snowflake),
    );
    // One statement per thousand entries (and the last, short one).
    expect(statements.length - from).toBe(Math.ceil((expected.length + 1) / 1000));
    expect(chunks.length).toBeGreaterThan(1);

    let csv = '';
    for await (const chunk of service.export(OWNER, filter, 'csv')) csv += chunk;
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('time,level,kind,instance,instance_uuid,who,summary,detail,snowflake');
    expect(rows).toHaveLength(expected.length + 1);
    expect(rows[1]).toContain(',players,Server INSTANCE_d,');
  });
});

describe('retention', () => {
  it('finds the count cutoff across more log entries than one step reads', async () => {
    const retention = new EventRetention(new EventLogRepository(db), log, {
      ...DEFAULT_RETENTION,
      days: 0,
      maxEvents: 60_001,
    });
    expect(await retention.cutoff()).toBe(BigInt(all[60_000]!.snowflake));
    const tooMany = new EventRetention(new EventLogRepository(db), log, {
      ...DEFAULT_RETENTION,
      days: 0,
      maxEvents: all.length + 1,
    });
    expect(await tooMany.cutoff()).toBeNull();
  });

  it('keeps the newest N log entries and the last N days, deleting in batches', async () => {
    const scratch = new Database(':memory:');
    migrate(scratch, MIGRATIONS);
    const repo = new EventRepository(scratch);
    const rows: EventRow[] = [];
    for (let i = 0; i < 5000; i++) rows.push(rowAt(i).row);
    repo.insertMany(rows);
    const logCount = () =>
      (
        scratch
          .prepare('SELECT COUNT(*) AS n FROM client_events WHERE category IS NOT NULL')
          .get() as { n: number }
      ).n;
    const total = () =>
      (scratch.prepare('SELECT COUNT(*) AS n FROM client_events').get() as { n: number }).n;
    const oldest = () =>
      (
        scratch
          .prepare('SELECT MIN(snowflake_num) AS n FROM client_events')
          .safeIntegers(true)
          .get() as { n: bigint }
      ).n;
    const statementsRun: string[] = [];
    const logRepo = new EventLogRepository(scratch);
    const deleteOlderThan = logRepo.deleteOlderThan.bind(logRepo);
    logRepo.deleteOlderThan = (bound, batch) => {
      statementsRun.push(`delete ${batch}`);
      return deleteOlderThan(bound, batch);
    };

    const byCount = new EventRetention(logRepo, log, {
      ...DEFAULT_RETENTION,
      days: 0,
      maxEvents: 1000,
      batchSize: 300,
      now: () => START_MS + 5000 * 1000,
    });
    const before = total();
    const deleted = await byCount.runOnce();
    expect(logCount()).toBe(1000);
    expect(total()).toBe(before - deleted);
    // Console rows older than the oldest kept entry went too; newer ones stayed.
    expect(BigInt(encodeSnowflake(START_MS + 3700 * 1000))).toBeGreaterThan(oldest());
    expect(statementsRun.length).toBe(Math.ceil(deleted / 300) + (deleted % 300 === 0 ? 1 : 0));

    const byAge = new EventRetention(logRepo, log, {
      ...DEFAULT_RETENTION,
      days: 1,
      maxEvents: 0,
      batchSize: 300,
      // "Now" is one day after the 4,500th second: only the last 500 seconds are kept.
      now: () => START_MS + 4500 * 1000 + 24 * 3600 * 1000,
    });
    await byAge.runOnce();
    expect(oldest()).toBeGreaterThanOrEqual(BigInt(encodeSnowflake(START_MS + 4500 * 1000, 0)));
    expect(total()).toBe(500);
    await byAge.stop();
    await byCount.stop();
    scratch.close();
  });
});

describe('rows stored before the event log existed', () => {
  it('are filed by migration 006 exactly as the core files new ones', () => {
    const legacyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-log-legacy-'));
    try {
      const only001 = path.join(legacyDir, 'migrations');
      fs.mkdirSync(only001);
      fs.copyFileSync(
        path.join(MIGRATIONS, '001_initial.sql'),
        path.join(only001, '001_initial.sql'),
      );
      const old = new Database(':memory:');
      migrate(old, only001);
      const insert = old.prepare(
        'INSERT INTO client_events (snowflake, snowflake_num, level, event_type, instance_id, user_id, event_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      const events: ClientEvent[] = [];
      for (let i = 0; i < 400; i++) events.push(eventAt(i));
      events.push({
        ...eventAt(1),
        snowflake: encodeSnowflake(START_MS - 1000),
        event_inner: { type: 'FSEvent', operation: 'Read', target: { type: 'File', path: '/x' } },
        level: 'Info',
      });
      for (const e of events)
        insert.run(
          e.snowflake,
          BigInt(e.snowflake),
          e.level,
          e.event_inner.type,
          null,
          null,
          JSON.stringify(e),
        );
      migrate(old, MIGRATIONS);
      const stored = old
        .prepare('SELECT category, actor_id, event_value FROM client_events ORDER BY id')
        .all() as { category: string | null; actor_id: string | null; event_value: string }[];
      expect(stored).toHaveLength(events.length);
      stored.forEach((row, i) => {
        const e = events[i]!;
        expect(row.category).toBe(eventCategory(e.event_inner));
        expect(row.actor_id).toBe(e.caused_by.type === 'User' ? e.caused_by.user_id : null);
      });
      old.close();
    } finally {
      fs.rmSync(legacyDir, { recursive: true, force: true });
    }
  });
});
