import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BPF,
  BpfAssemblyError,
  BpfBuilder,
  decodeProgram,
  encodeProgram,
  type SockFilter,
} from './seccomp-bpf.ts';
import {
  ALLOWED_PERSONAS,
  AUDIT_ARCH,
  BLOCKED_SYSCALLS,
  ENOSYS,
  EPERM,
  SECCOMP_RET,
  SYSCALL_NUMBERS,
  X32_SYSCALL_BIT,
  seccompArchOf,
  seccompFilterBytes,
  type SeccompAbi,
  type SeccompArch,
} from './seccomp-filter.ts';

interface SeccompData {
  nr: number;
  arch: number;
  args?: number[];
}

/**
 * Runs a decoded program the way the kernel does, over the instruction kinds the assembler emits;
 * anything else fails the test (so an unexpected opcode cannot pass unnoticed).
 */
function run(program: SockFilter[], data: SeccompData): number {
  const word = (offset: number): number => {
    if (offset === 0) return data.nr >>> 0;
    if (offset === 4) return data.arch >>> 0;
    if (offset >= 16 && offset < 64 && offset % 8 === 0)
      return (data.args?.[(offset - 16) / 8] ?? 0) >>> 0;
    throw new Error(`load from unexpected offset ${offset}`);
  };
  let a = 0;
  for (let pc = 0; pc < program.length; pc++) {
    const insn = program[pc]!;
    switch (insn.code) {
      case BPF.LD_W_ABS:
        a = word(insn.k);
        break;
      case BPF.JEQ_K:
        pc += a === insn.k ? insn.jt : insn.jf;
        break;
      case BPF.JSET_K:
        pc += (a & insn.k) >>> 0 !== 0 ? insn.jt : insn.jf;
        break;
      case BPF.RET_K:
        return insn.k;
      default:
        throw new Error(`unexpected opcode ${insn.code}`);
    }
  }
  throw new Error('fell off the end of the program');
}

const errno = (code: number) => (SECCOMP_RET.ERRNO | code) >>> 0;
const ARCHES: SeccompArch[] = ['x86_64', 'aarch64'];
const AUDIT_ARCH_ARM = 0x40000028;

/** Calls every program makes, which must stay allowed (checked against the headers below). */
const ORDINARY: Record<SeccompAbi, Record<string, number>> = {
  x86_64: {
    read: 0,
    write: 1,
    openat: 257,
    futex: 202,
    setresuid: 117,
    prctl: 157,
    capset: 126,
    execve: 59,
  },
  aarch64: {
    read: 63,
    write: 64,
    openat: 56,
    futex: 98,
    setresuid: 147,
    prctl: 167,
    capset: 91,
    execve: 221,
  },
  // Some are x86_64's blocked numbers: 101 is ptrace there, 165 mount, 272 unshare.
  i386: {
    read: 3,
    write: 4,
    open: 5,
    openat: 295,
    futex: 240,
    setresuid32: 208,
    getuid32: 199,
    prctl: 172,
    capset: 185,
    execve: 11,
    mmap2: 192,
    set_thread_area: 243,
    socketcall: 102,
    ipc: 117,
    getresuid: 165,
    fadvise64_64: 272,
  },
};

describe('the BPF assembler', () => {
  it('resolves forward labels into jump offsets and encodes 8 bytes per instruction', () => {
    const program = new BpfBuilder()
      .load(4)
      .jumpIfEqual(7, 'yes', 'no')
      .jumpIfAnySet(1, 'no')
      .label('yes')
      .ret(1)
      .label('no')
      .ret(2)
      .assemble();
    expect(program).toEqual([
      { code: 0x20, jt: 0, jf: 0, k: 4 },
      { code: 0x15, jt: 1, jf: 2, k: 7 },
      { code: 0x45, jt: 1, jf: 0, k: 1 },
      { code: 0x06, jt: 0, jf: 0, k: 1 },
      { code: 0x06, jt: 0, jf: 0, k: 2 },
    ]);
    const bytes = encodeProgram(program);
    expect(bytes.length).toBe(40);
    expect([...bytes.subarray(8, 16)]).toEqual([0x15, 0, 1, 2, 7, 0, 0, 0]);
    expect(decodeProgram(bytes)).toEqual(program);
  });

  it('refuses unknown labels, backward or too long jumps, and a program without a final return', () => {
    expect(() => new BpfBuilder().jumpIfEqual(1, 'nowhere').ret(0).assemble()).toThrow(
      BpfAssemblyError,
    );
    expect(() =>
      new BpfBuilder().label('top').load(0).jumpIfEqual(1, 'top').ret(0).assemble(),
    ).toThrow(/back/);
    const far = new BpfBuilder().load(0).jumpIfEqual(1, 'end');
    for (let i = 0; i < 256; i++) far.load(0);
    expect(() => far.label('end').ret(0).assemble()).toThrow(/too far/);
    expect(() => new BpfBuilder().load(0).assemble()).toThrow(/return/);
  });
});

