import { z } from 'zod/mini';
import { SnowflakeSchema } from './snowflake.ts';
import { InstanceInfoShape, InstanceStateSchema, PlayerSchema } from './instances.ts';
import { UserPermissionSchema } from './users.ts';
import { ExitStatusSchema } from './macros.ts';

/** core-api.md §2.3 */
export const EventLevelSchema = z.enum(['Info', 'Warning', 'Error']);
export type EventLevel = z.infer<typeof EventLevelSchema>;

/**
 * Who caused an event. Hearth adds optional fields the reference never sends (its clients ignore
 * them): a user's action taken by one of their macro tasks names the macro (`macro_name`,
 * `macro_pid`), and a task's own events (`Macro`) name the macro and the user who started it.
 */
export const CausedBySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('User'),
    user_id: z.string(),
    user_name: z.string(),
    macro_name: z.optional(z.string()),
    macro_pid: z.optional(z.number()),
    /** Hearth (issue 28): the user acted through this API key of theirs. */
    api_key_name: z.optional(z.string()),
  }),
  z.object({ type: z.literal('Instance'), instance_uuid: z.string() }),
  z.object({
    type: z.literal('Macro'),
    macro_pid: z.number(),
    macro_name: z.optional(z.string()),
    user_id: z.optional(z.string()),
    user_name: z.optional(z.string()),
  }),
  z.object({ type: z.literal('System') }),
  z.object({ type: z.literal('Unknown') }),
]);
export type CausedBy = z.infer<typeof CausedBySchema>;

/**
 * Hearth: why a server process ended, on the StateTransition (to Stopped or Error) and the
 * InstanceError that the end brings. `crash`: it ended without being asked (a non-zero exit, a
 * signal the core did not send, or any end while starting); `stopped`: after a stop the core
 * asked for; `killed`: the core killed it (a kill, or a stop past its grace period); `exited`: it
 * ended by itself with exit code 0. Readers tell a crash by this field, never by the wording of `details` or `message`. Optional: a Lodestone core
 * never sends it, and Lodestone's clients ignore a field they do not know.
 */
export const ExitReasonSchema = z.enum(['crash', 'stopped', 'killed', 'exited']);
export type ExitReason = z.infer<typeof ExitReasonSchema>;

/** core-api.md §2.4.1 */
export const InstanceEventInnerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('StateTransition'),
    to: InstanceStateSchema,
    reason: z.optional(ExitReasonSchema),
  }),
  z.object({ type: z.literal('InstanceWarning'), message: z.string() }),
  z.object({
    type: z.literal('InstanceError'),
    message: z.string(),
    reason: z.optional(ExitReasonSchema),
  }),
  z.object({ type: z.literal('InstanceInput'), message: z.string() }),
  z.object({ type: z.literal('InstanceOutput'), message: z.string() }),
  z.object({ type: z.literal('SystemMessage'), message: z.string() }),
  z.object({
    type: z.literal('PlayerChange'),
    player_list: z.array(PlayerSchema),
    players_joined: z.array(PlayerSchema),
    players_left: z.array(PlayerSchema),
  }),
  z.object({ type: z.literal('PlayerMessage'), player: z.string(), player_message: z.string() }),
]);
export type InstanceEventInner = z.infer<typeof InstanceEventInnerSchema>;
export type InstanceEventKind = InstanceEventInner['type'];
export const InstanceEventKindSchema = z.enum([
  'StateTransition',
  'InstanceWarning',
  'InstanceError',
  'InstanceInput',
  'InstanceOutput',
  'SystemMessage',
  'PlayerChange',
  'PlayerMessage',
]);
/** Console-class events go only to console endpoints (core-api.md §2.4.1). */
export const CONSOLE_EVENT_KINDS: readonly InstanceEventKind[] = [
  'InstanceOutput',
  'PlayerMessage',
  'SystemMessage',
];

