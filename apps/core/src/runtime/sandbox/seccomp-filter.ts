// The seccomp filter of every game and macro sandbox: system calls a game server never needs and
// that reach kernel surface an escape would use (namespaces, tracing, mounts, keyrings, BPF,
// modules, …) fail with EPERM; everything else is allowed. Built here as classic BPF (see
// seccomp-bpf.ts) for the native architecture and, on x86_64, for the i386 ABI too (32-bit game
// servers and SteamCMD); bubblewrap applies it right before it executes the sandboxed program,
// after its own mounts, so only the program and what it starts are filtered.
import { BpfBuilder, SECCOMP_DATA, encodeProgram, type SockFilter } from './seccomp-bpf.ts';

/** The architectures the filter knows the system call numbers of. */
export type SeccompArch = 'x86_64' | 'aarch64';

/**
 * The ABIs the filter has a table for: the native ones, and i386 — the 32-bit ABI an x86_64
 * kernel also runs (a 32-bit program, or `int 0x80` from a 64-bit one), with its own numbers.
 */
export type SeccompAbi = SeccompArch | 'i386';

/** `AUDIT_ARCH_*` (linux/audit.h): what `seccomp_data.arch` says for each. */
export const AUDIT_ARCH: Record<SeccompAbi, number> = {
  x86_64: 0xc000003e,
  aarch64: 0xc00000b7,
  i386: 0x40000003,
};

/**
 * The other ABI each native architecture's kernel accepts that gets the same policy, or null.
 * x86_64 → i386: real game servers ship 32-bit binaries (SteamCMD is one), which would otherwise
 * die with SIGSYS at their first system call. aarch64 → none: 32-bit ARM (AUDIT_ARCH_ARM,
 * 0x40000028) stays killed, because its numbers (arch/arm's own table, not asm-generic) are not
 * in any header installed where this is built and tested, so they could not be checked; many
 * aarch64 CPUs cannot run 32-bit code at all, and no game server this project runs ships for it.
 */
export const COMPAT_ABI: Record<SeccompArch, 'i386' | null> = {
  x86_64: 'i386',
  aarch64: null,
};

/**
 * x32 system calls on x86_64 are the 64-bit numbers with this bit set (`__X32_SYSCALL_BIT`). They
 * stay killed: x32 is a third table of numbers, most distribution kernels do not even enable it
 * (Debian's needs `syscall.x32=y`), and no game server ships x32 binaries.
 */
export const X32_SYSCALL_BIT = 0x40000000;

/** Seccomp actions (linux/seccomp.h). */
export const SECCOMP_RET = {
  KILL_PROCESS: 0x80000000,
  ERRNO: 0x00050000,
  ALLOW: 0x7fff0000,
} as const;

export const EPERM = 1;
export const ENOSYS = 38;

/** Every `CLONE_NEW*` flag clone(2) takes (NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET). */
export const CLONE_NEW_FLAGS =
  0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

/**
 * personality(2) values that stay allowed: the default persona, PER_LINUX32, UNAME26 and their
 * mix, and 0xffffffff (a query). Anything else (ADDR_NO_RANDOMIZE turning ASLR off for what the
 * program executes next, READ_IMPLIES_EXEC, …) is refused.
 */
export const ALLOWED_PERSONAS = [0x0, 0x8, 0x20000, 0x20008, 0xffffffff] as const;

/** Refused with EPERM whatever their arguments. */
export const BLOCKED_SYSCALLS = [
  // New namespaces (a user namespace gives the program capabilities over its own mounts).
  'unshare',
  'setns',
  // Tracing and reading other processes.
  'ptrace',
  'process_vm_readv',
  'process_vm_writev',
  'kcmp',
  'pidfd_getfd',
  // Mounts, old API and new.
  'mount',
  'umount2',
  'pivot_root',
  'open_tree',
  'move_mount',
  'fsopen',
  'fsconfig',
  'fsmount',
  'fspick',
  'mount_setattr',
  // Kernel keyrings.
  'keyctl',
  'add_key',
  'request_key',
  // Kernel attack surface a game never needs.
  'bpf',
  'perf_event_open',
  'userfaultfd',
  'io_uring_setup',
  'io_uring_enter',
  'io_uring_register',
  'modify_ldt',
  'uselib',
  '_sysctl',
  // Modules, kexec, reboot, swap.
  'kexec_load',
  'kexec_file_load',
  'init_module',
  'finit_module',
  'delete_module',
  'reboot',
  'swapon',
  'swapoff',
  // File handles bypass path permissions (the "shocker" escape).
  'open_by_handle_at',
  'name_to_handle_at',
  // The host's clock, accounting, quotas, kernel log, port I/O, the terminal.
  'settimeofday',
  'clock_settime',
  'clock_adjtime',
  'acct',
  'quotactl',
  'quotactl_fd',
  'lookup_dcookie',
  'syslog',
  'iopl',
  'ioperm',
  'vhangup',
  // i386 only (null in the 64-bit tables), the 32-bit twins of calls refused above:
  // `umount` is umount2 without flags; `stime` sets the host's clock like settimeofday;
  // `clock_settime64` / `clock_adjtime64` are clock_settime / clock_adjtime with a 64-bit time_t;
  // `vm86` / `vm86old` enter virtual-8086 mode, old kernel surface like modify_ldt.
  'umount',
  'stime',
  'clock_settime64',
  'clock_adjtime64',
  'vm86',
  'vm86old',
] as const;

