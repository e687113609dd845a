import type { ClientFile } from '@hearth/protocol';
import type { Attributes } from 'ssh2';

// What an SFTP client is told about a file. Hearth's permissions, not the host's, decide what a
// user may do, so the mode shows those (read-only accounts see r--) and owner and group are the
// same neutral name for everyone: nothing of the host's users or modes is revealed.

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const OWNER = 'hearth';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HALF_YEAR_S = 182 * 24 * 60 * 60;

export interface FileFacts {
  type: ClientFile['file_type'];
  size: number;
  /** Unix seconds (0 when unknown). */
  mtime: number;
}

export function factsOfClientFile(file: ClientFile): FileFacts {
  return { type: file.file_type, size: file.size ?? 0, mtime: file.modification_time ?? 0 };
}

export function attrsOf(facts: FileFacts, writable: boolean): Attributes {
  const mode =
    facts.type === 'Directory'
      ? S_IFDIR | (writable ? 0o755 : 0o555)
      : facts.type === 'File'
        ? S_IFREG | (writable ? 0o644 : 0o444)
        : 0;
  return { mode, uid: 0, gid: 0, size: facts.size, atime: facts.mtime, mtime: facts.mtime };
}

function modeText(mode: number): string {
  const type = (mode & S_IFDIR) === S_IFDIR ? 'd' : (mode & S_IFREG) === S_IFREG ? '-' : '?';
  let bits = '';
  for (let shift = 6; shift >= 0; shift -= 3) {
    const part = (mode >> shift) & 7;
    bits += `${part & 4 ? 'r' : '-'}${part & 2 ? 'w' : '-'}${part & 1 ? 'x' : '-'}`;
  }
  return type + bits;
}

function dateText(mtime: number, now: number): string {
  const d = new Date(mtime * 1000);
  const day = String(d.getUTCDate()).padStart(2, ' ');
  const month = MONTHS[d.getUTCMonth()] ?? 'Jan';
  if (Math.abs(now - mtime) < HALF_YEAR_S) {
    const hh = String(d.getUTCHours()).padStart(2, '0');
    const mm = String(d.getUTCMinutes()).padStart(2, '0');
    return `${month} ${day} ${hh}:${mm}`;
  }
  return `${month} ${day}  ${d.getUTCFullYear()}`;
}

/** The `ls -l` line clients such as OpenSSH's `sftp` print for a directory entry (times in UTC). */
export function longnameOf(name: string, attrs: Attributes, now = Date.now() / 1000): string {
  const size = String(attrs.size).padStart(8, ' ');
  return `${modeText(attrs.mode)}    1 ${OWNER.padEnd(8)} ${OWNER.padEnd(8)} ${size} ${dateText(attrs.mtime, now)} ${name}`;
}
