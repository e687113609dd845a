import { z } from 'zod/mini';
import {
  CausedBySchema,
  EventInnerSchema,
  EventLevelSchema,
  type CausedBy,
  type ClientEvent,
  type EventInner,
  type EventLevel,
} from './events.ts';
import { PlayerActionKindSchema, PlayerActionWaySchema } from './players.ts';
import { SnowflakeSchema } from './snowflake.ts';

// Hearth's event log (issue 14): the events worth showing a person — who did what, when — read
// from the event history with filters and cursor paging (GET /activity/search), exported, and
// streamed live (WS /activity/stream). Lodestone events keep their wire shape; what Lodestone has
// no event for (a setting changed, old → new) is a Hearth *activity*, stored with the events but
// never sent on the Lodestone event stream, buffer or search.

/** What the Event Logs' kind filter chooses from. Console output lines are never in the log. */
export const LogCategorySchema = z.enum([
  'state',
  'console',
  'players',
  'files',
  'settings',
  'users',
  'macros',
  'backups',
  'schedules',
  'tasks',
  'tunnels',
  'moderation',
]);
export type LogCategory = z.infer<typeof LogCategorySchema>;
export const LOG_CATEGORIES = LogCategorySchema.options;

export const AccountSecurityActionSchema = z.enum([
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'recovery_codes_renewed',
  'api_key_created',
  'api_key_revoked',
  'session_revoked',
  'sessions_revoked',
]);
export type AccountSecurityAction = z.infer<typeof AccountSecurityActionSchema>;

/** Hearth activity: what users do that no Lodestone event says. One variant per kind of action. */
export const ActivitySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('InstanceSettingChanged'),
    instance_uuid: z.string(),
    instance_name: z.string(),
    /** `name`, `description`, `auto_start`, … or `<section>/<setting>` of the settings manifest. */
    setting_id: z.string(),
    setting_name: z.string(),
    /** Shown as text; a secret's values are masked before they are stored. */
    old_value: z.nullable(z.string()),
    new_value: z.nullable(z.string()),
    secret: z.boolean(),
  }),
  z.object({
    type: z.literal('CoreSettingChanged'),
    setting_id: z.string(),
    setting_name: z.string(),
    old_value: z.nullable(z.string()),
    new_value: z.nullable(z.string()),
  }),
  z.object({
    type: z.literal('WebhookChanged'),
    change: z.enum(['created', 'updated', 'deleted']),
    webhook_id: z.string(),
    webhook_name: z.string(),
  }),
  z.object({
    /** An SSH public key added to or removed from a user's Profile (SFTP sign-in, issue 28). */
    type: z.literal('SshKeyChanged'),
    change: z.enum(['added', 'removed']),
    user_id: z.string(),
    key_name: z.string(),
    fingerprint: z.string(),
  }),
  z.object({
    /** A backup made, restored or deleted, or one that failed (issue 13). */
    type: z.literal('BackupActivity'),
    action: z.enum(['created', 'restored', 'deleted', 'failed', 'restore_failed']),
    instance_uuid: z.string(),
    instance_name: z.string(),
    backup_id: z.nullable(z.string()),
    backup_name: z.nullable(z.string()),
    /** The outcome in words (size, what was kept, why it failed). */
    message: z.string(),
  }),
  z.object({
    /**
     * One schedule run (issue 13; every run since issue 23): it ran all its steps, failed, or was
     * missed while the core was down. Skipped runs stay in the schedule's own history only (an
     * interval waiting for a running server would fill the log). `reason` never shows a console
     * command or a macro step's message (anyone who may view the instance sees the entry).
     */
    type: z.literal('ScheduleRunActivity'),
    outcome: z.enum(['Success', 'Failed', 'Missed']),
    instance_uuid: z.string(),
    instance_name: z.string(),
    schedule_id: z.string(),
    schedule_name: z.string(),
    reason: z.string(),
  }),
  z.object({
    /** A kick, ban, pardon, op, deop or whitelist change made from the panel (issue 27). */
    type: z.literal('PlayerAction'),
    action: PlayerActionKindSchema,
    instance_uuid: z.string(),
    instance_name: z.string(),
    /** The player's name or the IP address; null for the whitelist switch. */
    target: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    /** A console command to the running server, or its files edited while it was stopped. */
    via: PlayerActionWaySchema,
  }),
  z.object({
    /** An add-on from Modrinth installed, updated or removed (issue 27). */
    type: z.literal('AddonActivity'),
    action: z.enum(['installed', 'updated', 'removed']),
    instance_uuid: z.string(),
    instance_name: z.string(),
    project_id: z.string(),
    title: z.string(),
    /** The version now there (for a removal, the one removed). */
    version_number: z.string(),
    /** Client path of the file written or removed. */
    path: z.string(),
  }),
  z.object({
    /** Two-factor sign-in, API keys and sessions of one user (issue 28). */
    type: z.literal('AccountSecurity'),
    action: AccountSecurityActionSchema,
    /** The user whose account it is (who may see the entry besides the owner). */
    user_id: z.string(),
    user_name: z.string(),
    /** The key's name, the session's device, how many codes are left… */
    detail: z.nullable(z.string()),
  }),
]);
export type Activity = z.infer<typeof ActivitySchema>;

