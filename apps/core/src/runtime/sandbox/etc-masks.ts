// /etc is shown read-only (programs need passwd, hosts, resolv.conf, certificates, Java's config),
// but whatever in it is not world-readable is a secret of somebody (shadow, SSH host keys, TLS
// private keys, database configs) and is masked, even though the sandboxed user could not read it.
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface EtcMasks {
  /** Files to cover with an empty, unreadable node. */
  files: string[];
  /** Folders to cover with an empty tmpfs. */
  dirs: string[];
}

/** Names that are secrets wherever they are readable (belt and braces on odd systems). */
const ALWAYS_MASKED = ['shadow', 'shadow-', 'gshadow', 'gshadow-', 'sudoers', 'ssh', 'ssl/private'];
/** A bound on the walk; /etc holds a few thousand entries on a normal system. */
const MAX_ENTRIES = 50_000;

export async function findEtcMasks(root = '/etc'): Promise<EtcMasks> {
  const masks: EtcMasks = { files: [], dirs: [] };
  let seen = 0;
  const walk = async (dir: string): Promise<void> => {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (++seen > MAX_ENTRIES) return;
      const full = path.join(dir, name);
      const info = await lstat(full).catch(() => null);
      if (info === null || info.isSymbolicLink()) continue;
      const relative = path.relative(root, full);
      const forced = ALWAYS_MASKED.includes(relative);
      if (info.isDirectory()) {
        // Needs both r and x for others to be a public folder.
        if (forced || (info.mode & 0o005) !== 0o005) masks.dirs.push(full);
        else await walk(full);
      } else if (info.isFile() && (forced || (info.mode & 0o004) === 0)) {
        masks.files.push(full);
      }
    }
  };
  await walk(root);
  return masks;
}
