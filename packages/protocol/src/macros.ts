import { z } from 'zod/mini';
import { SettingManifestSchema } from './configurable.ts';
import { ErrorKindSchema } from './errors.ts';

/** core-api.md §2.4.3 (times are unix seconds). */
export const ExitStatusSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Success'), time: z.number() }),
  z.object({ type: z.literal('Killed'), time: z.number() }),
  z.object({ type: z.literal('Error'), time: z.number(), error_msg: z.string() }),
]);
export type ExitStatus = z.infer<typeof ExitStatusSchema>;

/** core-api.md §2.15 */
export const MacroEntrySchema = z.object({
  name: z.string(),
  last_run: z.nullable(z.number()),
  path: z.string(),
  /**
   * Hearth: `run` would refuse it with the reference's `500 Config error` (its config declaration
   * is invalid, or no valid config is stored yet), so a client opens the config dialog first.
   * Lodestone cores do not send it (false).
   */
  needs_config: z._default(z.boolean(), false),
});
export type MacroEntry = z.infer<typeof MacroEntrySchema>;
export const TaskEntrySchema = z.object({
  name: z.string(),
  creation_time: z.number(),
  pid: z.number(),
});
export type TaskEntry = z.infer<typeof TaskEntrySchema>;
export const HistoryEntrySchema = z.object({
  task: TaskEntrySchema,
  exit_status: ExitStatusSchema,
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const MacroConfigSchema = z.record(z.string(), SettingManifestSchema);
export const GetConfigResponseSchema = z.object({
  config: MacroConfigSchema,
  message: z.nullable(z.string()),
  error: z.nullable(ErrorKindSchema),
});
export type GetConfigResponse = z.output<typeof GetConfigResponseSchema>;
export const MacroRunArgsSchema = z.array(z.string());

/** `macro/run` arguments: a macro's `Deno.args` (Hearth's bounds: 64 arguments of 4096 characters, no NUL). */
export const MACRO_MAX_ARGS = 64;
export const MACRO_MAX_ARG_CHARS = 4096;
export const MacroRunBodySchema = z
  .array(
    z.string().check(
      z.maxLength(MACRO_MAX_ARG_CHARS, 'A macro argument is too long'),
      z.refine((arg) => !arg.includes('\0'), 'A macro argument cannot contain a NUL character'),
    ),
  )
  .check(z.maxLength(MACRO_MAX_ARGS, `At most ${MACRO_MAX_ARGS} macro arguments`));

// Hearth: a task's own output (its stdout and stderr lines, in the order they came), kept per task
// with its history entry and served at GET …/macro/output/:pid and on …/macro/output/:pid/stream.
/** Lines kept per task (the newest). */
export const MACRO_OUTPUT_MAX_LINES = 1000;
/** Bytes kept per task (UTF-8, a newline counted per line; the newest lines). */
export const MACRO_OUTPUT_MAX_BYTES = 256 * 1024;
/** A longer line is cut here (and ends with `…`). */
export const MACRO_OUTPUT_LINE_MAX_CHARS = 4096;

/**
 * `GET /instance/:uuid/macro/output/:pid`. `truncated`: not every line the task printed is here —
 * older lines went past the bounds above, or lines came faster than the core reads them (a line
 * in their place says how many).
 */
export const MacroOutputSchema = z.object({
  lines: z.array(z.string()),
  truncated: z.boolean(),
});
export type MacroOutput = z.infer<typeof MacroOutputSchema>;

/**
 * The frames of `WS /instance/:uuid/macro/output/:pid/stream`: first `Output` (every line kept so
 * far), then `Lines` as the task prints (batched), then `End` with its exit, and the socket closes
 * (1000). A finished task's socket sends `Output` and `End` at once.
 */
export const MacroOutputFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Output'), lines: z.array(z.string()), truncated: z.boolean() }),
  z.object({ type: z.literal('Lines'), lines: z.array(z.string()) }),
  z.object({ type: z.literal('End'), exit_status: ExitStatusSchema, truncated: z.boolean() }),
]);
export type MacroOutputFrame = z.infer<typeof MacroOutputFrameSchema>;

// What a running task's SDK sends to the routes only its token may call (Hearth, issue 11).
const SdkText = z.string().check(z.maxLength(64 * 1024));
const SdkEventId = z.string().check(z.minLength(1), z.maxLength(64));
export const MacroSdkConsoleOutSchema = z.object({ line: SdkText });
// z.number() refuses NaN and ±Infinity by itself (classic zod's `.finite()` changed nothing).
export const MacroSdkProgressionStartSchema = z.object({
  title: SdkText,
  total: z._default(z.nullable(z.number().check(z.nonnegative())), null),
});
export const MacroSdkProgressionUpdateSchema = z.object({
  event_id: SdkEventId,
  progress: z.number(),
  message: SdkText,
});
export const MacroSdkProgressionEndSchema = z.object({
  event_id: SdkEventId,
  success: z.boolean(),
  message: z._default(z.nullable(SdkText), null),
});
export const MacroSdkProgressionStartedSchema = z.object({ event_id: z.string() });