/** System calls whose arguments decide (clone, personality) or that fail as absent (clone3). */
type SpecialSyscall = 'clone' | 'clone3' | 'personality';

type SyscallName = (typeof BLOCKED_SYSCALLS)[number] | SpecialSyscall;

/**
 * System call numbers (x86_64: asm/unistd_64.h; aarch64: asm-generic/unistd.h; i386:
 * /usr/include/x86_64-linux-gnu/asm/unistd_32.h, Debian's linux-libc-dev); null where the call
 * does not exist in that ABI. seccomp-filter.test.ts checks them against the installed headers.
 */
export const SYSCALL_NUMBERS: Record<SeccompAbi, Record<SyscallName, number | null>> = {
  x86_64: {
    unshare: 272,
    setns: 308,
    ptrace: 101,
    process_vm_readv: 310,
    process_vm_writev: 311,
    kcmp: 312,
    pidfd_getfd: 438,
    mount: 165,
    umount2: 166,
    pivot_root: 155,
    open_tree: 428,
    move_mount: 429,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    mount_setattr: 442,
    keyctl: 250,
    add_key: 248,
    request_key: 249,
    bpf: 321,
    perf_event_open: 298,
    userfaultfd: 323,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
    modify_ldt: 154,
    uselib: 134,
    _sysctl: 156,
    kexec_load: 246,
    kexec_file_load: 320,
    init_module: 175,
    finit_module: 313,
    delete_module: 176,
    reboot: 169,
    swapon: 167,
    swapoff: 168,
    open_by_handle_at: 304,
    name_to_handle_at: 303,
    settimeofday: 164,
    clock_settime: 227,
    clock_adjtime: 305,
    acct: 163,
    quotactl: 179,
    quotactl_fd: 443,
    lookup_dcookie: 212,
    syslog: 103,
    iopl: 172,
    ioperm: 173,
    vhangup: 153,
    umount: null,
    stime: null,
    clock_settime64: null,
    clock_adjtime64: null,
    vm86: null,
    vm86old: null,
    clone: 56,
    clone3: 435,
    personality: 135,
  },
  aarch64: {
    unshare: 97,
    setns: 268,
    ptrace: 117,
    process_vm_readv: 270,
    process_vm_writev: 271,
    kcmp: 272,
    pidfd_getfd: 438,
    mount: 40,
    umount2: 39,
    pivot_root: 41,
    open_tree: 428,
    move_mount: 429,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    mount_setattr: 442,
    keyctl: 219,
    add_key: 217,
    request_key: 218,
    bpf: 280,
    perf_event_open: 241,
    userfaultfd: 282,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
    modify_ldt: null,
    uselib: null,
    _sysctl: null,
    kexec_load: 104,
    kexec_file_load: 294,
    init_module: 105,
    finit_module: 273,
    delete_module: 106,
    reboot: 142,
    swapon: 224,
    swapoff: 225,
    open_by_handle_at: 265,
    name_to_handle_at: 264,
    settimeofday: 170,
    clock_settime: 112,
    clock_adjtime: 266,
    acct: 89,
    quotactl: 60,
    quotactl_fd: 443,
    lookup_dcookie: 18,
    syslog: 116,
    iopl: null,
    ioperm: null,
    vhangup: 58,
    umount: null,
    stime: null,
    clock_settime64: null,
    clock_adjtime64: null,
    vm86: null,
    vm86old: null,
    clone: 220,
    clone3: 435,
    personality: 92,
  },
  i386: {
    unshare: 310,
    setns: 346,
    ptrace: 26,
    process_vm_readv: 347,
    process_vm_writev: 348,
    kcmp: 349,
    pidfd_getfd: 438,
    mount: 21,
    umount2: 52,
    pivot_root: 217,
    open_tree: 428,
    move_mount: 429,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    mount_setattr: 442,
    keyctl: 288,
    add_key: 286,
    request_key: 287,
    bpf: 357,
    perf_event_open: 336,
    userfaultfd: 374,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
    modify_ldt: 123,
    uselib: 86,
    _sysctl: 149,
    kexec_load: 283,
    kexec_file_load: null,
    init_module: 128,
    finit_module: 350,
    delete_module: 129,
    reboot: 88,
    swapon: 87,
    swapoff: 115,
    open_by_handle_at: 342,
    name_to_handle_at: 341,
    settimeofday: 79,
    clock_settime: 264,
    clock_adjtime: 343,
    acct: 51,
    quotactl: 131,
    quotactl_fd: 443,
    lookup_dcookie: 253,
    syslog: 103,
    iopl: 110,
    ioperm: 101,
    vhangup: 111,
    umount: 22,
    stime: 25,
    clock_settime64: 404,
    clock_adjtime64: 405,
    vm86: 166,
    vm86old: 113,
    // i386's clone keeps the flags in argument 0 like x86_64 (only tls and child_tid swap places:
    // man 2 clone, NOTES), so the same CLONE_NEW* check applies.
    clone: 120,
    clone3: 435,
    personality: 136,
  },
};