/** core-api.md §2.4.2 */
export const UserEventInnerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UserCreated') }),
  z.object({ type: z.literal('UserDeleted') }),
  z.object({ type: z.literal('UserLoggedIn') }),
  z.object({ type: z.literal('UserLoggedOut') }),
  z.object({ type: z.literal('UsernameChanged'), new_username: z.string() }),
  z.object({ type: z.literal('PermissionChanged'), new_permissions: UserPermissionSchema }),
]);
export type UserEventInner = z.output<typeof UserEventInnerSchema>;
export const UserEventKindSchema = z.enum([
  'UserCreated',
  'UserDeleted',
  'UserLoggedIn',
  'UserLoggedOut',
  'UsernameChanged',
  'PermissionChanged',
]);

/** core-api.md §2.4.3 */
export const MacroEventInnerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Started') }),
  z.object({ type: z.literal('Detach') }),
  z.object({ type: z.literal('Stopped'), exit_status: ExitStatusSchema }),
]);
export type MacroEventInner = z.infer<typeof MacroEventInnerSchema>;

/** core-api.md §2.4.4 */
export const ProgressionStartValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('InstanceCreation'), instance_uuid: z.string() }),
  z.object({ type: z.literal('InstanceDelete'), instance_uuid: z.string() }),
]);
export type ProgressionStartValue = z.infer<typeof ProgressionStartValueSchema>;

export const ProgressionEndValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('InstanceCreation'), ...InstanceInfoShape }),
  z.object({ type: z.literal('InstanceDelete'), instance_uuid: z.string() }),
  z.object({
    type: z.literal('FSOperationCompleted'),
    instance_uuid: z.string(),
    success: z.boolean(),
    message: z.string(),
  }),
]);
export type ProgressionEndValue = z.infer<typeof ProgressionEndValueSchema>;

export const ProgressionEventInnerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ProgressionStart'),
    progression_name: z.string(),
    total: z.nullable(z.number()),
    inner: z.nullable(ProgressionStartValueSchema),
  }),
  z.object({
    type: z.literal('ProgressionUpdate'),
    progress_message: z.string(),
    progress: z.number(),
  }),
  z.object({
    type: z.literal('ProgressionEnd'),
    success: z.boolean(),
    message: z.nullable(z.string()),
    inner: z.nullable(ProgressionEndValueSchema),
  }),
]);
export type ProgressionEventInner = z.infer<typeof ProgressionEventInnerSchema>;

/** core-api.md §2.4.5 */
export const FSOperationSchema = z.union([
  z.enum(['Read', 'Write', 'Create', 'Delete', 'Upload', 'Download']),
  z.strictObject({ Move: z.object({ source: z.string() }) }),
]);
export type FSOperation = z.infer<typeof FSOperationSchema>;
export const FSTargetSchema = z.object({ type: z.enum(['File', 'Directory']), path: z.string() });
export type FSTarget = z.infer<typeof FSTargetSchema>;

/** core-api.md §2.4.6 */
export const PlayitggRunnerEventInnerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('RunnerStarted') }),
  z.object({ type: z.literal('RunnerLoading') }),
  z.object({ type: z.literal('RunnerStopped') }),
]);

/** core-api.md §2.4 */
export const EventInnerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('InstanceEvent'),
    instance_uuid: z.string(),
    instance_name: z.string(),
    instance_event_inner: InstanceEventInnerSchema,
  }),
  z.object({
    type: z.literal('UserEvent'),
    user_id: z.string(),
    user_event_inner: UserEventInnerSchema,
  }),
  z.object({
    type: z.literal('MacroEvent'),
    instance_uuid: z.nullable(z.string()),
    macro_pid: z.number(),
    macro_event_inner: MacroEventInnerSchema,
  }),
  z.object({
    type: z.literal('ProgressionEvent'),
    event_id: SnowflakeSchema,
    progression_event_inner: ProgressionEventInnerSchema,
  }),
  z.object({ type: z.literal('FSEvent'), operation: FSOperationSchema, target: FSTargetSchema }),
  z.object({
    type: z.literal('PlayitggRunnerEvent'),
    playitgg_runner_event_inner: PlayitggRunnerEventInnerSchema,
  }),
]);
export type EventInner = z.output<typeof EventInnerSchema>;
export const EventTypeSchema = z.enum([
  'InstanceEvent',
  'UserEvent',
  'MacroEvent',
  'FSEvent',
  'ProgressionEvent',
  'PlayitggRunnerEvent',
]);
export type EventType = z.infer<typeof EventTypeSchema>;

