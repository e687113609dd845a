import { t } from '@lingui/core/macro';
import { INSTANCE_CONFIG_FILE, UNZIP_EXTENSIONS } from '@hearth/protocol';
import type { ClientFile } from '@hearth/protocol';
import { formatDate, formatRelativeTime } from '@/lib/i18n/format.ts';

// What a file list row shows and how the editor treats a file (dashboard.md §2 Files).

export type FileIconKind = 'folder' | 'config' | 'file';

export function isDirectory(file: Pick<ClientFile, 'file_type'>): boolean {
  return file.file_type === 'Directory';
}

export function isInstanceConfig(file: Pick<ClientFile, 'name' | 'extension'>): boolean {
  return file.name === INSTANCE_CONFIG_FILE || file.extension === INSTANCE_CONFIG_FILE.slice(1);
}

/** Folder, the instance config file, or a generic file. */
export function fileIconKind(file: ClientFile): FileIconKind {
  if (isDirectory(file)) return 'folder';
  if (isInstanceConfig(file)) return 'config';
  return 'file';
}

/** An archive the dashboard offers to unzip (dashboard.md §5: zip, gz, tgz). */
export function isArchiveFile(file: ClientFile | null | undefined): boolean {
  if (!file || file.file_type !== 'File' || file.extension === null) return false;
  return (UNZIP_EXTENSIONS as readonly string[]).includes(file.extension.toLowerCase());
}

export type EditorLanguage = 'json' | 'toml' | 'plain';

/** json for the instance config file, toml for .toml files, else plain text. */
export function editorLanguage(file: Pick<ClientFile, 'name' | 'extension'>): EditorLanguage {
  if (isInstanceConfig(file)) return 'json';
  if (file.extension?.toLowerCase() === 'toml') return 'toml';
  return 'plain';
}

/** Unix seconds the row shows: modified, else created, else null. */
export function fileTimeSeconds(
  file: Pick<ClientFile, 'modification_time' | 'creation_time'>,
): number | null {
  return file.modification_time ?? file.creation_time ?? null;
}

/** "5 minutes ago" from the modified (else created) time, or `Unknown Creation Time`. */
export function fileTimeText(
  file: Pick<ClientFile, 'modification_time' | 'creation_time'>,
  nowMs: number = Date.now(),
): string {
  const seconds = fileTimeSeconds(file);
  return seconds === null ? t`Unknown Creation Time` : formatRelativeTime(seconds * 1000, nowMs);
}

// One options object for every row: format.ts keeps one formatter per language and options, so
// scrolling a large folder does not build one per row.
const FULL_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** The full timestamp (en-US in English, dashboard.md §9; the active language's) for a tooltip, or null. */
export function fileTimeTitle(
  file: Pick<ClientFile, 'modification_time' | 'creation_time'>,
): string | null {
  const seconds = fileTimeSeconds(file);
  return seconds === null ? null : formatDate(seconds * 1000, FULL_TIME);
}
