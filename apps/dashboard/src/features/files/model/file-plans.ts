import type { ClientFile, CopyInstanceFileRequest, ZipRequest } from '@hearth/protocol';
import type { FileClipboard } from './browser-state.ts';
import { isDirectory } from './file-kind.ts';
import { joinPath, normalizeDirPath, parentPath } from './file-path.ts';

// What a paste, a zip or a download asks of the core, worked out without touching it.

export interface PlannedMove {
  item: ClientFile;
  from: string;
  to: string;
}

export type PastePlan =
  { kind: 'move'; moves: PlannedMove[] } | { kind: 'copy'; request: CopyInstanceFileRequest };

/**
 * Cut → one move per item into `dir` (items already there stay put); copy → one recursive copy
 * of every item into `dir`.
 */
export function planPaste(clipboard: FileClipboard, dir: string): PastePlan {
  const dest = normalizeDirPath(dir);
  if (clipboard.action === 'copy') {
    return {
      kind: 'copy',
      request: {
        relative_paths_source: clipboard.items.map((f) => f.path),
        relative_path_dest: dest,
      },
    };
  }
  const moves = clipboard.items
    .filter((item) => parentPath(item.path) !== dest)
    .map((item) => ({ item, from: item.path, to: joinPath(dest, item.name) }));
  return { kind: 'move', moves };
}

export const MULTI_ZIP_NAME = 'archive.zip';

/** `world` → `world.zip`, `server.properties` → `server.zip`, several items → `archive.zip`. */
export function planZip(targets: readonly ClientFile[], dir: string): ZipRequest {
  const first = targets[0];
  const name =
    targets.length === 1 && first
      ? `${isDirectory(first) ? first.name : first.file_stem || first.name}.zip`
      : MULTI_ZIP_NAME;
  return {
    target_relative_paths: targets.map((f) => f.path),
    destination_relative_path: joinPath(dir, name),
  };
}

/** The targets of a context-menu action: the selection when the row is part of it, else the row. */
export function menuTargets(
  target: ClientFile | null,
  selected: readonly ClientFile[],
): ClientFile[] {
  if (target === null) return [...selected];
  return selected.some((f) => f.path === target.path) ? [...selected] : [target];
}

/** The core's message for an upload that ended badly (FileJobs.upload: "Failed to upload: …"). */
export function isUploadFailure(message: string): boolean {
  return message.startsWith('Failed to upload');
}
