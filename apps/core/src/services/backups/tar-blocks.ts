import { Header, Pax } from 'tar';

export const BLOCK = 512;

export interface TarEntryHeader {
  /** `/`-separated relative path (a directory without the trailing slash). */
  path: string;
  type: 'File' | 'Directory';
  size: number;
  mode: number;
  mtime: Date;
}

/**
 * The header block(s) of one tar entry: a ustar header, preceded by a PAX extended header when the
 * path is too long or not ASCII (the `tar` package encodes both; GNU tar and our extractor read them).
 * Owner ids are left out, so a restore never depends on the host's users.
 */
export function tarHeader(entry: TarEntryHeader): Buffer {
  const path = entry.type === 'Directory' ? `${entry.path}/` : entry.path;
  const size = entry.type === 'Directory' ? 0 : entry.size;
  const data = {
    path,
    type: entry.type,
    size,
    mode: entry.mode,
    mtime: entry.mtime,
    uid: 0,
    gid: 0,
  };
  const header = new Header(data);
  const needPax = header.encode();
  if (!needPax && header.block) return header.block;
  const pax = new Pax({ path, size, mtime: entry.mtime }).encode();
  return Buffer.concat([pax, header.block!]);
}

/** Zero bytes that pad `size` bytes of file data up to a whole block. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Two zero blocks end a tar archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);
