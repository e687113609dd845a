import type { ClientFile, UnzipOption } from '@hearth/protocol';
import { isArchiveFile } from './file-kind.ts';

// dashboard.md §5 "Unarchive": only files, exactly one selected, extensions zip, gz and tgz.

export const ONLY_FILES_UNZIP = 'Only files can be unzipped';
export const UNSUPPORTED_ZIP = 'Unsupported zip file type';

export type UnzipCheck = { ok: true; file: ClientFile } | { ok: false; message: string };

/** Whether "Unarchive selected" is offered: it needs exactly one selected item. */
export function canUnarchiveSelection(selected: readonly ClientFile[]): boolean {
  return selected.length === 1;
}

/** The check made when unzipping `file`; the message is the toast. */
export function checkUnzip(file: ClientFile): UnzipCheck {
  if (file.file_type !== 'File') return { ok: false, message: ONLY_FILES_UNZIP };
  if (!isArchiveFile(file)) return { ok: false, message: UNSUPPORTED_ZIP };
  return { ok: true, file };
}

export type UnzipMode = Extract<UnzipOption, string>;

export interface UnzipChoice {
  mode: UnzipMode;
  label: string;
}

/** The three context-menu entries for an archive, in spec order. */
export function unzipChoices(file: Pick<ClientFile, 'file_stem'>): UnzipChoice[] {
  return [
    { mode: 'Normal', label: 'Unzip here' },
    { mode: 'Smart', label: 'Unzip here (smart)' },
    { mode: 'ToDirectoryWithFileName', label: `Unzip to ${file.file_stem}` },
  ];
}

/** "Unarchive selected" extracts like "Unzip here (smart)": next to it, or into a folder when needed. */
export const UNARCHIVE_SELECTED_MODE: UnzipMode = 'Smart';
