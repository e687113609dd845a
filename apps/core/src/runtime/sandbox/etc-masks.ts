// /etc is shown read-only (programs need passwd, hosts, resolv.conf, certificates, Java's config),
// but whatever in it is not world-readable is a secret of somebody (shadow, SSH host keys, TLS
// private keys, database configs) and is masked, even though the sandboxed user could not read it.
import { lstatSync, readdirSync, type Stats } from 'node:fs';
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

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function infoOf(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

/**
 * What to mask in /etc. The walk runs once, at boot, and synchronously: ~1,200 entries take about
 * 10 ms that way, while one awaited lstat after another took 40–70 ms, and far longer while the
 * rest of the core was being built on the same thread (the probe waits for it; issue 16).
 */
export function findEtcMasks(root = '/etc'): Promise<EtcMasks> {
  const masks: EtcMasks = { files: [], dirs: [] };
  let seen = 0;
  const walk = (dir: string): void => {
    for (const name of namesIn(dir)) {
      if (++seen > MAX_ENTRIES) return;
      const full = path.join(dir, name);
      const info = infoOf(full);
      if (info === null || info.isSymbolicLink()) continue;
      const relative = path.relative(root, full);
      const forced = ALWAYS_MASKED.includes(relative);
      if (info.isDirectory()) {
        // Needs both r and x for others to be a public folder.
        if (forced || (info.mode & 0o005) !== 0o005) masks.dirs.push(full);
        else walk(full);
      } else if (info.isFile() && (forced || (info.mode & 0o004) === 0)) {
        masks.files.push(full);
      }
    }
  };
  walk(root);
  return Promise.resolve(masks);
}
