// Issue 22: the seccomp filter of the game and macro sandboxes. A program inside cannot create a
// user namespace, trace, or mount (each answered EPERM by the filter — without it they succeed or
// fail differently), while ordinary work, the privilege drop (setpriv) and real runtimes go on.
// A 32-bit (i386) program gets the same policy instead of being killed at its first system call.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import {
  eachHostileWorld,
  sandboxDescribe,
  sandboxSkipReason,
  startHostile,
  type HostileWorld,
} from '../test-support/hostile/fixture.ts';

const skip = await sandboxSkipReason();
const describeSandboxed = await sandboxDescribe();
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

/**
 * A static i386 program (452 bytes), built once with
 * `as --32 probe.s -o probe.o && ld -m elf_i386 -s -n -o probe probe.o` (binutils 2.40) from:
 *
 *         .globl _start
 *         .text
 * _start: mov $4, %eax              # write(1, hello, 11)
 *         mov $1, %ebx
 *         mov $hello, %ecx
 *         mov $11, %edx
 *         int $0x80
 *         mov $199, %eax            # getuid32()
 *         int $0x80
 *         mov $uid, %ecx
 *         mov $4, %edx
 *         call report
 *         mov $310, %eax            # unshare(CLONE_NEWUSER)
 *         mov $0x10000000, %ebx
 *         int $0x80
 *         mov %eax, %edi
 *         mov $unshare, %ecx
 *         mov $8, %edx
 *         call report
 *         mov $26, %eax             # ptrace(PTRACE_TRACEME, 0, 0, 0)
 *         xor %ebx, %ebx
 *         xor %ecx, %ecx
 *         xor %edx, %edx
 *         xor %esi, %esi
 *         int $0x80
 *         mov $ptrace, %ecx
 *         mov $7, %edx
 *         call report
 *         mov $1, %eax              # exit(-unshare's result): 1 for EPERM
 *         mov %edi, %ebx
 *         neg %ebx
 *         int $0x80
 * report:                           # write the label (%ecx, %edx bytes), then %eax in decimal
 *         push %eax
 *         mov $4, %eax
 *         mov $1, %ebx
 *         int $0x80
 *         pop %eax
 *         mov %eax, %ebp
 *         sub $16, %esp             # the digits are built backwards in 16 bytes of stack
 *         lea 16(%esp), %esi
 *         dec %esi
 *         movb $10, (%esi)
 *         test %eax, %eax
 *         jns 1f
 *         neg %eax
 * 1:      mov $10, %ebx
 * 2:      xor %edx, %edx
 *         div %ebx
 *         add $48, %dl
 *         dec %esi
 *         mov %dl, (%esi)
 *         test %eax, %eax
 *         jnz 2b
 *         test %ebp, %ebp
 *         jns 3f
 *         dec %esi
 *         movb $45, (%esi)
 * 3:      mov $4, %eax
 *         mov $1, %ebx
 *         mov %esi, %ecx
 *         lea 16(%esp), %edx
 *         sub %esi, %edx
 *         int $0x80
 *         add $16, %esp
 *         ret
 * hello:  .ascii "i386 alive\n"
 * uid:    .ascii "uid="
 * unshare: .ascii "unshare="
 * ptrace: .ascii "ptrace="
 *
 * Raw system calls return -errno, so EPERM prints as -1. Outside any filter, as root, it prints
 * `unshare=0` and `ptrace=0` and exits 0.
 */
const I386_PROBE = Buffer.from(
  [
    'f0VMRgEBAQAAAAAAAAAAAAIAAwABAAAAVIAECDQAAABMAQAAAAAAADQAIAABACgAAwACAAEAAABUAAAAVIAECFSABAjkAAAA5AAA',
    'AAUAAAABAAAAuAQAAAC7AQAAALkagQQIugsAAADNgLjHAAAAzYC5JYEECLoEAAAA6EYAAAC4NgEAALsAAAAQzYCJx7kpgQQIuggA',
    'AADoKQAAALgaAAAAMdsxyTHSMfbNgLkxgQQIugcAAADoCwAAALgBAAAAifv3282AULgEAAAAuwEAAADNgFiJxYPsEI10JBBOxgYK',
    'hcB5AvfYuwoAAAAx0vfzgMIwTogWhcB18oXteQROxgYtuAQAAAC7AQAAAInxjVQkECnyzYCDxBDDaTM4NiBhbGl2ZQp1aWQ9dW5z',
    'aGFyZT1wdHJhY2U9AC5zaHN0cnRhYgAudGV4dAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACwAA',
    'AAEAAAAGAAAAVIAECFQAAADkAAAAAAAAAAAAAAABAAAAAAAAAAEAAAADAAAAAAAAAAAAAAA4AQAAEQAAAAAAAAAAAAAAAQAAAAAA',
    'AAA=',
  ].join(''),
  'base64',
);

/** Why the i386 probe cannot run on this host (not x86_64, or a kernel without ia32 emulation). */
async function i386SkipReason(): Promise<string | null> {
  if (process.arch !== 'x64') return 'not an x86_64 host';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-i386-'));
  try {
    const file = path.join(dir, 'probe');
    await writeFile(file, I386_PROBE, { mode: 0o755 });
    const { stdout } = await promisify(execFile)(file).catch((e: { stdout?: string }) => ({
      stdout: e.stdout ?? '',
    }));
    return stdout.startsWith('i386 alive') ? null : 'the kernel does not run i386 programs';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const skipI386 = skip ?? (await i386SkipReason());

describeSandboxed('the seccomp filter in the sandbox', () => {
  let world: HostileWorld;
  eachHostileWorld((w) => (world = w));

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

  it.skipIf(skipI386 !== null)(
    `runs a 32-bit (i386) program under the same policy${skipI386 ? ` (skipped: ${skipI386})` : ''}`,
    async () => {
      const probe = path.join(world.instanceDir, 'probe32');
      await writeFile(probe, I386_PROBE, { mode: 0o755 });
      const { proc, log } = await startHostile(world, {
        command: probe,
        args: [],
        cwd: world.instanceDir,
      });
      // Before: killed by SIGSYS at its first write (bubblewrap then exits 128 + 31 = 159).
      expect(await proc.exited).toEqual({ code: 1, signal: null });
      const out = log.other.join('\n');
      expect(out).toContain('i386 alive');
      expect(out).toMatch(/uid=\d+/);
      // i386's unshare (310) and ptrace (26) refused by the filter, not killed; TRACEME would
      // succeed (0) without it.
      expect(out).toContain('unshare=-1');
      expect(out).toContain('ptrace=-1');
    },
  );
});
