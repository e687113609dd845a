// Decides what a sandbox sees: the system read-only (secrets in /etc masked), Hearth and the
// launch's runtime read-only, hidden paths (the core's data directory) masked wherever they would
// show through, a private /tmp, and the instance folder writable at its own absolute path.
import { existsSync, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Mount, SandboxLayout } from './bwrap-args.ts';
import type { EtcMasks } from './etc-masks.ts';
import { SYSTEM_LINKS, SYSTEM_READ_ONLY, isInside } from './runtime-paths.ts';
import type { SandboxUser } from './sandbox-types.ts';

export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export interface LayoutInput {
  /** Absolute instance folder as the launch plan names it (it is mounted at this path). */
  instanceDir: string;
  cwd: string;
  /** Absolute program path (already looked up through PATH). */
  command: string;
  args: string[];
  /** The plan's own variables, on top of PATH, HOME and LANG. */
  env: Record<string, string>;
  /** Host paths to show read-only (Hearth's folder, a Java home, a bundle file). */
  readOnly: string[];
  /** Host paths never to show (the core's data directory); they win over `readOnly` folders. */
  hidden: string[];
  /** Folders inside `hidden` that the core alone writes; a `readOnly` folder in them may be shown. */
  shownInHidden?: string[];
  /**
   * Further host folders the program may write, at their own path (a per-instance cache). They may
   * lie inside a hidden path (only they are shown there) but may not contain one or the instance.
   */
  writable?: string[];
  etcMasks: EtcMasks;
  user: SandboxUser;
  setprivPath: string | null;
  tmpSizeBytes: number;
  /**
   * Folders inside the instance folder shown read-only over it (macro code): `source` is what
   * bubblewrap mounts (the core's `/proc/<pid>/fd/N` of the folder it opened and checked, or that
   * folder's checked path), `dest` a path inside `instanceDir`.
   */
  readOnlyInside?: { source: string; dest: string }[];
  /** bubblewrap loads the seccomp program from `SECCOMP_FD` (the launcher opens it there). */
  seccomp?: boolean;
}

