import { t } from '@lingui/core/macro';

// Drag-and-drop upload (dashboard.md §5): directories are rejected ("Only files can be uploaded").

/** The toast for a drop that held folders, in the active language. */
export function onlyFilesUploadText(): string {
  return t`Only files can be uploaded`;
}

/** The part of a DataTransferItem this needs (a browser item, or a stand-in in tests). */
export interface DroppedItem {
  kind: string;
  getAsFile(): File | null;
  webkitGetAsEntry?: () => { isDirectory: boolean } | null;
}

export interface DropResult {
  files: File[];
  /** How many dropped things were folders. */
  rejected: number;
}

/** Splits a drop into files to upload and folders to refuse. */
export function readDrop(items: ArrayLike<DroppedItem>): DropResult {
  const files: File[] = [];
  let rejected = 0;
  for (const item of Array.from(items)) {
    if (item.kind !== 'file') continue;
    if (item.webkitGetAsEntry?.()?.isDirectory === true) {
      rejected += 1;
      continue;
    }
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  return { files, rejected };
}

/** Whether a drag carries files from outside the page (not a text selection or a link). */
export function dragHasFiles(types: readonly string[]): boolean {
  return types.includes('Files');
}
