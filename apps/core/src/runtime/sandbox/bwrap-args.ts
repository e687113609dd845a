// Turns a sandbox layout (an ordered list of mounts and the program) into bubblewrap's arguments.
// Pure: every filesystem question was answered when the layout was planned (sandbox-layout.ts).
import path from 'node:path';
import { SECCOMP_FD } from './launcher.ts';
import { isInside } from './runtime-paths.ts';

export type Mount =
  /** A host folder or file, read-only, at the same path. */
  | { kind: 'ro-bind'; source: string; dest: string }
  /** A writable host folder: the instance folder (and a launch's own cache, if asked for). */
  | { kind: 'bind'; source: string; dest: string }
  /** An empty private folder; `mask` ones hide a host folder and become read-only at the end. */
  | { kind: 'tmpfs'; dest: string; mode: string; sizeBytes?: number; mask: boolean }
  /** Hides a host file behind an unreadable node. */
  | { kind: 'mask-file'; dest: string }
  | { kind: 'symlink'; target: string; dest: string }
  | { kind: 'dev'; dest: string }
  | { kind: 'proc'; dest: string };

export interface SandboxLayout {
  mounts: Mount[];
  /** Working directory inside the sandbox. */
  cwd: string;
  /** The whole environment of the program (nothing of the core's leaks in). */
  env: Record<string, string>;
  /** Program and arguments as run inside the sandbox (a privilege drop included). */
  argv: string[];
  /** Capabilities the first program keeps (only to drop to the unprivileged uid). */
  capAdd: string[];
  /** bubblewrap runs unprivileged in a user namespace it creates (the core is not root). */
  userNamespace: boolean;
  /**
   * bubblewrap reads the seccomp program from `SECCOMP_FD` (opened there by the launcher) and
   * applies it last, right before it executes the program: its own mounts are not filtered.
   */
  seccomp?: boolean;
}

/** Mounts that put something at `dest` on top of what is there (a tmpfs inside lets bwrap create folders). */
function isTmpfsLike(mount: Mount): boolean {
  return mount.kind === 'tmpfs' || mount.kind === 'dev';
}

export function bwrapArgs(layout: SandboxLayout): string[] {
  const args = [
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--die-with-parent',
    '--new-session',
  ];
  if (layout.userNamespace) args.push('--unshare-user', '--disable-userns');
  if (layout.seccomp === true) args.push('--seccomp', String(SECCOMP_FD));
  for (const cap of layout.capAdd) args.push('--cap-add', cap);
  args.push('--clearenv');
  for (const [key, value] of Object.entries(layout.env)) args.push('--setenv', key, value);

  // Folders bwrap creates on its own tmpfs are private to root (0700); a dropped uid could not walk
  // through them to its instance folder, so every such ancestor is made explicitly, 0755.
  const mounted: { dest: string; tmpfs: boolean }[] = [{ dest: '/', tmpfs: true }];
  const made = new Set<string>();
  const makeAncestors = (dest: string) => {
    const parts = dest.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) {
      const dir = `/${parts.slice(0, i).join('/')}`;
      if (made.has(dir)) continue;
      const cover = mounted
        .filter((m) => isInside(dir, m.dest))
        .sort((a, b) => b.dest.length - a.dest.length)[0];
      if (!cover?.tmpfs || cover.dest === dir) continue;
      args.push('--perms', '0755', '--dir', dir);
      made.add(dir);
    }
  };

  for (const mount of layout.mounts) {
    makeAncestors(mount.dest);
    switch (mount.kind) {
      case 'ro-bind':
        args.push('--ro-bind', mount.source, mount.dest);
        break;
      case 'bind':
        args.push('--bind', mount.source, mount.dest);
        break;
      case 'tmpfs':
        args.push('--perms', mount.mode);
        if (mount.sizeBytes !== undefined) args.push('--size', String(mount.sizeBytes));
        args.push('--tmpfs', mount.dest);
        break;
      case 'mask-file':
        args.push('--ro-bind', '/dev/null', mount.dest);
        break;
      case 'symlink':
        args.push('--symlink', mount.target, mount.dest);
        break;
      case 'dev':
        args.push('--dev', mount.dest);
        break;
      case 'proc':
        args.push('--proc', mount.dest);
        break;
    }
    if (mount.kind !== 'symlink') mounted.push({ dest: mount.dest, tmpfs: isTmpfsLike(mount) });
  }

  // The skeleton (root and masks) becomes read-only; the instance folder and /tmp stay writable.
  args.push('--remount-ro', '/');
  for (const mount of layout.mounts)
    if (mount.kind === 'tmpfs' && mount.mask) args.push('--remount-ro', mount.dest);

  args.push('--chdir', path.resolve(layout.cwd), '--', ...layout.argv);
  return args;
}
