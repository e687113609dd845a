import type { Stats } from 'node:fs';
import type { ClientFile, FileType } from '@hearth/protocol';
import { splitFileName } from './file-name.ts';

function seconds(ms: number): number | null {
  return ms > 0 ? Math.floor(ms / 1000) : null;
}

function fileType(stats: Stats | null): FileType {
  if (stats?.isDirectory()) return 'Directory';
  if (stats?.isFile()) return 'File';
  return 'Unknown';
}

/** A ClientFile (core-api.md §2.10); `stats` is null for an entry that can't be described. */
export function toClientFile(name: string, clientPath: string, stats: Stats | null): ClientFile {
  const { stem, extension } = splitFileName(name);
  const type = fileType(stats);
  return {
    name,
    file_stem: stem,
    extension,
    path: clientPath,
    size: type === 'File' && stats ? stats.size : null,
    creation_time: stats ? seconds(stats.birthtimeMs) : null,
    modification_time: stats ? seconds(stats.mtimeMs) : null,
    file_type: type,
  };
}

/** `a/b` + `c` → `a/b/c`; the root (`.`) has no prefix. */
export function joinClientPath(dir: string, name: string): string {
  return dir === '.' ? name : `${dir}/${name}`;
}
