import { z } from 'zod/mini';

/** core-api.md §2.10 */
export const FileTypeSchema = z.enum(['File', 'Directory', 'Unknown']);
export type FileType = z.infer<typeof FileTypeSchema>;

export const ClientFileSchema = z.object({
  name: z.string(),
  file_stem: z.string(),
  extension: z.nullable(z.string()),
  path: z.string(),
  size: z.nullable(z.number()),
  creation_time: z.nullable(z.number()),
  modification_time: z.nullable(z.number()),
  file_type: FileTypeSchema,
});
export type ClientFile = z.infer<typeof ClientFileSchema>;

/** Externally tagged (core-api.md §2.10). */
export const UnzipOptionSchema = z.union([
  z.enum(['Normal', 'Smart', 'ToDirectoryWithFileName']),
  z.strictObject({ ToDir: z.string() }),
]);
export type UnzipOption = z.infer<typeof UnzipOptionSchema>;

export const CopyInstanceFileRequestSchema = z.object({
  relative_paths_source: z.array(z.string()),
  relative_path_dest: z.string(),
});
export type CopyInstanceFileRequest = z.infer<typeof CopyInstanceFileRequestSchema>;

export const ZipRequestSchema = z.object({
  target_relative_paths: z.array(z.string()),
  destination_relative_path: z.string(),
});
export type ZipRequest = z.infer<typeof ZipRequestSchema>;

// One collator for every comparison: `localeCompare` with options builds a collator per call, which
// made sorting a 10,000-entry folder take ~200 ms instead of ~10 ms (same order either way).
const NAME_COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The shared comparison (dashboard.md §3): directories first, then by name. */
export function compareClientFiles(a: ClientFile, b: ClientFile): number {
  const aDir = a.file_type === 'Directory' ? 0 : 1;
  const bDir = b.file_type === 'Directory' ? 0 : 1;
  if (aDir !== bDir) return aDir - bDir;
  return NAME_COLLATOR.compare(a.name, b.name);
}