describe.each(ARCHES)('the seccomp filter for %s', (arch) => {
  const program = decodeProgram(seccompFilterBytes(arch));
  const numbers = SYSCALL_NUMBERS[arch];
  const call = (nr: number, args: number[] = []) =>
    run(program, { nr, arch: AUDIT_ARCH[arch], args });

  it('refuses every blocked system call with EPERM', () => {
    for (const name of BLOCKED_SYSCALLS) {
      const nr = numbers[name];
      if (nr !== null) expect(call(nr), name).toBe(errno(EPERM));
    }
  });

  it('allows ordinary calls (read, write, openat, futex, setresuid, prctl, capset, execve)', () => {
    for (const [name, nr] of Object.entries(ORDINARY[arch]))
      expect(call(nr), name).toBe(SECCOMP_RET.ALLOW);
  });

  it('allows clone for threads and processes, refuses it with any CLONE_NEW* flag', () => {
    const thread = 0x003d0f00; // CLONE_VM|FS|FILES|SIGHAND|THREAD|SYSVSEM|SETTLS|PARENT_SETTID|CHILD_CLEARTID
    expect(call(numbers.clone!, [thread])).toBe(SECCOMP_RET.ALLOW);
    expect(call(numbers.clone!, [0x01000011])).toBe(SECCOMP_RET.ALLOW); // fork: SIGCHLD|CHILD_SETTID
    for (const flag of [
      0x20000, 0x2000000, 0x4000000, 0x8000000, 0x10000000, 0x20000000, 0x40000000,
    ])
      expect(call(numbers.clone!, [0x11 | flag]), flag.toString(16)).toBe(errno(EPERM));
  });

  it('answers clone3 with ENOSYS so the C library falls back to clone', () => {
    expect(call(numbers.clone3!)).toBe(errno(ENOSYS));
  });

  it('allows the default personas and refuses the others', () => {
    for (const persona of ALLOWED_PERSONAS)
      expect(call(numbers.personality!, [persona])).toBe(SECCOMP_RET.ALLOW);
    expect(call(numbers.personality!, [0x0040000])).toBe(errno(EPERM)); // ADDR_NO_RANDOMIZE
    expect(call(numbers.personality!, [0x0400000])).toBe(errno(EPERM)); // READ_IMPLIES_EXEC
  });

  it('kills a process that uses an ABI without a table (32-bit ARM, x32, aarch64 given i386)', () => {
    const others = arch === 'x86_64' ? [AUDIT_ARCH_ARM, AUDIT_ARCH.aarch64] : [AUDIT_ARCH_ARM];
    if (arch === 'aarch64') others.push(AUDIT_ARCH.i386, AUDIT_ARCH.x86_64);
    for (const other of others) {
      expect(run(program, { nr: numbers.ptrace!, arch: other })).toBe(SECCOMP_RET.KILL_PROCESS);
      expect(run(program, { nr: 0, arch: other })).toBe(SECCOMP_RET.KILL_PROCESS);
    }
    if (arch === 'x86_64') {
      expect(call(X32_SYSCALL_BIT | 0)).toBe(SECCOMP_RET.KILL_PROCESS);
      expect(call(X32_SYSCALL_BIT | 1)).toBe(SECCOMP_RET.KILL_PROCESS);
    }
  });
});

