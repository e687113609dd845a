// A made-up event history for the event log benchmark: mostly state changes, commands and players
// like a real server's, a file write now and then, rare errors, and console lines that the log
// never shows (stored as the core stores them, with the core's own row builder).
import {
  deriveEventLevel,
  encodeSnowflake,
  logEntryOfEvent,
  type CausedBy,
  type ClientEvent,
  type EventInner,
} from '@hearth/protocol';
import type { Db } from '../../apps/core/src/db/database.ts';
import { rowOfEvent } from '../../apps/core/src/events/event-rows.ts';
import {
  EventRepository,
  type EventRow,
} from '../../apps/core/src/repositories/event-repository.ts';

export interface HistoryOptions {
  events: number;
  /** Instances the events are spread over: [uuid, name, folder]. */
  instances: readonly { uuid: string; name: string; dir: string }[];
  /** The user who acts in a quarter of the events. */
  actor: CausedBy;
  /** The newest event's time; one event a second before it. */
  endMs: number;
}

/** The rare player name the text-search filter looks for. */
export const RARE_PLAYER = 'Player77777';

function eventAt(i: number, o: HistoryOptions): ClientEvent {
  const instance = o.instances[i % o.instances.length]!;
  const base = {
    type: 'InstanceEvent',
    instance_uuid: instance.uuid,
    instance_name: instance.name,
  } as const;
  const player = i === 77_777 % o.events ? RARE_PLAYER : `Player${i}`;
  const kinds: EventInner[] = [
    {
      ...base,
      instance_event_inner: {
        type: 'InstanceOutput',
        message: `[Server thread/INFO]: line ${i}\n`,
      },
    },
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
        players_joined: i % 2 ? [{ type: 'GenericPlayer', id: player, name: player }] : [],
        players_left: i % 2 ? [] : [{ type: 'GenericPlayer', id: player, name: player }],
      },
    },
    {
      ...base,
      instance_event_inner: {
        type: 'InstanceError',
        message: `Server crashed (exit code ${i % 7})`,
      },
    },
    {
      type: 'FSEvent',
      operation: 'Write',
      target: { type: 'File', path: `${instance.dir}/config/file-${i}.txt` },
    },
  ];
  const pick = i % 97 === 0 ? 4 : [1, 2, 3, 0, 3, 1, 5, 3, 0, 2][i % 10]!;
  const inner = kinds[pick]!;
  return {
    event_inner: inner,
    details: '',
    snowflake: encodeSnowflake(o.endMs - (o.events - 1 - i) * 1000),
    level: deriveEventLevel(inner),
    caused_by: i % 4 === 0 ? o.actor : { type: 'System' },
  };
}

/** Writes the history into the core's database, in transactions of 10,000 rows. */
export function seedHistory(db: Db, o: HistoryOptions): void {
  const repo = new EventRepository(db);
  let batch: EventRow[] = [];
  for (let i = 0; i < o.events; i++) {
    const event = eventAt(i, o);
    const inner = event.event_inner;
    const instance = inner.type === 'FSEvent' ? o.instances[i % o.instances.length]!.uuid : null;
    batch.push(rowOfEvent(event, logEntryOfEvent(event, instance)));
    if (batch.length === 10_000) {
      repo.insertMany(batch);
      batch = [];
    }
  }
  if (batch.length) repo.insertMany(batch);
}