/** The filter's architecture for this Node's process.arch, or null where none is built. */
export function seccompArchOf(nodeArch: string = process.arch): SeccompArch | null {
  if (nodeArch === 'x64') return 'x86_64';
  if (nodeArch === 'arm64') return 'aarch64';
  return null;
}

/**
 * The program, as instructions:
 *  1. `seccomp_data.arch`: the native ABI goes to its table, i386 on x86_64 to the i386 table;
 *     any other (32-bit ARM, anything unknown) kills the process — its numbers would mean other
 *     calls. On x86_64 an x32 call (native arch, `X32_SYSCALL_BIT` set) is killed too;
 *  2. per ABI, with that ABI's numbers: clone with a `CLONE_NEW*` flag: EPERM; clone3 (its flags
 *     sit behind a pointer the filter cannot read): ENOSYS, so the C library falls back to clone;
 *     personality other than the allowed personas: EPERM; the blocked calls: EPERM; everything
 *     else: allowed.
 * The argument checks and returns are shared. Classic BPF jumps forward by at most 255
 * instructions; the native section's jumps cross the i386 one (about 60 instructions), well
 * inside that, and the assembler refuses a program where it would not be.
 */
export function seccompProgram(arch: SeccompArch): SockFilter[] {
  const compat = COMPAT_ABI[arch];
  const errno = (code: number) => SECCOMP_RET.ERRNO | code;
  const b = new BpfBuilder();
  b.load(SECCOMP_DATA.arch);
  if (compat === null) b.jumpIfEqual(AUDIT_ARCH[arch], 'native', 'kill');
  else b.jumpIfEqual(AUDIT_ARCH[arch], 'native').jumpIfEqual(AUDIT_ARCH[compat], compat, 'kill');
  b.label('native').load(SECCOMP_DATA.nr);
  if (arch === 'x86_64') b.jumpIfAnySet(X32_SYSCALL_BIT, 'kill');
  dispatch(b, SYSCALL_NUMBERS[arch]);
  if (compat !== null) {
    b.label(compat).load(SECCOMP_DATA.nr);
    dispatch(b, SYSCALL_NUMBERS[compat]);
  }
  // Only the low 32 bits matter: the kernel truncates clone's flags and personality's persona
  // (and an i386 call's arguments are 32-bit registers).
  b.label('clone').load(SECCOMP_DATA.argLow(0)).jumpIfAnySet(CLONE_NEW_FLAGS, 'eperm');
  b.ret(SECCOMP_RET.ALLOW);
  b.label('personality').load(SECCOMP_DATA.argLow(0));
  for (const persona of ALLOWED_PERSONAS) b.jumpIfEqual(persona, 'allow');
  b.label('eperm').ret(errno(EPERM));
  b.label('allow').ret(SECCOMP_RET.ALLOW);
  b.label('enosys').ret(errno(ENOSYS));
  b.label('kill').ret(SECCOMP_RET.KILL_PROCESS);
  return b.assemble();
}

/** One ABI's checks of the system call number (loaded in A), ending in "allow". */
function dispatch(b: BpfBuilder, numbers: Record<SyscallName, number | null>): void {
  b.jumpIfEqual(numbers.clone!, 'clone');
  b.jumpIfEqual(numbers.clone3!, 'enosys');
  b.jumpIfEqual(numbers.personality!, 'personality');
  for (const name of BLOCKED_SYSCALLS) {
    const nr = numbers[name];
    if (nr !== null) b.jumpIfEqual(nr, 'eperm');
  }
  b.ret(SECCOMP_RET.ALLOW);
}

/** The filter as bubblewrap's `--seccomp FD` reads it. */
export function seccompFilterBytes(arch: SeccompArch): Buffer {
  return encodeProgram(seccompProgram(arch));
}
