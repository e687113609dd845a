import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Bytes and files under `root`, walked without following links (a link counts as itself), a few
 * directories at a time so a large world does not hold the event loop. Entries that vanish during
 * the walk are skipped.
 */
export async function folderSize(root: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      continue;
    }
    for await (const entry of handle) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        pending.push(full);
        continue;
      }
      const st = await lstat(full).catch(() => null);
      if (!st) continue;
      bytes += st.size;
      files++;
    }
  }
  return { bytes, files };
}
