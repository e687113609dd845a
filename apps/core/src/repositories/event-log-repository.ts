import type { LogCategory } from '@hearth/protocol';
import type { Db } from '../db/database.ts';

/**
 * What a viewer may see of the log, as data (events/log-visibility.ts builds it; this file turns
 * it into SQL). Entries with an instance: category → instances whose entries may be seen ('all' =
 * any). Entries without one: category → everyone, the user the entry is about, or its causer.
 */
export interface LogScope {
  uid: string;
  withInstance: Partial<Record<LogCategory, 'all' | string[]>>;
  withoutInstance: Partial<Record<LogCategory, 'everyone' | 'subject' | 'actor'>>;
}

/** One page's conditions, already in column terms. */
export interface LogConditions {
  /** Exclusive upper bound (the cursor). */
  before: bigint | null;
  /** Inclusive lower and exclusive upper snowflake bounds of the time range. */
  from: bigint | null;
  to: bigint | null;
  levels: string[] | null;
  categories: string[] | null;
  instances: string[] | null;
  /** User ids; `system` adds the rows no user caused. */
  actors: { ids: string[]; system: boolean } | null;
  /** Lower case; matched anywhere in the stored words. */
  text: string | null;
  scope: LogScope | null;
}

export interface LogRow {
  snowflake: string;
  event_type: string;
  category: string;
  instance_id: string | null;
  event_value: string;
}

type Param = string | number | bigint;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

function scopeSql(scope: LogScope, params: Param[]): string {
  const groups = new Map<string, { categories: string[]; set: 'all' | string[] }>();
  for (const [category, set] of Object.entries(scope.withInstance)) {
    const key = set === 'all' ? 'all' : JSON.stringify(set);
    const group = groups.get(key) ?? { categories: [], set };
    group.categories.push(category);
    groups.set(key, group);
  }
  const withInstance: string[] = [];
  for (const { categories, set } of groups.values()) {
    params.push(...categories);
    if (set === 'all') {
      withInstance.push(`category IN (${marks(categories.length)})`);
    } else {
      params.push(...set);
      withInstance.push(
        `(category IN (${marks(categories.length)}) AND instance_id IN (${marks(set.length)}))`,
      );
    }
  }
  const withoutInstance: string[] = [];
  for (const [category, who] of Object.entries(scope.withoutInstance)) {
    params.push(category);
    if (who === 'everyone') withoutInstance.push('category = ?');
    else {
      params.push(scope.uid);
      withoutInstance.push(`(category = ? AND ${who === 'subject' ? 'user_id' : 'actor_id'} = ?)`);
    }
  }
  const a = withInstance.length
    ? `(instance_id IS NOT NULL AND (${withInstance.join(' OR ')}))`
    : '';
  const b = withoutInstance.length
    ? `(instance_id IS NULL AND (${withoutInstance.join(' OR ')}))`
    : '';
  return `(${[a, b].filter(Boolean).join(' OR ') || '0'})`;
}

/**
 * One page of the event log: a single statement, newest first, walking one of the partial log
 * indexes (migration 006) so a page costs about its own size whatever the history holds.
 */
export function logPageSql(c: LogConditions, limit: number): { sql: string; params: Param[] } {
  const where = ['category IS NOT NULL'];
  const params: Param[] = [];
  const list = (column: string, values: string[] | null) => {
    if (values === null) return;
    where.push(values.length ? `${column} IN (${marks(values.length)})` : '0');
    params.push(...values);
  };
  if (c.before !== null) {
    where.push('snowflake_num < ?');
    params.push(c.before);
  }
  if (c.from !== null) {
    where.push('snowflake_num >= ?');
    params.push(c.from);
  }
  if (c.to !== null) {
    where.push('snowflake_num < ?');
    params.push(c.to);
  }
  list('level', c.levels);
  list('category', c.categories);
  list('instance_id', c.instances);
  if (c.actors) {
    const parts: string[] = [];
    if (c.actors.ids.length) parts.push(`actor_id IN (${marks(c.actors.ids.length)})`);
    if (c.actors.system) parts.push('actor_id IS NULL');
    where.push(parts.length ? `(${parts.join(' OR ')})` : '0');
    params.push(...c.actors.ids);
  }
  if (c.text !== null) {
    where.push('instr(search_text, ?) > 0');
    params.push(c.text);
  }
  if (c.scope) where.push(scopeSql(c.scope, params));
  params.push(limit);
  return {
    sql: `SELECT snowflake, event_type, category, instance_id, event_value FROM client_events WHERE ${where.join(' AND ')} ORDER BY snowflake_num DESC LIMIT ?`,
    params,
  };
}

/** SQL for reading and pruning the event log. */
export class EventLogRepository {
  constructor(private readonly db: Db) {}

  page(conditions: LogConditions, limit: number): LogRow[] {
    const { sql, params } = logPageSql(conditions, limit);
    return this.db.prepare(sql).all(...params) as LogRow[];
  }

  /**
   * The snowflake of the `n`-th log row older than `before` (newest first; null `before` = from the
   * newest), or null when there are fewer. Retention walks the index with it in short steps.
   */
  nthOlder(before: bigint | null, n: number): bigint | null {
    const row = this.db
      .prepare(
        'SELECT snowflake_num AS n FROM client_events WHERE category IS NOT NULL AND snowflake_num < ? ORDER BY snowflake_num DESC LIMIT 1 OFFSET ?',
      )
      .safeIntegers(true)
      .get(before ?? 2n ** 63n - 1n, n - 1) as { n: bigint } | undefined;
    return row ? row.n : null;
  }

  /** Deletes up to `batch` of the oldest rows older than `bound`; returns how many went. */
  deleteOlderThan(bound: bigint, batch: number): number {
    return this.db
      .prepare(
        'DELETE FROM client_events WHERE id IN (SELECT id FROM client_events WHERE snowflake_num < ? ORDER BY snowflake_num LIMIT ?)',
      )
      .run(bound, batch).changes;
  }
}
