// A small assembler for classic BPF as seccomp runs it: loads of the 32-bit words of
// `struct seccomp_data`, conditional jumps to labels, and returns. The output is the array of
// `struct sock_filter` (8 bytes each, little-endian: the only byte order of the architectures the
// filter is built for) that bubblewrap's `--seccomp FD` reads and hands to the kernel.

/** One `struct sock_filter`: opcode, jump-if-true / jump-if-false offsets, constant. */
export interface SockFilter {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** The opcodes used here (linux/bpf_common.h): class | size | mode | op | source. */
export const BPF = {
  /** A = the 32-bit word at offset k of seccomp_data. */
  LD_W_ABS: 0x00 | 0x00 | 0x20,
  /** pc += (A == k) ? jt : jf */
  JEQ_K: 0x05 | 0x10 | 0x00,
  /** pc += (A & k) ? jt : jf */
  JSET_K: 0x05 | 0x40 | 0x00,
  /** Return k (the seccomp action). */
  RET_K: 0x06 | 0x00,
} as const;

/** Offsets in `struct seccomp_data` (linux/seccomp.h). */
export const SECCOMP_DATA = {
  nr: 0,
  arch: 4,
  /** The low 32 bits of argument `i` (little-endian u64 array from offset 16). */
  argLow: (i: number): number => 16 + 8 * i,
} as const;

/** A jump target: a label defined later in the program (classic BPF only jumps forward). */
type Target = string;

type Line =
  | { kind: 'load'; offset: number }
  | { kind: 'jump'; code: number; k: number; jt: Target; jf: Target }
  | { kind: 'ret'; k: number }
  | { kind: 'label'; name: string };

/** Thrown for a program that cannot be encoded (a missing label, a jump too far or backwards). */
export class BpfAssemblyError extends Error {
  override name = 'BpfAssemblyError';
}

/** The label every jump may name for "the next instruction". */
export const NEXT = '<next>';

/** Builds a program line by line; `assemble()` resolves the labels into jump offsets. */
export class BpfBuilder {
  private readonly lines: Line[] = [];

  label(name: string): this {
    if (name === NEXT) throw new BpfAssemblyError(`${NEXT} is reserved`);
    this.lines.push({ kind: 'label', name });
    return this;
  }

  load(offset: number): this {
    this.lines.push({ kind: 'load', offset });
    return this;
  }

  jumpIfEqual(k: number, jt: Target, jf: Target = NEXT): this {
    this.lines.push({ kind: 'jump', code: BPF.JEQ_K, k, jt, jf });
    return this;
  }

  jumpIfAnySet(k: number, jt: Target, jf: Target = NEXT): this {
    this.lines.push({ kind: 'jump', code: BPF.JSET_K, k, jt, jf });
    return this;
  }

  ret(k: number): this {
    this.lines.push({ kind: 'ret', k });
    return this;
  }

  assemble(): SockFilter[] {
    const at = new Map<string, number>();
    let pc = 0;
    for (const line of this.lines) {
      if (line.kind !== 'label') pc++;
      else if (at.has(line.name)) throw new BpfAssemblyError(`Label ${line.name} defined twice`);
      else at.set(line.name, pc);
    }
    const program: SockFilter[] = [];
    const offset = (from: number, target: Target): number => {
      if (target === NEXT) return 0;
      const to = at.get(target);
      if (to === undefined) throw new BpfAssemblyError(`Unknown label ${target}`);
      const distance = to - from - 1;
      if (distance < 0) throw new BpfAssemblyError(`Jump back to ${target}`);
      if (distance > 255) throw new BpfAssemblyError(`Jump to ${target} is too far (${distance})`);
      return distance;
    };
    for (const line of this.lines) {
      const here = program.length;
      if (line.kind === 'label') continue;
      if (line.kind === 'load') program.push({ code: BPF.LD_W_ABS, jt: 0, jf: 0, k: line.offset });
      else if (line.kind === 'ret') program.push({ code: BPF.RET_K, jt: 0, jf: 0, k: line.k });
      else
        program.push({
          code: line.code,
          jt: offset(here, line.jt),
          jf: offset(here, line.jf),
          k: line.k >>> 0,
        });
    }
    if (program.length === 0 || program.at(-1)!.code !== BPF.RET_K)
      throw new BpfAssemblyError('A program must end with a return');
    // The kernel's limit (BPF_MAXINSNS).
    if (program.length > 4096) throw new BpfAssemblyError('The program is too long');
    return program;
  }
}

export function encodeProgram(program: SockFilter[]): Buffer {
  const out = Buffer.alloc(program.length * 8);
  program.forEach((insn, i) => {
    out.writeUInt16LE(insn.code, i * 8);
    out.writeUInt8(insn.jt, i * 8 + 2);
    out.writeUInt8(insn.jf, i * 8 + 3);
    out.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return out;
}

export function decodeProgram(bytes: Buffer): SockFilter[] {
  if (bytes.length % 8 !== 0) throw new BpfAssemblyError('Not a whole number of instructions');
  const program: SockFilter[] = [];
  for (let i = 0; i < bytes.length; i += 8)
    program.push({
      code: bytes.readUInt16LE(i),
      jt: bytes.readUInt8(i + 2),
      jf: bytes.readUInt8(i + 3),
      k: bytes.readUInt32LE(i + 4),
    });
  return program;
}
