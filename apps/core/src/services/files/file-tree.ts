import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isTempName } from '../../lib/temp-names.ts';
import { fsError } from '../../lib/fs-error.ts';

export interface TreeEntry {
  kind: 'file' | 'dir';
  absolute: string;
  /** `/`-separated, starting with the walked item's own name. */
  relative: string;
  size: number;
  mode: number;
  mtime: Date;
}

/**
 * A snapshot of a file or directory tree, parents before children, without following anything:
 * symbolic links, FIFOs, sockets and devices are left out (copy and zip never dereference a link,
 * so a link can't pull outside files in). Files are opened later through the sandbox, which
 * re-verifies each one. Temp files of operations in flight (or of a crashed core) are left out.
 */
export async function collectTree(absolute: string, name: string): Promise<TreeEntry[]> {
  const out: TreeEntry[] = [];
  const stack: { absolute: string; relative: string }[] = [{ absolute, relative: name }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    let st;
    try {
      st = await lstat(item.absolute);
    } catch (err) {
      throw fsError(err, `Failed to read "${item.relative}"`);
    }
    if (st.isFile()) {
      out.push({ kind: 'file', ...item, size: st.size, mode: st.mode & 0o777, mtime: st.mtime });
    } else if (st.isDirectory()) {
      out.push({ kind: 'dir', ...item, size: 0, mode: st.mode & 0o777, mtime: st.mtime });
      const names = (await readdir(item.absolute))
        .filter((child) => !isTempName(child))
        .sort()
        .reverse();
      for (const child of names) {
        stack.push({
          absolute: path.join(item.absolute, child),
          relative: `${item.relative}/${child}`,
        });
      }
    }
  }
  return out;
}

export function totalSize(entries: readonly TreeEntry[]): number {
  return entries.reduce((sum, e) => sum + e.size, 0);
}
