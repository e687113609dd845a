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
    const ordinary =
      arch === 'x86_64'
        ? {
            read: 0,
            write: 1,
            openat: 257,
            futex: 202,
            setresuid: 117,
            prctl: 157,
            capset: 126,
            execve: 59,
          }
        : {
            read: 63,
            write: 64,
            openat: 56,
            futex: 98,
            setresuid: 147,
            prctl: 167,
            capset: 91,
            execve: 221,
          };
    for (const [name, nr] of Object.entries(ordinary))
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

  it('kills a process that uses another ABI', () => {
    const other = arch === 'x86_64' ? 0x40000003 : 0x40000028; // i386, 32-bit ARM
    expect(run(program, { nr: numbers.ptrace!, arch: other })).toBe(SECCOMP_RET.KILL_PROCESS);
    expect(run(program, { nr: 0, arch: other })).toBe(SECCOMP_RET.KILL_PROCESS);
    if (arch === 'x86_64') expect(call(X32_SYSCALL_BIT | 0)).toBe(SECCOMP_RET.KILL_PROCESS);
  });
});

describe('the system call numbers', () => {
  // The tables were written from these headers; where they are installed, they must still agree.
  const headers: Record<SeccompArch, string> = {
    x86_64: '/usr/include/x86_64-linux-gnu/asm/unistd_64.h',
    aarch64: '/usr/include/asm-generic/unistd.h',
  };
  it.each(ARCHES)('match the kernel headers for %s', (arch) => {
    const file = headers[arch];
    if (!existsSync(file)) return;
    const text = readFileSync(file, 'utf8');
    for (const [name, nr] of Object.entries(SYSCALL_NUMBERS[arch])) {
      const found = new RegExp(`#define __NR_${name}\\s+(\\d+)`).exec(text);
      expect(found ? Number(found[1]) : null, name).toBe(nr);
    }
  });

  it('maps Node architectures to filters, and none for the others', () => {
    expect(seccompArchOf('x64')).toBe('x86_64');
    expect(seccompArchOf('arm64')).toBe('aarch64');
    expect(seccompArchOf('ia32')).toBeNull();
    expect(seccompArchOf('riscv64')).toBeNull();
  });
});
