import { snowflakeToMs } from '@hearth/protocol';
import type { ClientEvent, EventLevel, InstanceState, Player } from '@hearth/protocol';
import { t } from '@lingui/core/macro';
import { NOTIFICATION_LIMIT } from './notification-state.ts';
import type { AppNotification, NotificationState, OngoingProgress } from './notification-state.ts';

// dashboard.md §4 "Progression events" and "Player changes": what the event stream turns into
// notifications and ongoing progress, as a pure reducer.

function playerNames(players: readonly Player[]): string {
  return players.map((p) => p.name).join(', ');
}

/** "Survival is Running": one sentence per state, as each language says it. */
function stateSentence(instance: string, state: InstanceState): string {
  switch (state) {
    case 'Starting':
      return t`${instance} is Starting`;
    case 'Running':
      return t`${instance} is Running`;
    case 'Stopping':
      return t`${instance} is Stopping`;
    case 'Stopped':
      return t`${instance} is Stopped`;
    case 'Error':
      return t`${instance} is Error`;
  }
}

function addItems(state: NotificationState, items: AppNotification[]): NotificationState {
  if (items.length === 0) return state;
  const known = new Set(state.items.map((i) => i.key));
  const fresh = items.filter((i) => !known.has(i.key));
  if (fresh.length === 0) return state;
  const all = [...fresh, ...state.items].sort((a, b) => b.timestamp - a.timestamp);
  return { ...state, items: all.slice(0, NOTIFICATION_LIMIT) };
}

function instanceNotifications(
  event: ClientEvent,
  base: Omit<AppNotification, 'key' | 'title' | 'message' | 'level'>,
): AppNotification[] {
  const inner = event.event_inner;
  if (inner.type !== 'InstanceEvent') return [];
  const instance = inner.instance_name;
  const note = (suffix: string, message: string, level: EventLevel): AppNotification => ({
    ...base,
    key: `${event.snowflake}${suffix}`,
    title: instance,
    message,
    level,
  });
  const change = inner.instance_event_inner;
  switch (change.type) {
    case 'StateTransition':
      return [note('', stateSentence(instance, change.to), 'Info')];
    case 'InstanceError':
      return [note('', change.message, 'Error')];
    case 'InstanceWarning':
      return [note('', change.message, 'Warning')];
    case 'PlayerChange': {
      const out: AppNotification[] = [];
      if (change.players_joined.length > 0) {
        const players = playerNames(change.players_joined);
        out.push(note(':joined', t`${players} Joined ${instance}`, 'Info'));
      }
      if (change.players_left.length > 0) {
        const players = playerNames(change.players_left);
        out.push(note(':left', t`${players} Left ${instance}`, 'Info'));
      }
      return out;
    }
    case 'InstanceInput':
    case 'InstanceOutput':
    case 'SystemMessage':
    case 'PlayerMessage':
      return [];
  }
}

function applyProgression(
  state: NotificationState,
  event: ClientEvent,
  timestamp: number,
  fresh: boolean,
): NotificationState {
  const inner = event.event_inner;
  if (inner.type !== 'ProgressionEvent') return state;
  const id = inner.event_id;
  const step = inner.progression_event_inner;
  switch (step.type) {
    case 'ProgressionStart': {
      if (state.ongoing.some((o) => o.event_id === id)) return state;
      const entry: OngoingProgress = {
        event_id: id,
        title: step.progression_name,
        message: '',
        progress: 0,
        total: step.total,
        creationOf: step.inner?.type === 'InstanceCreation' ? step.inner.instance_uuid : null,
        startedAt: timestamp,
      };
      return { ...state, ongoing: [...state.ongoing, entry] };
    }
    case 'ProgressionUpdate': {
      let changed = false;
      const ongoing = state.ongoing.map((o) => {
        if (o.event_id !== id) return o;
        changed = true;
        const sum = o.progress + step.progress;
        return {
          ...o,
          message: step.progress_message,
          progress: o.total === null ? sum : Math.min(sum, o.total),
        };
      });
      return changed ? { ...state, ongoing } : state;
    }
    case 'ProgressionEnd': {
      const started = state.ongoing.find((o) => o.event_id === id);
      const rest = { ...state, ongoing: state.ongoing.filter((o) => o.event_id !== id) };
      return addItems(rest, [
        {
          key: event.snowflake,
          title: started?.title ?? (step.success ? t`Finished` : t`Failed`),
          message: step.message ?? (step.success ? t`Done` : t`Failed`),
          timestamp,
          level: step.success ? 'Info' : 'Error',
          fresh,
        },
      ]);
    }
  }
}

/** The state after `event`; `fresh` is false for events replayed from the buffer. */
export function applyNotificationEvent(
  state: NotificationState,
  event: ClientEvent,
  fresh: boolean,
): NotificationState {
  const timestamp = snowflakeToMs(event.snowflake);
  switch (event.event_inner.type) {
    case 'ProgressionEvent':
      return applyProgression(state, event, timestamp, fresh);
    case 'InstanceEvent':
      return addItems(state, instanceNotifications(event, { timestamp, fresh }));
    case 'UserEvent':
    case 'MacroEvent':
    case 'FSEvent':
    case 'PlayitggRunnerEvent':
      return state;
  }
}
