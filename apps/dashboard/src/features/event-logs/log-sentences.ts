import { t } from '@lingui/core/macro';
import type {
  AccountSecurityAction,
  Activity,
  CausedBy,
  EventInner,
  InstanceEventInner,
  LogEntry,
  LogEntryText,
  LogNames,
  Player,
  PlayerActionKind,
} from '@hearth/protocol';

// An event log entry in words, in the active language, built from the entry's typed parts (its
// event kind, instance, user, macro, reason…). The English is word for word the protocol's
// `describeLogEntry` / `causeName` (which the core keeps for webhook payloads, the CSV export and
// the text search; log-sentences.test.ts compares the two over an entry of every kind). What a
// game, a macro or a user wrote (console lines, error messages, names, reasons) stays as written.
// Every sentence is one message; "… by {who}" is its own message, never a glued suffix.

/** Who caused an entry, in words: a macro task's doings name the macro and who started it. */
export function causeWords(causedBy: CausedBy): string {
  switch (causedBy.type) {
    case 'User': {
      const user = causedBy.user_name;
      const key = causedBy.api_key_name;
      const who = key === undefined ? user : t`${user} via API key ${key}`;
      const macro = causedBy.macro_name;
      return macro === undefined ? who : t`macro ${macro} started by ${who}`;
    }
    case 'Instance':
      return t`Instance`;
    case 'Macro': {
      const macro = causedBy.macro_name;
      const who = causedBy.user_name;
      if (macro === undefined) {
        const pid = causedBy.macro_pid;
        return t`Macro ${pid}`;
      }
      return who === undefined ? t`macro ${macro}` : t`macro ${macro} started by ${who}`;
    }
    case 'System':
      return t`System`;
    case 'Unknown':
      return t`Unknown`;
  }
}

/** The user who did it, when a user did (the "… by alice" of a sentence), else null. */
function byWhom(causedBy: CausedBy): string | null {
  return causedBy.type === 'User' ? causeWords(causedBy) : null;
}

const text = (title: string, detail: string | null = null): LogEntryText => ({ title, detail });
/** A title someone else wrote (a game's line, a player's chat, the core's progress text): as written. */
const theirs = (title: string): SentenceText => ({ title, detail: null, theirs: true });

/** A sentence; `theirs` when its title is not the dashboard's text but someone's words as written. */
export interface SentenceText extends LogEntryText {
  theirs?: true;
}

function macroText(
  inner: Extract<EventInner, { type: 'MacroEvent' }>,
  causedBy: CausedBy,
): LogEntryText {
  const m = inner.macro_event_inner;
  const named = causedBy.type === 'Macro' && causedBy.macro_name !== undefined;
  const macro = named ? (causedBy.macro_name ?? '') : String(inner.macro_pid);
  const starter =
    causedBy.type === 'Macro' && causedBy.user_name !== undefined ? causedBy.user_name : null;
  if (m.type === 'Started')
    return text(
      starter === null ? t`Macro ${macro} started` : t`Macro ${macro} started by ${starter}`,
    );
  if (m.type === 'Detach') return text(t`Macro ${macro} detached`);
  switch (m.exit_status.type) {
    case 'Success':
      return text(
        starter === null
          ? t`Macro ${macro} finished`
          : t`Macro ${macro} (started by ${starter}) finished`,
      );
    case 'Killed':
      return text(
        starter === null
          ? t`Macro ${macro} killed`
          : t`Macro ${macro} (started by ${starter}) killed`,
      );
    case 'Error':
      return text(
        starter === null
          ? t`Macro ${macro} failed`
          : t`Macro ${macro} (started by ${starter}) failed`,
        m.exit_status.error_msg,
      );
  }
  return text(
    starter === null
      ? t`Macro ${macro} stopped`
      : t`Macro ${macro} (started by ${starter}) stopped`,
  );
}

/** "Steve", "Steve and Alex", "Steve, Alex and Herobrine". */
function names(players: readonly Player[]): string {
  const list = players.map((p) => p.name);
  if (list.length <= 1) return list.join('');
  const last = list.at(-1) ?? '';
  const first = list.slice(0, -1).join(t({ message: ', ', comment: 'between names in a list' }));
  return t`${first} and ${last}`;
}

function stateText(
  to: Extract<InstanceEventInner, { type: 'StateTransition' }>['to'],
  who: string | null,
): string {
  switch (to) {
    case 'Starting':
      return who === null ? t`Starting` : t`Started by ${who}`;
    case 'Running':
      return t`Running`;
    case 'Stopping':
      return who === null ? t`Stopping` : t`Stop requested by ${who}`;
    case 'Stopped':
      return who === null ? t`Stopped` : t`Stopped by ${who}`;
    case 'Error':
      return t`Error`;
  }
}

