import type { CausedBy, EventInner, FSOperation, InstanceEventInner } from './events.ts';
import type { AccountSecurityAction, Activity, LogEntry } from './event-log.ts';
import type { Player } from './instances.ts';
import type { PlayerActionKind } from './players.ts';

// An event log entry in words ("Steve joined", "Stopped by alice", "Macro greeter failed"), in
// English, for the core: webhook payloads, the CSV export and the text search all say the same
// thing. The dashboard says it in the reader's language, built from the same typed parts
// (apps/dashboard/src/features/event-logs/log-sentences.ts); its English must stay word for word
// this (its test compares the two over an entry of every kind), so a wording changed here is
// changed there too.

export interface LogEntryText {
  title: string;
  /** A second line (an error message, old → new, the event's details), or null. */
  detail: string | null;
}

/** Optional lookups that make the words friendlier; without them ids and host paths are shown. */
export interface LogNames {
  /** A user's current name by uid. */
  user?: (uid: string) => string | undefined;
  /** How to show an absolute host path (e.g. relative to its instance folder). */
  path?: (absolute: string) => string;
}

/** Who caused an entry, in words: a macro task's doings name the macro and who started it. */
export function causeName(causedBy: CausedBy): string {
  switch (causedBy.type) {
    case 'User': {
      const who =
        causedBy.api_key_name === undefined
          ? causedBy.user_name
          : `${causedBy.user_name} via API key ${causedBy.api_key_name}`;
      return causedBy.macro_name === undefined
        ? who
        : `macro ${causedBy.macro_name} started by ${who}`;
    }
    case 'Instance':
      return 'Instance';
    case 'Macro':
      if (causedBy.macro_name === undefined) return `Macro ${causedBy.macro_pid}`;
      return causedBy.user_name === undefined
        ? `macro ${causedBy.macro_name}`
        : `macro ${causedBy.macro_name} started by ${causedBy.user_name}`;
    case 'System':
      return 'System';
    case 'Unknown':
      return 'Unknown';
  }
}

function byUser(causedBy: CausedBy): string {
  return causedBy.type === 'User' ? ` by ${causeName(causedBy)}` : '';
}

/** A macro task's start or end, named by the macro and its starter when the cause carries them. */
function macroText(
  inner: Extract<EventInner, { type: 'MacroEvent' }>,
  causedBy: CausedBy,
): LogEntryText {
  const m = inner.macro_event_inner;
  const named = causedBy.type === 'Macro' && causedBy.macro_name !== undefined;
  const name = named ? `Macro ${causedBy.macro_name}` : `Macro ${inner.macro_pid}`;
  const starter =
    causedBy.type === 'Macro' && causedBy.user_name !== undefined ? causedBy.user_name : null;
  if (m.type === 'Started')
    return { title: `${name} started${starter === null ? '' : ` by ${starter}`}`, detail: null };
  if (m.type === 'Detach') return { title: `${name} detached`, detail: null };
  const who = starter === null ? name : `${name} (started by ${starter})`;
  switch (m.exit_status.type) {
    case 'Success':
      return { title: `${who} finished`, detail: null };
    case 'Killed':
      return { title: `${who} killed`, detail: null };
    case 'Error':
      return { title: `${who} failed`, detail: m.exit_status.error_msg };
  }
  return { title: `${who} stopped`, detail: null };
}

