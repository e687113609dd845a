import { normalizeClientPath } from '../../lib/file-sandbox.ts';

// SFTP clients name files by POSIX paths from the server's root (`/world/level.dat`) or relative to
// the home they were given (`world/level.dat`); every session's root and home is its instance's
// folder, as `/`. Here such a path becomes a client path of the file API (`world/level.dat`, `.` for
// the root), which then goes through the file sandbox like any other: this only spells it.

/**
 * The client path for an SFTP path. `.` and empty parts are dropped and `..` steps back a part,
 * never above `/` (as in a chroot: `/..` is `/`, so `cd ..` at the top stays there). The result is
 * checked by the sandbox's parser (NUL bytes, backslashes, temp names and lengths are refused).
 */
export function toClientPath(sftpPath: string): string {
  const parts: string[] = [];
  for (const part of sftpPath.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return normalizeClientPath(parts.join('/'));
}

/** The absolute SFTP path of a client path (`.` is `/`). */
export function toSftpPath(clientPath: string): string {
  return clientPath === '.' ? '/' : `/${clientPath}`;
}