function instanceText(change: InstanceEventInner, causedBy: CausedBy): SentenceText {
  const who = byWhom(causedBy);
  switch (change.type) {
    case 'StateTransition':
      return text(stateText(change.to, who));
    case 'InstanceError':
      return text(change.reason === 'crash' ? t`Crashed` : t`Error`, change.message);
    case 'InstanceWarning':
      return text(t`Warning`, change.message);
    case 'InstanceInput': {
      const command = change.message.trimEnd();
      return text(
        who === null ? t`Command "${command}" sent` : t`Command "${command}" sent by ${who}`,
      );
    }
    case 'PlayerChange': {
      const joined = names(change.players_joined);
      const left = names(change.players_left);
      if (joined !== '' && left !== '') return text(t`${joined} joined; ${left} left`);
      if (joined !== '') return text(t`${joined} joined`);
      if (left !== '') return text(t`${left} left`);
      return text(t`Player list updated`);
    }
    case 'InstanceOutput':
    case 'SystemMessage':
      return theirs(change.message.trimEnd());
    case 'PlayerMessage':
      return theirs(`<${change.player}> ${change.player_message}`);
  }
}

function userText(
  inner: Extract<EventInner, { type: 'UserEvent' }>,
  causedBy: CausedBy,
  user: string,
): string {
  const who = byWhom(causedBy);
  const u = inner.user_event_inner;
  switch (u.type) {
    case 'UserCreated':
      return who === null ? t`User ${user} created` : t`User ${user} created by ${who}`;
    case 'UserDeleted':
      return who === null ? t`User ${user} deleted` : t`User ${user} deleted by ${who}`;
    case 'UserLoggedIn':
      return t`${user} logged in`;
    case 'UserLoggedOut':
      return who === null ? t`${user} logged out` : t`${user} logged out by ${who}`;
    case 'UsernameChanged': {
      const name = u.new_username;
      return who === null ? t`User renamed to ${name}` : t`User renamed to ${name} by ${who}`;
    }
    case 'PermissionChanged':
      return who === null
        ? t`Permissions of ${user} changed`
        : t`Permissions of ${user} changed by ${who}`;
  }
  return t`User event`;
}

function fileText(
  inner: Extract<EventInner, { type: 'FSEvent' }>,
  who: string | null,
  path: (p: string) => string,
): string {
  const target = path(inner.target.path);
  if (typeof inner.operation === 'object') {
    const source = path(inner.operation.Move.source);
    return who === null
      ? t`Moved ${source} to ${target}`
      : t`Moved ${source} to ${target} by ${who}`;
  }
  switch (inner.operation) {
    case 'Read':
      return who === null ? t`Read ${target}` : t`Read ${target} by ${who}`;
    case 'Write':
      return who === null ? t`Wrote ${target}` : t`Wrote ${target} by ${who}`;
    case 'Create':
      return who === null ? t`Created ${target}` : t`Created ${target} by ${who}`;
    case 'Delete':
      return who === null ? t`Deleted ${target}` : t`Deleted ${target} by ${who}`;
    case 'Upload':
      return who === null ? t`Uploaded ${target}` : t`Uploaded ${target} by ${who}`;
    case 'Download':
      return who === null ? t`Downloaded ${target}` : t`Downloaded ${target} by ${who}`;
  }
}

function eventText(inner: EventInner, causedBy: CausedBy, look: LogNames): SentenceText {
  const path = (p: string) => look.path?.(p) ?? p;
  switch (inner.type) {
    case 'InstanceEvent':
      return instanceText(inner.instance_event_inner, causedBy);
    case 'UserEvent':
      return text(userText(inner, causedBy, look.user?.(inner.user_id) ?? inner.user_id));
    case 'MacroEvent':
      return macroText(inner, causedBy);
    case 'ProgressionEvent': {
      const p = inner.progression_event_inner;
      if (p.type === 'ProgressionStart') {
        const task = p.progression_name;
        const who = byWhom(causedBy);
        return who === null ? theirs(task) : text(t`${task} by ${who}`);
      }
      if (p.type === 'ProgressionUpdate') return theirs(p.progress_message);
      if (p.success) {
        const message = p.message ?? null;
        return message === null ? text(t`Finished`) : theirs(message);
      }
      return text(t`Failed`, p.message);
    }
    case 'FSEvent':
      return text(fileText(inner, byWhom(causedBy), path));
    case 'PlayitggRunnerEvent':
      switch (inner.playitgg_runner_event_inner.type) {
        case 'RunnerStarted':
          return text(t`Tunnel runner started`);
        case 'RunnerLoading':
          return text(t`Tunnel runner loading`);
        case 'RunnerStopped':
          return text(t`Tunnel runner stopped`);
      }
  }
}

