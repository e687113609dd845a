import {
  activitySubject,
  actorOf,
  logEntrySearchText,
  type ClientEvent,
  type LogEntry,
} from '@hearth/protocol';
import { ACTIVITY_ROW, type EventRow } from '../repositories/event-repository.ts';

/** The stored row of a Lodestone event and, when the log shows it, its log entry. */
export function rowOfEvent(event: ClientEvent, entry: LogEntry | null): EventRow {
  const inner = event.event_inner;
  return {
    snowflake: event.snowflake,
    level: event.level,
    eventType: inner.type,
    instanceId:
      entry?.instance_uuid ?? (inner.type === 'InstanceEvent' ? inner.instance_uuid : null),
    userId: inner.type === 'UserEvent' ? inner.user_id : actorOf(event.caused_by),
    actorId: actorOf(event.caused_by),
    category: entry?.category ?? null,
    searchText: entry ? logEntrySearchText(entry) : null,
    value: JSON.stringify(event),
  };
}

/** The stored row of a Hearth activity (its value is the whole log entry). */
export function rowOfActivity(entry: LogEntry): EventRow {
  return {
    snowflake: entry.snowflake,
    level: entry.level,
    eventType: ACTIVITY_ROW,
    instanceId: entry.instance_uuid,
    // The user an account security entry is about may see it (events/log-visibility.ts).
    userId: entry.source === 'activity' ? activitySubject(entry.activity) : null,
    actorId: actorOf(entry.caused_by),
    category: entry.category,
    searchText: logEntrySearchText(entry),
    value: JSON.stringify(entry),
  };
}
