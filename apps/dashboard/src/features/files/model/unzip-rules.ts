import { t } from '@lingui/core/macro';
import type { ClientFile, UnzipOption } from '@hearth/protocol';
import { isArchiveFile } from './file-kind.ts';

// dashboard.md §5 "Unarchive": only files, exactly one selected, extensions zip, gz and tgz.

export type UnzipCheck = { ok: true; file: ClientFile } | { ok: false; message: string };

/** Whether "Unarchive selected" is offered: it needs exactly one selected item. */
export function canUnarchiveSelection(selected: readonly ClientFile[]): boolean {
  return selected.length === 1;
}

/** The check made when unzipping `file`; the message is the toast (in the active language). */
export function checkUnzip(file: ClientFile): UnzipCheck {
  if (file.file_type !== 'File') return { ok: false, message: t`Only files can be unzipped` };
  if (!isArchiveFile(file)) return { ok: false, message: t`Unsupported zip file type` };
  return { ok: true, file };
}

export type UnzipMode = Extract<UnzipOption, string>;

export interface UnzipChoice {
  mode: UnzipMode;
  label: string;
}

/** The three context-menu entries for an archive, in spec order. */
export function unzipChoices(file: Pick<ClientFile, 'file_stem'>): UnzipChoice[] {
  const stem = file.file_stem;
  return [
    { mode: 'Normal', label: t`Unzip here` },
    { mode: 'Smart', label: t`Unzip here (smart)` },
    { mode: 'ToDirectoryWithFileName', label: t`Unzip to ${stem}` },
  ];
}

/** "Unarchive selected" extracts like "Unzip here (smart)": next to it, or into a folder when needed. */
export const UNARCHIVE_SELECTED_MODE: UnzipMode = 'Smart';
