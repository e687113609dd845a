import { ClientEventSchema, type ClientEvent } from '@hearth/protocol';
import type { Db } from '../db/database.ts';

/** One stored row of the event history, its columns already worked out (events/event-rows.ts). */
export interface EventRow {
  snowflake: string;
  level: string;
  /** The EventInner type, or ACTIVITY_ROW for a Hearth activity. */
  eventType: string;
  instanceId: string | null;
  /** A UserEvent's user, else the user who caused the event. */
  userId: string | null;
  actorId: string | null;
  /** Null when the event log leaves the row out (console output, file reads, progress steps). */
  category: string | null;
  searchText: string | null;
  /** A ClientEvent's JSON, or a LogEntry's for an activity. */
  value: string;
}

/** `event_type` of rows that hold a Hearth activity (never returned by the Lodestone search). */
export const ACTIVITY_ROW = 'Activity';

/** SQL for the event history (core-api.md §3.16). */
export class EventRepository {
  private readonly insertStmt;

  constructor(private readonly db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO client_events (snowflake, snowflake_num, level, event_type, instance_id, user_id, actor_id, category, search_text, event_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  insertMany(rows: EventRow[]): void {
    this.db.transaction((batch: EventRow[]) => {
      for (const r of batch) {
        this.insertStmt.run(
          r.snowflake,
          BigInt(r.snowflake),
          r.level,
          r.eventType,
          r.instanceId,
          r.userId,
          r.actorId,
          r.category,
          r.searchText,
          r.value,
        );
      }
    })(rows);
  }

  /** Lodestone events between two snowflake bounds (inclusive start, exclusive end), oldest first. */
  range(start: bigint | null, end: bigint | null, limit: number): ClientEvent[] {
    const rows = this.db
      .prepare(
        `SELECT event_value FROM client_events WHERE snowflake_num >= ? AND snowflake_num < ? AND event_type <> '${ACTIVITY_ROW}' ORDER BY snowflake_num DESC LIMIT ?`,
      )
      .safeIntegers(false)
      .all(start ?? -(2n ** 63n), end ?? 2n ** 63n - 1n, limit) as { event_value: string }[];
    return rows.reverse().map((r) => ClientEventSchema.parse(JSON.parse(r.event_value)));
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM client_events').get() as { n: number }).n;
  }
}