/** Where each activity is filed (adding a kind of activity is one line here and one above). */
export const ACTIVITY_CATEGORY: Record<Activity['type'], LogCategory> = {
  InstanceSettingChanged: 'settings',
  CoreSettingChanged: 'settings',
  WebhookChanged: 'settings',
  SshKeyChanged: 'users',
  BackupActivity: 'backups',
  ScheduleRunActivity: 'schedules',
  PlayerAction: 'moderation',
  AddonActivity: 'files',
  AccountSecurity: 'users',
};

export function activityLevel(activity: Activity): EventLevel {
  if (activity.type === 'BackupActivity')
    return activity.action === 'failed' || activity.action === 'restore_failed' ? 'Error' : 'Info';
  if (activity.type === 'ScheduleRunActivity') {
    if (activity.outcome === 'Failed') return 'Error';
    return activity.outcome === 'Missed' ? 'Warning' : 'Info';
  }
  return 'Info';
}

export function activityInstance(activity: Activity): string | null {
  return 'instance_uuid' in activity ? activity.instance_uuid : null;
}

/** The user an activity is about (they may see it in their Event Logs), if any. */
export function activitySubject(activity: Activity): string | null {
  return activity.type === 'AccountSecurity' ? activity.user_id : null;
}

/** What a secret setting's values become in the log. */
export const MASKED_VALUE = '••••••';

const entryBase = {
  snowflake: SnowflakeSchema,
  level: EventLevelSchema,
  category: LogCategorySchema,
  /** The instance the entry concerns (also for events whose wire shape does not say, e.g. files). */
  instance_uuid: z.nullable(z.string()),
  caused_by: CausedBySchema,
  details: z.string(),
};

/** One row of the event log: a Lodestone event or a Hearth activity. */
export const LogEntrySchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('event'), ...entryBase, event_inner: EventInnerSchema }),
  z.object({ source: z.literal('activity'), ...entryBase, activity: ActivitySchema }),
]);
export type LogEntry = z.output<typeof LogEntrySchema>;

export const LogPageSchema = z.object({
  entries: z.array(LogEntrySchema),
  /** Pass as `before` for the next (older) page; null when this was the last one. */
  next_cursor: z.nullable(z.string()),
});
export type LogPage = z.output<typeof LogPageSchema>;

/**
 * The log category of an event, or null when it is not shown in the log: console output lines,
 * progress increments and file reads (every directory listing is one) stay out.
 */
export function eventCategory(inner: EventInner): LogCategory | null {
  switch (inner.type) {
    case 'InstanceEvent':
      switch (inner.instance_event_inner.type) {
        case 'StateTransition':
        case 'InstanceError':
        case 'InstanceWarning':
          return 'state';
        case 'InstanceInput':
          return 'console';
        case 'PlayerChange':
          return 'players';
        case 'InstanceOutput':
        case 'SystemMessage':
        case 'PlayerMessage':
          return null;
      }
      return null;
    case 'UserEvent':
      return 'users';
    case 'MacroEvent':
      return 'macros';
    case 'FSEvent':
      return inner.operation === 'Read' ? null : 'files';
    case 'ProgressionEvent':
      return inner.progression_event_inner.type === 'ProgressionUpdate' ? null : 'tasks';
    case 'PlayitggRunnerEvent':
      return 'tunnels';
  }
}

/** The instance an event concerns when its own fields say so. */
export function eventInstance(inner: EventInner): string | null {
  switch (inner.type) {
    case 'InstanceEvent':
      return inner.instance_uuid;
    case 'MacroEvent':
      return inner.instance_uuid;
    case 'ProgressionEvent': {
      const p = inner.progression_event_inner;
      if (p.type === 'ProgressionStart') return p.inner?.instance_uuid ?? null;
      if (p.type === 'ProgressionEnd' && p.inner)
        return p.inner.type === 'InstanceCreation' ? p.inner.uuid : p.inner.instance_uuid;
      return null;
    }
    case 'UserEvent':
    case 'FSEvent':
    case 'PlayitggRunnerEvent':
      return null;
  }
}

/**
 * The log entry of an event, or null when the log leaves it out. `instance` names the instance
 * when the event's fields do not (a file event under an instance folder).
 */
export function logEntryOfEvent(
  event: ClientEvent,
  instance: string | null = null,
): LogEntry | null {
  const category = eventCategory(event.event_inner);
  if (category === null) return null;
  return {
    source: 'event',
    snowflake: event.snowflake,
    level: event.level,
    category,
    instance_uuid: eventInstance(event.event_inner) ?? instance,
    caused_by: event.caused_by,
    details: event.details,
    event_inner: event.event_inner,
  };
}

export function logEntryOfActivity(
  activity: Activity,
  snowflake: string,
  causedBy: CausedBy,
): LogEntry {
  return {
    source: 'activity',
    snowflake,
    level: activityLevel(activity),
    category: ACTIVITY_CATEGORY[activity.type],
    instance_uuid: activityInstance(activity),
    caused_by: causedBy,
    details: '',
    activity,
  };
}

/**
 * The user id who caused an entry (for a macro task's own events, the user who started it), or
 * null for the core, an instance, a task of unknown starter.
 */
export function actorOf(causedBy: CausedBy): string | null {
  if (causedBy.type === 'User') return causedBy.user_id;
  if (causedBy.type === 'Macro') return causedBy.user_id ?? null;
  return null;
}
