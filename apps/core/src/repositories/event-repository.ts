import { ClientEventSchema, type ClientEvent } from '@hearth/protocol';
import type { Db } from '../db/database.ts';

/** SQL for the event history (core-api.md §3.16). */
export class EventRepository {
  private readonly insertStmt;

  constructor(private readonly db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO client_events (snowflake, snowflake_num, level, event_type, instance_id, user_id, event_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  insertMany(events: ClientEvent[]): void {
    this.db.transaction((batch: ClientEvent[]) => {
      for (const e of batch) {
        const inner = e.event_inner;
        const instanceId =
          inner.type === 'InstanceEvent' || inner.type === 'MacroEvent'
            ? inner.instance_uuid
            : null;
        const userId =
          inner.type === 'UserEvent'
            ? inner.user_id
            : e.caused_by.type === 'User'
              ? e.caused_by.user_id
              : null;
        this.insertStmt.run(
          e.snowflake,
          BigInt(e.snowflake),
          e.level,
          inner.type,
          instanceId,
          userId,
          JSON.stringify(e),
        );
      }
    })(events);
  }

  /** Events between two snowflake bounds (inclusive start, exclusive end), oldest first. */
  range(start: bigint | null, end: bigint | null, limit: number): ClientEvent[] {
    const rows = this.db
      .prepare(
        'SELECT event_value FROM client_events WHERE snowflake_num >= ? AND snowflake_num < ? ORDER BY snowflake_num DESC LIMIT ?',
      )
      .safeIntegers(false)
      .all(start ?? -(2n ** 63n), end ?? 2n ** 63n - 1n, limit) as { event_value: string }[];
    return rows.reverse().map((r) => ClientEventSchema.parse(JSON.parse(r.event_value)));
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM client_events').get() as { n: number }).n;
  }

  /** Keeps the newest `keep` rows. */
  prune(keep: number): void {
    this.db
      .prepare('DELETE FROM client_events WHERE id <= (SELECT MAX(id) FROM client_events) - ?')
      .run(keep);
  }
}
