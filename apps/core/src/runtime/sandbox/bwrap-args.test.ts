import { describe, expect, it } from 'vitest';
import { bwrapArgs, type SandboxLayout } from './bwrap-args.ts';

function layout(overrides: Partial<SandboxLayout> = {}): SandboxLayout {
  return {
    mounts: [
      { kind: 'ro-bind', source: '/usr', dest: '/usr' },
      { kind: 'symlink', target: 'usr/bin', dest: '/bin' },
      { kind: 'tmpfs', dest: '/tmp', mode: '1777', sizeBytes: 1024, mask: false },
      { kind: 'tmpfs', dest: '/srv/data', mode: '0755', mask: true },
      { kind: 'bind', source: '/srv/data/instances/a', dest: '/srv/data/instances/a' },
    ],
    cwd: '/srv/data/instances/a',
    env: { PATH: '/usr/bin', HOME: '/srv/data/instances/a' },
    argv: ['/usr/bin/java', '-jar', 'server.jar'],
    capAdd: [],
    userNamespace: false,
    ...overrides,
  };
}

/** The argument pairs/triples after each option, in order. */
function after(args: string[], option: string, count = 1): string[][] {
  const found: string[][] = [];
  args.forEach((arg, i) => {
    if (arg === option) found.push(args.slice(i + 1, i + 1 + count));
  });
  return found;
}

describe('bwrapArgs', () => {
  it('isolates pids, dies with the core, starts a new session and clears the environment', () => {
    const args = bwrapArgs(layout());
    for (const flag of ['--unshare-pid', '--die-with-parent', '--new-session', '--clearenv'])
      expect(args).toContain(flag);
    expect(args).not.toContain('--unshare-net');
    expect(after(args, '--setenv', 2)).toEqual([
      ['PATH', '/usr/bin'],
      ['HOME', '/srv/data/instances/a'],
    ]);
    expect(args.indexOf('--clearenv')).toBeLessThan(args.indexOf('--setenv'));
  });

  it('ends with the working directory and the program after --', () => {
    const args = bwrapArgs(layout());
    expect(args.slice(-6)).toEqual([
      '--chdir',
      '/srv/data/instances/a',
      '--',
      '/usr/bin/java',
      '-jar',
      'server.jar',
    ]);
  });

  it('creates folders on its own tmpfs 0755 before mounting below them, never inside host binds', () => {
    const args = bwrapArgs(
      layout({
        mounts: [
          { kind: 'ro-bind', source: '/usr', dest: '/usr' },
          { kind: 'ro-bind', source: '/opt/jdk', dest: '/opt/jdk' },
          { kind: 'ro-bind', source: '/usr/lib/x', dest: '/usr/lib/x' },
          { kind: 'bind', source: '/srv/data/instances/a', dest: '/srv/data/instances/a' },
        ],
      }),
    );
    expect(after(args, '--dir')).toEqual([
      ['/opt'],
      ['/srv'],
      ['/srv/data'],
      ['/srv/data/instances'],
    ]);
    expect(after(args, '--perms')).toEqual([['0755'], ['0755'], ['0755'], ['0755']]);
    // Each --dir comes right before the mount that needs it.
    expect(args.indexOf('/opt')).toBeLessThan(args.indexOf('/opt/jdk'));
  });

  it('makes the skeleton and masks read-only after everything is mounted, keeping /tmp writable', () => {
    const args = bwrapArgs(layout());
    expect(after(args, '--remount-ro')).toEqual([['/'], ['/srv/data']]);
    expect(args.lastIndexOf('--bind')).toBeLessThan(args.indexOf('--remount-ro'));
    expect(after(args, '--tmpfs')).toEqual([['/tmp'], ['/srv/data']]);
    expect(after(args, '--size')).toEqual([['1024']]);
    expect(after(args, '--perms')).toContainEqual(['1777']);
  });

  it('masks a file with an unreadable node and keeps capabilities only when asked', () => {
    const args = bwrapArgs(
      layout({
        mounts: [{ kind: 'mask-file', dest: '/etc/shadow' }],
        capAdd: ['CAP_SETUID', 'CAP_SETGID'],
      }),
    );
    expect(after(args, '--ro-bind', 2)).toEqual([['/dev/null', '/etc/shadow']]);
    expect(after(args, '--cap-add')).toEqual([['CAP_SETUID'], ['CAP_SETGID']]);
    expect(bwrapArgs(layout())).not.toContain('--cap-add');
  });

  it('creates and locks its own user namespace when the core is not root', () => {
    expect(bwrapArgs(layout({ userNamespace: true }))).toEqual(
      expect.arrayContaining(['--unshare-user', '--disable-userns']),
    );
    expect(bwrapArgs(layout())).not.toContain('--unshare-user');
  });

  it("loads the seccomp program from the launcher's descriptor only when asked", () => {
    const args = bwrapArgs(layout({ seccomp: true }));
    expect(after(args, '--seccomp')).toEqual([['9']]);
    expect(args.indexOf('--seccomp')).toBeLessThan(args.indexOf('--'));
    expect(bwrapArgs(layout())).not.toContain('--seccomp');
  });
});
