// Issue 22: the seccomp filter of the game and macro sandboxes. A program inside cannot create a
// user namespace, trace, or mount (each answered EPERM by the filter — without it they succeed or
// fail differently), while ordinary work, the privilege drop (setpriv) and real runtimes go on.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  hostileWorld,
  sandboxSkipReason,
  startHostile,
  type HostileWorld,
} from '../test-support/hostile/fixture.ts';

const skip = await sandboxSkipReason();
const hasPerl = existsSync('/usr/bin/perl');

/** perl's syscall() prints `name=<return> <errno text>`: a raw system call without a compiler. */
function perl(name: string, call: string): string {
  return `perl -e '${call}; print "${name}=$r $!\\n"'`;
}

// x86_64 numbers; the other architectures run the util-linux part only.
const RAW_CALLS =
  process.arch === 'x64' && hasPerl
    ? [
        // PTRACE_TRACEME succeeds for any process without the filter.
        perl('ptrace', '$r = syscall(101, 0, 0, 0, 0)'),
        // Without the filter: ENOENT (the target is looked up before the capability check).
        perl(
          'mount',
          'my ($s, $t, $f) = ("none", "/no-such-target", "tmpfs"); $r = syscall(165, $s, $t, $f, 0, 0)',
        ),
        // ADDR_NO_RANDOMIZE: without the filter the old persona (0) comes back.
        perl('personality', '$r = syscall(135, 0x0040000)'),
        perl('keyctl', '$r = syscall(250, 0, -3, 0, 0, 0)'),
      ]
    : [];

describe.skipIf(skip !== null)(
  `the seccomp filter in the sandbox${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let world: HostileWorld;
    beforeEach(async () => {
      world = await hostileWorld();
    });
    afterEach(async () => {
      await world.close();
    });

    it('is applied and reported', () => {
      expect(world.sandbox.report.seccomp).toMatchObject({ applied: true, problem: null });
      expect(world.sandbox.warnings.filter((w) => w.includes('seccomp'))).toEqual([]);
    });

    it('refuses unshare, ptrace, mount, personality and keyctl with EPERM; ordinary work goes on', async () => {
      const script = [
        'unshare -U true 2>/dev/null; echo "unshare-user=$?"',
        'unshare -U -r true 2>&1 | head -n 1',
        ...RAW_CALLS,
        'grep "^Seccomp:" /proc/self/status',
        'echo work > own.txt && cat own.txt',
        'sh -c "echo child-ok"',
      ].join('; ');
      const { proc, log } = await startHostile(world, {
        command: '/bin/sh',
        args: ['-c', script],
        cwd: world.instanceDir,
      });
      expect(await proc.exited).toEqual({ code: 0, signal: null });
      const out = log.other.join('');
      // util-linux's unshare fails (exit 1) and says why.
      expect(out).toContain('unshare-user=1');
      expect(out).toMatch(/unshare failed: Operation not permitted/);
      if (RAW_CALLS.length > 0) {
        expect(out).toContain('ptrace=-1 Operation not permitted');
        expect(out).toContain('mount=-1 Operation not permitted');
        expect(out).toContain('personality=-1 Operation not permitted');
        expect(out).toContain('keyctl=-1 Operation not permitted');
      }
      // Mode 2: a filter is installed on the program itself.
      expect(out).toMatch(/Seccomp:\s+2/);
      expect(out).toContain('work');
      expect(out).toContain('child-ok');
      expect(await readFile(`${world.instanceDir}/own.txt`, 'utf8')).toBe('work\n');
    });

    it('runs Java (threads through clone, glibc falling back from clone3) and Node under the filter', async () => {
      const java = await startHostile(world, {
        command: 'java',
        args: ['-Xshare:off', '-XX:+UseSerialGC', '-version'],
        cwd: world.instanceDir,
      });
      expect(await java.proc.exited).toEqual({ code: 0, signal: null });
      expect(java.log.other.join('')).toMatch(/version "\d+/);
      const node = await startHostile(
        world,
        {
          command: process.execPath,
          args: [
            '-e',
            "require('node:child_process').execFile('sh', ['-c', 'echo spawned'], (e, out) => { console.log('node:' + (e ? e.code : out.trim())); })",
          ],
          cwd: world.instanceDir,
        },
        { instanceId: 'node' },
      );
      expect(await node.proc.exited).toEqual({ code: 0, signal: null });
      expect(node.log.other.join('')).toContain('node:spawned');
    });
  },
);