/** "old → new"; an empty or unset value reads "(empty)". */
function oldToNew(oldValue: string | null, newValue: string | null): string {
  const shown = (value: string | null) => (value === null || value === '' ? t`(empty)` : value);
  return `${shown(oldValue)} → ${shown(newValue)}`;
}

function webhookText(
  activity: Extract<Activity, { type: 'WebhookChanged' }>,
  who: string | null,
): string {
  const webhook = activity.webhook_name;
  switch (activity.change) {
    case 'created':
      return who === null ? t`Webhook ${webhook} created` : t`Webhook ${webhook} created by ${who}`;
    case 'updated':
      return who === null ? t`Webhook ${webhook} updated` : t`Webhook ${webhook} updated by ${who}`;
    case 'deleted':
      return who === null ? t`Webhook ${webhook} deleted` : t`Webhook ${webhook} deleted by ${who}`;
  }
}

function sshKeyText(
  activity: Extract<Activity, { type: 'SshKeyChanged' }>,
  who: string | null,
): string {
  const key = activity.key_name;
  if (activity.change === 'added')
    return who === null ? t`SSH key ${key} added` : t`SSH key ${key} added by ${who}`;
  return who === null ? t`SSH key ${key} removed` : t`SSH key ${key} removed by ${who}`;
}

function backupText(
  activity: Extract<Activity, { type: 'BackupActivity' }>,
  who: string | null,
): string {
  const backup = activity.backup_name;
  switch (activity.action) {
    case 'created':
      if (backup === null) return who === null ? t`Made a backup` : t`Made a backup by ${who}`;
      return who === null ? t`Made backup ${backup}` : t`Made backup ${backup} by ${who}`;
    case 'restored':
      if (backup === null)
        return who === null ? t`Restored a backup` : t`Restored a backup by ${who}`;
      return who === null ? t`Restored backup ${backup}` : t`Restored backup ${backup} by ${who}`;
    case 'deleted':
      if (backup === null)
        return who === null ? t`Deleted a backup` : t`Deleted a backup by ${who}`;
      return who === null ? t`Deleted backup ${backup}` : t`Deleted backup ${backup} by ${who}`;
    case 'failed':
      return who === null ? t`A backup failed` : t`A backup failed by ${who}`;
    case 'restore_failed':
      if (backup === null)
        return who === null ? t`Restoring a backup failed` : t`Restoring a backup failed by ${who}`;
      return who === null
        ? t`Restoring backup ${backup} failed`
        : t`Restoring backup ${backup} failed by ${who}`;
  }
}

function scheduleText(activity: Extract<Activity, { type: 'ScheduleRunActivity' }>): string {
  const schedule = activity.schedule_name;
  switch (activity.outcome) {
    case 'Success':
      return t`Schedule ${schedule} ran`;
    case 'Failed':
      return t`Schedule ${schedule} failed`;
    case 'Missed':
      return t`Schedule ${schedule} missed runs`;
  }
}

function addonText(
  activity: Extract<Activity, { type: 'AddonActivity' }>,
  who: string | null,
): string {
  const addon = activity.title;
  const version = activity.version_number;
  switch (activity.action) {
    case 'installed':
      return who === null
        ? t`Installed ${addon} ${version}`
        : t`Installed ${addon} ${version} by ${who}`;
    case 'updated':
      return who === null
        ? t`Updated ${addon} ${version}`
        : t`Updated ${addon} ${version} by ${who}`;
    case 'removed':
      return who === null
        ? t`Removed ${addon} ${version}`
        : t`Removed ${addon} ${version} by ${who}`;
  }
}

