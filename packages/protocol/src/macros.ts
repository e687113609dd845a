import { z } from 'zod';
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
  last_run: z.number().nullable(),
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
  message: z.string().nullable(),
  error: ErrorKindSchema.nullable(),
});
export type GetConfigResponse = z.output<typeof GetConfigResponseSchema>;
export const MacroRunArgsSchema = z.array(z.string());