function names(players: readonly Player[]): string {
  const list = players.map((p) => p.name);
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

const STATE_TEXT = {
  Starting: ['Started', 'Starting'],
  Running: ['Running', 'Running'],
  Stopping: ['Stop requested', 'Stopping'],
  Stopped: ['Stopped', 'Stopped'],
  Error: ['Error', 'Error'],
} as const;

function instanceText(change: InstanceEventInner, causedBy: CausedBy): LogEntryText {
  switch (change.type) {
    case 'StateTransition': {
      const [asAction, asState] = STATE_TEXT[change.to];
      const byPerson = causedBy.type === 'User' && change.to !== 'Running' && change.to !== 'Error';
      return { title: byPerson ? `${asAction}${byUser(causedBy)}` : asState, detail: null };
    }
    case 'InstanceError':
      return {
        title: change.reason === 'crash' ? 'Crashed' : 'Error',
        detail: change.message,
      };
    case 'InstanceWarning':
      return { title: 'Warning', detail: change.message };
    case 'InstanceInput':
      return {
        title: `Command "${change.message.trimEnd()}" sent${byUser(causedBy)}`,
        detail: null,
      };
    case 'PlayerChange': {
      const parts: string[] = [];
      if (change.players_joined.length > 0) parts.push(`${names(change.players_joined)} joined`);
      if (change.players_left.length > 0) parts.push(`${names(change.players_left)} left`);
      return { title: parts.join('; ') || 'Player list updated', detail: null };
    }
    case 'InstanceOutput':
    case 'SystemMessage':
      return { title: change.message.trimEnd(), detail: null };
    case 'PlayerMessage':
      return { title: `<${change.player}> ${change.player_message}`, detail: null };
  }
}

const FS_VERB: Record<Exclude<FSOperation, object>, string> = {
  Read: 'Read',
  Write: 'Wrote',
  Create: 'Created',
  Delete: 'Deleted',
  Upload: 'Uploaded',
  Download: 'Downloaded',
};

function eventText(inner: EventInner, causedBy: CausedBy, look: LogNames): LogEntryText {
  const path = (p: string) => look.path?.(p) ?? p;
  const user = (uid: string) => look.user?.(uid) ?? uid;
  switch (inner.type) {
    case 'InstanceEvent':
      return instanceText(inner.instance_event_inner, causedBy);
    case 'UserEvent': {
      const u = inner.user_event_inner;
      const who = user(inner.user_id);
      switch (u.type) {
        case 'UserCreated':
          return { title: `User ${who} created${byUser(causedBy)}`, detail: null };
        case 'UserDeleted':
          return { title: `User ${who} deleted${byUser(causedBy)}`, detail: null };
        case 'UserLoggedIn':
          return { title: `${who} logged in`, detail: null };
        case 'UserLoggedOut':
          return { title: `${who} logged out${byUser(causedBy)}`, detail: null };
        case 'UsernameChanged':
          return { title: `User renamed to ${u.new_username}${byUser(causedBy)}`, detail: null };
        case 'PermissionChanged':
          return { title: `Permissions of ${who} changed${byUser(causedBy)}`, detail: null };
      }
      return { title: 'User event', detail: null };
    }
    case 'MacroEvent':
      return macroText(inner, causedBy);
    case 'ProgressionEvent': {
      const p = inner.progression_event_inner;
      if (p.type === 'ProgressionStart')
        return { title: `${p.progression_name}${byUser(causedBy)}`, detail: null };
      if (p.type === 'ProgressionUpdate') return { title: p.progress_message, detail: null };
      if (p.success) return { title: p.message ?? 'Finished', detail: null };
      return { title: 'Failed', detail: p.message };
    }
    case 'FSEvent': {
      const target = path(inner.target.path);
      if (typeof inner.operation === 'object')
        return {
          title: `Moved ${path(inner.operation.Move.source)} to ${target}${byUser(causedBy)}`,
          detail: null,
        };
      return { title: `${FS_VERB[inner.operation]} ${target}${byUser(causedBy)}`, detail: null };
    }
    case 'PlayitggRunnerEvent': {
      const word = {
        RunnerStarted: 'started',
        RunnerLoading: 'loading',
        RunnerStopped: 'stopped',
      } as const;
      return {
        title: `Tunnel runner ${word[inner.playitgg_runner_event_inner.type]}`,
        detail: null,
      };
    }
  }
}

const shown = (value: string | null) => (value === null || value === '' ? '(empty)' : value);

function activityText(activity: Activity, causedBy: CausedBy): LogEntryText {
  switch (activity.type) {
    case 'InstanceSettingChanged':
      return {
        title: `${activity.setting_name} changed${byUser(causedBy)}`,
        detail: `${shown(activity.old_value)} → ${shown(activity.new_value)}`,
      };
    case 'CoreSettingChanged':
      return {
        title: `Core setting ${activity.setting_name} changed${byUser(causedBy)}`,
        detail: `${shown(activity.old_value)} → ${shown(activity.new_value)}`,
      };
    case 'WebhookChanged':
      return {
        title: `Webhook ${activity.webhook_name} ${activity.change}${byUser(causedBy)}`,
        detail: null,
      };
    case 'SshKeyChanged':
      return {
        title: `SSH key ${activity.key_name} ${activity.change}${byUser(causedBy)}`,
        detail: activity.fingerprint,
      };
    case 'BackupActivity': {
      const name = activity.backup_name === null ? 'a backup' : `backup ${activity.backup_name}`;
      const title = {
        created: `Made ${name}`,
        restored: `Restored ${name}`,
        deleted: `Deleted ${name}`,
        failed: `A backup failed`,
        restore_failed: `Restoring ${name} failed`,
      }[activity.action];
      return { title: `${title}${byUser(causedBy)}`, detail: activity.message };
    }
    case 'ScheduleRunActivity': {
      const what = { Success: 'ran', Failed: 'failed', Missed: 'missed runs' }[activity.outcome];
      return {
        title: `Schedule ${activity.schedule_name} ${what}`,
        detail: activity.reason === '' ? null : activity.reason,
      };
    }
    case 'PlayerAction':
      return playerActionText(activity, causedBy);
    case 'AddonActivity': {
      const verb = { installed: 'Installed', updated: 'Updated', removed: 'Removed' }[
        activity.action
      ];
      return {
        title: `${verb} ${activity.title} ${activity.version_number}${byUser(causedBy)}`,
        detail: activity.path,
      };
    }
    case 'AccountSecurity':
      return accountSecurityText(activity, causedBy);
  }
}

/** "owner banned Steve: griefing", "alice turned the whitelist on" (issue 27). */
function playerActionText(
  activity: Extract<Activity, { type: 'PlayerAction' }>,
  causedBy: CausedBy,
): LogEntryText {
  const target = activity.target ?? '';
  const deed: Record<PlayerActionKind, string> = {
    kick: `kicked ${target}`,
    ban: `banned ${target}`,
    pardon: `pardoned ${target}`,
    ban_ip: `banned IP ${target}`,
    pardon_ip: `pardoned IP ${target}`,
    op: `made ${target} an operator`,
    deop: `made ${target} no longer an operator`,
    whitelist_add: `added ${target} to the whitelist`,
    whitelist_remove: `removed ${target} from the whitelist`,
    whitelist_on: 'turned the whitelist on',
    whitelist_off: 'turned the whitelist off',
  };
  const why = activity.reason ? `: ${activity.reason}` : '';
  return {
    title: `${causeName(causedBy)} ${deed[activity.action]}${why}`,
    detail: activity.via === 'file' ? "Written to the server's files (it was stopped)" : null,
  };
}

const ACCOUNT_SECURITY_TITLE: Record<AccountSecurityAction, (who: string) => string> = {
  two_factor_enabled: (who) => `Two-factor sign-in turned on for ${who}`,
  two_factor_disabled: (who) => `Two-factor sign-in turned off for ${who}`,
  recovery_code_used: (who) => `${who} signed in with a recovery code`,
  recovery_codes_renewed: (who) => `New recovery codes made for ${who}`,
  api_key_created: (who) => `API key created for ${who}`,
  api_key_revoked: (who) => `API key of ${who} revoked`,
  session_revoked: (who) => `A session of ${who} signed out`,
  sessions_revoked: (who) => `Sessions of ${who} signed out`,
};

function accountSecurityText(
  activity: Extract<Activity, { type: 'AccountSecurity' }>,
  causedBy: CausedBy,
): LogEntryText {
  const self = causedBy.type === 'User' && causedBy.user_id === activity.user_id;
  const title = ACCOUNT_SECURITY_TITLE[activity.action](activity.user_name);
  return { title: self ? title : `${title}${byUser(causedBy)}`, detail: activity.detail };
}

/** The entry in words. The event's own `details` become the detail line when nothing else is. */
export function describeLogEntry(entry: LogEntry, look: LogNames = {}): LogEntryText {
  const text =
    entry.source === 'event'
      ? eventText(entry.event_inner, entry.caused_by, look)
      : activityText(entry.activity, entry.caused_by);
  if (text.detail === null && entry.details !== '') return { ...text, detail: entry.details };
  return text;
}

/** The instance name an entry carries, if any. */
export function logEntryInstanceName(entry: LogEntry): string | null {
  if (entry.source === 'activity')
    return 'instance_name' in entry.activity ? entry.activity.instance_name : null;
  return entry.event_inner.type === 'InstanceEvent' ? entry.event_inner.instance_name : null;
}

/** What the text search looks in: the words, the details, the instance and who (lower case). */
export function logEntrySearchText(entry: LogEntry): string {
  const { title, detail } = describeLogEntry(entry);
  return [title, detail, entry.details, logEntryInstanceName(entry), causeName(entry.caused_by)]
    .filter((part): part is string => part !== null && part !== '')
    .join('\n')
    .toLowerCase();
}