/** "owner banned Steve: griefing", "alice turned the whitelist on" (issue 27). */
function playerActionSentence(
  action: PlayerActionKind,
  cause: string,
  target: string,
  reason: string | null,
): string {
  if (reason === null)
    switch (action) {
      case 'kick':
        return t`${cause} kicked ${target}`;
      case 'ban':
        return t`${cause} banned ${target}`;
      case 'pardon':
        return t`${cause} pardoned ${target}`;
      case 'ban_ip':
        return t`${cause} banned IP ${target}`;
      case 'pardon_ip':
        return t`${cause} pardoned IP ${target}`;
      case 'op':
        return t`${cause} made ${target} an operator`;
      case 'deop':
        return t`${cause} made ${target} no longer an operator`;
      case 'whitelist_add':
        return t`${cause} added ${target} to the whitelist`;
      case 'whitelist_remove':
        return t`${cause} removed ${target} from the whitelist`;
      case 'whitelist_on':
        return t`${cause} turned the whitelist on`;
      case 'whitelist_off':
        return t`${cause} turned the whitelist off`;
    }
  switch (action) {
    case 'kick':
      return t`${cause} kicked ${target}: ${reason}`;
    case 'ban':
      return t`${cause} banned ${target}: ${reason}`;
    case 'pardon':
      return t`${cause} pardoned ${target}: ${reason}`;
    case 'ban_ip':
      return t`${cause} banned IP ${target}: ${reason}`;
    case 'pardon_ip':
      return t`${cause} pardoned IP ${target}: ${reason}`;
    case 'op':
      return t`${cause} made ${target} an operator: ${reason}`;
    case 'deop':
      return t`${cause} made ${target} no longer an operator: ${reason}`;
    case 'whitelist_add':
      return t`${cause} added ${target} to the whitelist: ${reason}`;
    case 'whitelist_remove':
      return t`${cause} removed ${target} from the whitelist: ${reason}`;
    case 'whitelist_on':
      return t`${cause} turned the whitelist on: ${reason}`;
    case 'whitelist_off':
      return t`${cause} turned the whitelist off: ${reason}`;
  }
}

function accountSecuritySentence(
  action: AccountSecurityAction,
  user: string,
  who: string | null,
): string {
  switch (action) {
    case 'two_factor_enabled':
      return who === null
        ? t`Two-factor sign-in turned on for ${user}`
        : t`Two-factor sign-in turned on for ${user} by ${who}`;
    case 'two_factor_disabled':
      return who === null
        ? t`Two-factor sign-in turned off for ${user}`
        : t`Two-factor sign-in turned off for ${user} by ${who}`;
    case 'recovery_code_used':
      return who === null
        ? t`${user} signed in with a recovery code`
        : t`${user} signed in with a recovery code by ${who}`;
    case 'recovery_codes_renewed':
      return who === null
        ? t`New recovery codes made for ${user}`
        : t`New recovery codes made for ${user} by ${who}`;
    case 'api_key_created':
      return who === null
        ? t`API key created for ${user}`
        : t`API key created for ${user} by ${who}`;
    case 'api_key_revoked':
      return who === null ? t`API key of ${user} revoked` : t`API key of ${user} revoked by ${who}`;
    case 'session_revoked':
      return who === null
        ? t`A session of ${user} signed out`
        : t`A session of ${user} signed out by ${who}`;
    case 'sessions_revoked':
      return who === null
        ? t`Sessions of ${user} signed out`
        : t`Sessions of ${user} signed out by ${who}`;
  }
}

function activityText(activity: Activity, causedBy: CausedBy): LogEntryText {
  const who = byWhom(causedBy);
  switch (activity.type) {
    case 'InstanceSettingChanged': {
      const setting = activity.setting_name;
      return text(
        who === null ? t`${setting} changed` : t`${setting} changed by ${who}`,
        oldToNew(activity.old_value, activity.new_value),
      );
    }
    case 'CoreSettingChanged': {
      const setting = activity.setting_name;
      return text(
        who === null
          ? t`Core setting ${setting} changed`
          : t`Core setting ${setting} changed by ${who}`,
        oldToNew(activity.old_value, activity.new_value),
      );
    }
    case 'WebhookChanged':
      return text(webhookText(activity, who));
    case 'SshKeyChanged':
      return text(sshKeyText(activity, who), activity.fingerprint);
    case 'BackupActivity':
      return text(backupText(activity, who), activity.message);
    case 'ScheduleRunActivity':
      return text(scheduleText(activity), activity.reason === '' ? null : activity.reason);
    case 'PlayerAction':
      return text(
        playerActionSentence(
          activity.action,
          causeWords(causedBy),
          activity.target ?? '',
          activity.reason ? activity.reason : null,
        ),
        activity.via === 'file' ? t`Written to the server's files (it was stopped)` : null,
      );
    case 'AddonActivity':
      return text(addonText(activity, who), activity.path);
    case 'AccountSecurity': {
      const self = causedBy.type === 'User' && causedBy.user_id === activity.user_id;
      return text(
        accountSecuritySentence(activity.action, activity.user_name, self ? null : who),
        activity.detail,
      );
    }
  }
}

/** The entry in words. The event's own `details` become the detail line when nothing else is. */
export function entrySentence(entry: LogEntry, look: LogNames = {}): SentenceText {
  const words =
    entry.source === 'event'
      ? eventText(entry.event_inner, entry.caused_by, look)
      : activityText(entry.activity, entry.caused_by);
  if (words.detail === null && entry.details !== '') return { ...words, detail: entry.details };
  return words;
}
