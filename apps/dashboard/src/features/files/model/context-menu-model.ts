import { t } from '@lingui/core/macro';
import { CONTEXT_MENU_SIZE, CONTEXT_MENU_SIZE_ARCHIVE } from '@hearth/protocol';
import type { ClientFile } from '@hearth/protocol';
import { isArchiveFile } from './file-kind.ts';
import { unzipChoices } from './unzip-rules.ts';
import type { UnzipMode } from './unzip-rules.ts';

// The right-click menu of dashboard.md §2 Files: which entries, in which order, which are usable,
// and its size (176x259, or 176x337 when the row is an archive and the three unzip entries show).

/** Why a write action is unusable (a hint and the Upload button's text), in the active language. */
export function noPermissionText(): string {
  return t`No permission`;
}

export type MenuEntryId =
  | 'copy'
  | 'cut'
  | 'paste'
  | 'rename'
  | 'delete'
  | 'zip'
  | `unzip:${UnzipMode}`
  | 'new-folder'
  | 'new-file';

export interface MenuEntry {
  id: MenuEntryId;
  label: string;
  disabled: boolean;
  /** Why a write entry is unusable. */
  hint?: string;
  /** Starts a new group (a separator is drawn above it). */
  groupStart?: boolean;
}

export interface MenuInput {
  /** The row that was right-clicked; null for the empty area. */
  target: ClientFile | null;
  /** What the entries act on (see menuTargets). */
  targets: readonly ClientFile[];
  clipboardCount: number;
  canWrite: boolean;
}

export function contextMenuSize(target: ClientFile | null): { width: number; height: number } {
  return isArchiveFile(target) ? CONTEXT_MENU_SIZE_ARCHIVE : CONTEXT_MENU_SIZE;
}

export function contextMenuEntries({
  target,
  targets,
  clipboardCount,
  canWrite,
}: MenuInput): MenuEntry[] {
  const none = targets.length === 0;
  const noPermission = noPermissionText();
  const write = (
    id: MenuEntryId,
    label: string,
    unusable: boolean,
    groupStart = false,
  ): MenuEntry => ({
    id,
    label,
    disabled: unusable || !canWrite,
    ...(canWrite ? {} : { hint: noPermission }),
    ...(groupStart ? { groupStart } : {}),
  });
  const entries: MenuEntry[] = [
    { id: 'copy', label: t`Copy`, disabled: none },
    write('cut', t`Cut`, none),
    write('paste', t`Paste`, clipboardCount === 0),
    write('rename', t`Rename`, targets.length !== 1, true),
    write('delete', t`Delete`, none),
    write('zip', t`Zip`, none, true),
  ];
  if (target && isArchiveFile(target)) {
    for (const choice of unzipChoices(target))
      entries.push(write(`unzip:${choice.mode}`, choice.label, false));
  }
  entries.push(
    write('new-folder', t`New folder`, false, true),
    write('new-file', t`New file`, false),
  );
  return entries;
}

const UNZIP_IDS: Record<`unzip:${UnzipMode}`, UnzipMode> = {
  'unzip:Normal': 'Normal',
  'unzip:Smart': 'Smart',
  'unzip:ToDirectoryWithFileName': 'ToDirectoryWithFileName',
};

/** The unzip mode of an `unzip:*` entry, else null. */
export function unzipModeOf(id: MenuEntryId): UnzipMode | null {
  return id in UNZIP_IDS ? UNZIP_IDS[id as keyof typeof UNZIP_IDS] : null;
}
