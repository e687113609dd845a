// Cold reads without side effects on anyone else: one file's pages are dropped from the page cache
// with posix_fadvise(DONTNEED) (GNU `dd iflag=nocache count=0`), never the whole machine's cache
// (/proc/sys/vm/drop_caches would slow every other process on a shared host). `fincore` tells how
// much of the file is still resident afterwards; when either tool is missing the read is warm.
import { spawnSync } from 'node:child_process';

/** Drops `file` from the page cache; returns the bytes still resident after, or null if unknown. */
export function evict(file: string): number | null {
  const dropped = spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  if (dropped.status !== 0) return null;
  return resident(file);
}

/** Bytes of `file` in the page cache (fincore), or null when that cannot be read. */
export function resident(file: string): number | null {
  const out = spawnSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', file]);
  if (out.status !== 0) return null;
  const bytes = Number(out.stdout.toString().trim());
  return Number.isFinite(bytes) ? bytes : null;
}