/** core-api.md §2.3: key order event_inner, details, snowflake, level, caused_by. */
export const ClientEventSchema = z.object({
  event_inner: EventInnerSchema,
  details: z.string(),
  snowflake: SnowflakeSchema,
  level: EventLevelSchema,
  caused_by: CausedBySchema,
});
export type ClientEvent = z.output<typeof ClientEventSchema>;

/** core-api.md §2.3: level is derived from the inner event. */
export function deriveEventLevel(inner: EventInner): EventLevel {
  switch (inner.type) {
    case 'InstanceEvent':
      if (inner.instance_event_inner.type === 'InstanceError') return 'Error';
      if (inner.instance_event_inner.type === 'InstanceWarning') return 'Warning';
      return 'Info';
    case 'MacroEvent':
      return inner.macro_event_inner.type === 'Stopped' &&
        inner.macro_event_inner.exit_status.type !== 'Success'
        ? 'Error'
        : 'Info';
    case 'ProgressionEvent':
      return inner.progression_event_inner.type === 'ProgressionEnd' &&
        !inner.progression_event_inner.success
        ? 'Error'
        : 'Info';
    case 'UserEvent':
    case 'FSEvent':
    case 'PlayitggRunnerEvent':
      return 'Info';
  }
}

export function isConsoleEvent(event: ClientEvent): boolean {
  const inner = event.event_inner;
  return (
    inner.type === 'InstanceEvent' && CONSOLE_EVENT_KINDS.includes(inner.instance_event_inner.type)
  );
}

/** core-api.md §2.5 */
const nullableList = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.optional(z.nullable(z.array(item))),
    z.transform((v) => v ?? null),
  );
export const EventQuerySchema = z.object({
  event_levels: nullableList(EventLevelSchema),
  event_types: nullableList(EventTypeSchema),
  instance_event_types: nullableList(InstanceEventKindSchema),
  user_event_types: nullableList(UserEventKindSchema),
  event_user_ids: nullableList(z.string()),
  event_instance_ids: nullableList(z.string()),
  bearer_token: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  ),
  time_range: z.pipe(
    z.optional(z.nullable(z.object({ start: z.number(), end: z.number() }))),
    z.transform((v) => v ?? null),
  ),
});
export type EventQuery = z.output<typeof EventQuerySchema>;
export type EventQueryInput = z.input<typeof EventQuerySchema>;

export function emptyEventQuery(bearerToken: string | null = null): EventQuery {
  return {
    event_levels: null,
    event_types: null,
    instance_event_types: null,
    user_event_types: null,
    event_user_ids: null,
    event_instance_ids: null,
    bearer_token: bearerToken,
    time_range: null,
  };
}

/** core-api.md §2.5 semantics (time_range is ignored here: only search honours it). */
export function eventMatchesQuery(event: ClientEvent, query: EventQuery): boolean {
  const inner = event.event_inner;
  if (query.event_levels && !query.event_levels.includes(event.level)) return false;
  if (query.event_types && !query.event_types.includes(inner.type)) return false;
  if (query.instance_event_types) {
    if (inner.type !== 'InstanceEvent') return false;
    if (!query.instance_event_types.includes(inner.instance_event_inner.type)) return false;
  }
  if (query.event_instance_ids) {
    if (inner.type !== 'InstanceEvent') return false;
    if (!query.event_instance_ids.includes(inner.instance_uuid)) return false;
  }
  if (query.user_event_types) {
    if (inner.type !== 'UserEvent') return false;
    if (!query.user_event_types.includes(inner.user_event_inner.type)) return false;
  }
  if (query.event_user_ids) {
    if (inner.type !== 'UserEvent') return false;
    if (!query.event_user_ids.includes(inner.user_id)) return false;
  }
  return true;
}