/** Thrown for a launch that cannot be sandboxed as asked (a bad path, not a host problem). */
export class SandboxLayoutError extends Error {
  override name = 'SandboxLayoutError';
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function kindOf(p: string): 'dir' | 'file' | null {
  try {
    const info = statSync(p);
    return info.isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

export function planLayout(input: LayoutInput): SandboxLayout {
  const mounts: Mount[] = [];
  const bound: string[] = [];
  const instanceDir = path.resolve(input.instanceDir);
  const instanceReal = real(instanceDir);
  const hidden = [...new Set(input.hidden.flatMap((h) => [path.resolve(h), real(h)]))];

  for (const dir of SYSTEM_READ_ONLY) {
    if (kindOf(dir) !== 'dir') continue;
    mounts.push({ kind: 'ro-bind', source: dir, dest: dir });
    bound.push(dir);
    if (dir === '/etc') {
      for (const file of input.etcMasks.files) mounts.push({ kind: 'mask-file', dest: file });
      for (const masked of input.etcMasks.dirs)
        mounts.push({ kind: 'tmpfs', dest: masked, mode: '0755', mask: true });
    }
  }
  for (const name of SYSTEM_LINKS) {
    let info;
    try {
      info = lstatSync(name);
    } catch {
      continue;
    }
    if (info.isSymbolicLink()) {
      mounts.push({ kind: 'symlink', target: readlinkSync(name), dest: name });
    } else if (info.isDirectory()) {
      mounts.push({ kind: 'ro-bind', source: name, dest: name });
      bound.push(name);
    }
  }
  mounts.push({ kind: 'dev', dest: '/dev' }, { kind: 'proc', dest: '/proc' });
  mounts.push({
    kind: 'tmpfs',
    dest: '/tmp',
    mode: '1777',
    sizeBytes: input.tmpSizeBytes,
    mask: false,
  });

  // resolv.conf is often a link into /run (systemd-resolved); the game needs DNS (Mojang, etc.).
  const resolv = real('/etc/resolv.conf');
  const extra = existsSync(resolv) && !bound.some((b) => isInside(resolv, b)) ? [resolv] : [];

  const wanted = [...new Set([...input.readOnly, ...extra].map(real))]
    .filter((p) => kindOf(p) !== null && !isInside(p, instanceReal))
    .sort((a, b) => a.length - b.length);
  const rebind: string[] = [];
  for (const p of wanted) {
    if (p === '/') throw new SandboxLayoutError('The whole filesystem cannot be a runtime path');
    const inHidden = hidden.some((h) => isInside(p, h));
    const coversHidden = hidden.some((h) => isInside(h, p) && h !== p);
    const shownAnyway = (input.shownInHidden ?? []).some((shown) => isInside(p, real(shown)));
    if (inHidden && kindOf(p) === 'dir' && !shownAnyway)
      throw new SandboxLayoutError(
        `${p} lies inside the core's data directory and cannot be shown`,
      );
    if (inHidden) {
      rebind.push(p);
      continue;
    }
    if (!coversHidden && bound.some((b) => isInside(p, b))) continue;
    mounts.push({ kind: 'ro-bind', source: p, dest: p });
    bound.push(p);
  }
  for (const h of hidden) {
    // Only what a read-only folder would show needs a mask; elsewhere the sandbox root is empty.
    if (!bound.some((b) => isInside(h, b))) continue;
    const kind = kindOf(h);
    if (kind === 'dir') mounts.push({ kind: 'tmpfs', dest: h, mode: '0755', mask: true });
    else if (kind === 'file') mounts.push({ kind: 'mask-file', dest: h });
  }
  for (const p of rebind) mounts.push({ kind: 'ro-bind', source: p, dest: p });
  for (const p of input.writable ?? []) {
    const dest = path.resolve(p);
    const source = real(dest);
    if (kindOf(source) !== 'dir')
      throw new SandboxLayoutError(`The writable folder ${dest} does not exist`);
    const spellings = [dest, source];
    if (hidden.some((h) => spellings.some((w) => isInside(h, w))))
      throw new SandboxLayoutError(`${dest} cannot be writable: it holds what the sandbox hides`);
    const instance = [instanceDir, instanceReal];
    if (spellings.some((w) => instance.some((i) => isInside(i, w) || isInside(w, i))))
      throw new SandboxLayoutError(`${dest} overlaps the instance folder`);
    mounts.push({ kind: 'bind', source, dest });
  }
  mounts.push({ kind: 'bind', source: instanceReal, dest: instanceDir });
  for (const { source, dest } of input.readOnlyInside ?? []) {
    const at = path.resolve(dest);
    if (at === instanceDir || !isInside(at, instanceDir))
      throw new SandboxLayoutError(`${at} is not inside the instance folder`);
    mounts.push({ kind: 'ro-bind', source, dest: at });
  }

  const dropped = input.user.kind === 'dropped';
  if (dropped && input.setprivPath === null)
    throw new SandboxLayoutError('setpriv is needed to drop privileges');
  const argv = dropped
    ? [
        input.setprivPath!,
        `--reuid=${input.user.uid}`,
        `--regid=${input.user.gid}`,
        '--clear-groups',
        '--inh-caps=-all',
        '--no-new-privs',
        '--',
        input.command,
        ...input.args,
      ]
    : [input.command, ...input.args];
  return {
    mounts,
    cwd: input.cwd,
    env: {
      PATH: SANDBOX_PATH,
      HOME: instanceDir,
      LANG: process.env.LANG ?? 'C.UTF-8',
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      ...input.env,
    },
    argv,
    capAdd: dropped ? ['CAP_SETUID', 'CAP_SETGID'] : [],
    userNamespace: input.user.kind === 'core-user',
    seccomp: input.seccomp === true,
  };
}
