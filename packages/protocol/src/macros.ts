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
