import {
  ClientEventSchema,
  LogCategorySchema,
  LogEntrySchema,
  SYSTEM_ACTOR,
  logEntryMatches,
  msToSnowflakeBound,
  type LogEntry,
  type LogFilter,
  type LogPage,
  type LogQuery,
} from '@hearth/protocol';
import type { Principal } from '../../auth/permission-guard.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { LogVisibility } from '../../events/log-visibility.ts';
import type { Logger } from '../../lib/logger.ts';
import { ACTIVITY_ROW } from '../../repositories/event-repository.ts';
import type {
  EventLogRepository,
  LogConditions,
  LogRow,
  LogScope,
} from '../../repositories/event-log-repository.ts';
import { csvHeader, csvLine } from './log-csv.ts';

/** Rows read per statement while exporting (the export never holds more than this in memory). */
const EXPORT_CHUNK = 1000;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The event log (issue 14): search with filters and cursor paging, export and live entries — each
 * entry once, filtered by what the viewer may see (events/log-visibility.ts) in the SQL itself, so
 * a page is one statement however much of the history the viewer may not see.
 */
export class EventLogService {
  constructor(
    private readonly events: EventBus,
    private readonly repository: EventLogRepository,
    private readonly visibility: LogVisibility,
    private readonly log: Logger,
    /** An instance's current name (null once deleted): the export's `instance` column. */
    private readonly instanceName: (uuid: string) => string | null = () => null,
  ) {}

  search(viewer: Principal, query: LogQuery): LogPage {
    this.events.flush({ reader: true });
    const conditions = this.conditions(viewer, query.filter, query.before);
    const rows = this.repository.page(conditions, query.limit + 1);
    const more = rows.length > query.limit;
    const entries = this.entries(rows.slice(0, query.limit));
    const last = rows[query.limit - 1];
    return {
      entries,
      next_cursor: more && last ? last.snowflake : null,
    };
  }

  /** Every entry the filter matches, newest first, as JSON lines or CSV, a chunk at a time. */
  async *export(
    viewer: Principal,
    filter: LogFilter,
    format: 'jsonl' | 'csv',
  ): AsyncGenerator<string> {
    this.events.flush({ reader: true });
    if (format === 'csv') yield csvHeader();
    let before: string | null = null;
    for (;;) {
      const page = this.search(viewer, { filter, before, limit: EXPORT_CHUNK });
      let chunk = '';
      for (const entry of page.entries)
        chunk +=
          format === 'csv' ? csvLine(entry, this.instanceName) : `${JSON.stringify(entry)}\n`;
      if (chunk) yield chunk;
      if (page.next_cursor === null) return;
      before = page.next_cursor;
      await yieldToLoop();
    }
  }

  /** Sends each new entry the viewer (as they are now) may see and the filter matches. */
  stream(send: (frame: string) => void, viewer: () => Principal, filter: LogFilter): () => void {
    return this.events.subscribeLog((entry) => {
      if (!logEntryMatches(entry, filter)) return;
      if (!this.visibility.allows(this.visibility.scope(viewer()), entry)) return;
      send(JSON.stringify(entry));
    });
  }

  private conditions(viewer: Principal, f: LogFilter, before: string | null): LogConditions {
    const scope: LogScope | null = this.visibility.scope(viewer);
    return {
      before: before === null ? null : BigInt(before),
      from: f.since === null ? null : msToSnowflakeBound(f.since),
      to: f.until === null ? null : msToSnowflakeBound(f.until + 1),
      levels: f.levels,
      categories: f.categories,
      instances: f.instances,
      actors: f.actors && {
        ids: f.actors.filter((a) => a !== SYSTEM_ACTOR),
        system: f.actors.includes(SYSTEM_ACTOR),
      },
      text: f.text === null ? null : f.text.toLowerCase(),
      scope,
    };
  }

  private entries(rows: LogRow[]): LogEntry[] {
    const out: LogEntry[] = [];
    for (const row of rows) {
      const entry = this.entryOf(row);
      if (entry) out.push(entry);
    }
    return out;
  }

  private entryOf(row: LogRow): LogEntry | null {
    try {
      const json: unknown = JSON.parse(row.event_value);
      if (row.event_type === ACTIVITY_ROW) return LogEntrySchema.parse(json);
      const event = ClientEventSchema.parse(json);
      return {
        source: 'event',
        snowflake: event.snowflake,
        level: event.level,
        category: LogCategorySchema.parse(row.category),
        instance_uuid: row.instance_id,
        caused_by: event.caused_by,
        details: event.details,
        event_inner: event.event_inner,
      };
    } catch (err) {
      this.log.warn({ err }, 'skipping an unreadable event log row');
      return null;
    }
  }
}