// A 32-bit program (SteamCMD, old dedicated servers) or `int 0x80` on x86_64: the same policy,
// through the i386 numbers, instead of SIGSYS at the first system call.
describe('the x86_64 seccomp filter for i386 calls', () => {
  const program = decodeProgram(seccompFilterBytes('x86_64'));
  const numbers = SYSCALL_NUMBERS.i386;
  // Written out (unistd_32.h) so these checks do not depend on the table they test.
  const [CLONE, CLONE3, PERSONALITY] = [120, 435, 136];
  const call = (nr: number, args: number[] = []) =>
    run(program, { nr, arch: AUDIT_ARCH.i386, args });

  it('refuses every blocked system call with EPERM, the i386-only ones included', () => {
    for (const name of BLOCKED_SYSCALLS) {
      const nr = numbers[name];
      if (nr !== null) expect(call(nr), name).toBe(errno(EPERM));
    }
    for (const name of ['umount', 'stime', 'clock_settime64', 'clock_adjtime64', 'vm86', 'vm86old'])
      expect(call(numbers[name as keyof typeof numbers]!), name).toBe(errno(EPERM));
  });

  it('allows ordinary i386 calls, also those whose numbers x86_64 blocks', () => {
    for (const [name, nr] of Object.entries(ORDINARY.i386))
      expect(call(nr), name).toBe(SECCOMP_RET.ALLOW);
  });

  it('allows clone for threads and fork, refuses it with CLONE_NEWUSER or any CLONE_NEW* flag', () => {
    expect(call(CLONE, [0x003d0f00])).toBe(SECCOMP_RET.ALLOW);
    expect(call(CLONE, [0x01200011])).toBe(SECCOMP_RET.ALLOW); // glibc's i386 fork
    expect(call(CLONE, [0x10000000 | 0x11])).toBe(errno(EPERM)); // CLONE_NEWUSER
    for (const flag of [0x20000, 0x2000000, 0x4000000, 0x8000000, 0x20000000, 0x40000000])
      expect(call(CLONE, [0x11 | flag]), flag.toString(16)).toBe(errno(EPERM));
  });

  it('answers clone3 with ENOSYS and checks the persona of personality', () => {
    expect(call(CLONE3)).toBe(errno(ENOSYS));
    for (const persona of ALLOWED_PERSONAS)
      expect(call(PERSONALITY, [persona])).toBe(SECCOMP_RET.ALLOW);
    expect(call(PERSONALITY, [0x0040000])).toBe(errno(EPERM)); // ADDR_NO_RANDOMIZE
  });

  it('fits in classic BPF: every jump within 255 instructions', () => {
    // The assembler refuses longer jumps; this shows the margin left for a longer list.
    const longest = Math.max(...program.map((insn) => Math.max(insn.jt, insn.jf)));
    expect(longest).toBeLessThan(200);
  });
});

describe('the system call numbers', () => {
  // The tables were written from these headers; where they are installed, they must still agree.
  const headers: Record<SeccompAbi, string> = {
    x86_64: '/usr/include/x86_64-linux-gnu/asm/unistd_64.h',
    aarch64: '/usr/include/asm-generic/unistd.h',
    i386: '/usr/include/x86_64-linux-gnu/asm/unistd_32.h',
  };
  const ABIS: SeccompAbi[] = [...ARCHES, 'i386'];
  const GENERIC_32BIT_ONLY = ['clock_settime64', 'clock_adjtime64'];
  it.each(ABIS)('match the kernel headers for %s', (abi) => {
    const file = headers[abi];
    if (!existsSync(file)) return;
    const text = readFileSync(file, 'utf8');
    const numberOf = (name: string) => {
      const found = new RegExp(`#define __NR_${name}\\s+(\\d+)`).exec(text);
      return found ? Number(found[1]) : null;
    };
    for (const [name, nr] of Object.entries(SYSCALL_NUMBERS[abi])) {
      // asm-generic defines these only for 32-bit ABIs (`__BITS_PER_LONG == 32`): none on aarch64.
      if (abi === 'aarch64' && GENERIC_32BIT_ONLY.includes(name)) expect(nr, name).toBeNull();
      else expect(numberOf(name), name).toBe(nr);
    }
    for (const [name, nr] of Object.entries(ORDINARY[abi])) expect(numberOf(name), name).toBe(nr);
  });

  it('maps Node architectures to filters, and none for the others', () => {
    expect(seccompArchOf('x64')).toBe('x86_64');
    expect(seccompArchOf('arm64')).toBe('aarch64');
    expect(seccompArchOf('ia32')).toBeNull();
    expect(seccompArchOf('riscv64')).toBeNull();
  });
});
