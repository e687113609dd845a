import { z } from 'zod';

/** `--isolation`: sandbox when bubblewrap works (auto), refuse to start without it (required), never (none). */
export type IsolationMode = 'auto' | 'required' | 'none';

export const ISOLATION_MODES: readonly IsolationMode[] = ['auto', 'required', 'none'];

const MIB = 1024 * 1024;

/** Resource limits of one instance; every field is optional (absent = unlimited). */
export const ResourceLimitsSchema = z
  .object({
    /** Memory of the whole sandbox, RAM and swap together (bytes, at least 16 MiB). */
    memoryBytes: z
      .number()
      .int()
      .min(16 * MIB, 'The memory limit must be at least 16 MiB'),
    /** CPU weight against the other instances when the CPU is busy: 1–10000, 100 is an equal share. */
    cpuWeight: z.number().int().min(1).max(10_000),
    /** Hard CPU cap in percent of one core (150 = one and a half cores). */
    cpuPercent: z.number().int().min(1).max(100_000),
    /** Processes and threads at once (a JVM uses dozens of threads). */
    maxProcesses: z.number().int().min(8, 'The process limit must be at least 8').max(1_000_000),
  })
  .partial()
  .strict();
export type ResourceLimits = z.infer<typeof ResourceLimitsSchema>;

export type CgroupController = 'memory' | 'cpu' | 'pids';

/** One cgroup hierarchy the sandbox writes leaves into (v1 has one per controller mount). */
export interface CgroupHierarchy {
  version: 1 | 2;
  controllers: CgroupController[];
  /** The folder that holds one leaf per launch (created on demand). */
  parentDir: string;
}

/** What the host lets the sandbox enforce. */
export interface LimitSupport {
  backend: 'cgroup-v1' | 'cgroup-v2' | 'mixed' | null;
  memory: boolean;
  cpu: boolean;
  pids: boolean;
  hierarchies: CgroupHierarchy[];
  /** Why a limit cannot be enforced here, one sentence each. */
  problems: string[];
}

/** Who a sandboxed process is on the host. */
export type SandboxUser =
  /** The core runs as root; the sandbox switches to this unprivileged uid/gid before the game starts. */
  | { kind: 'dropped'; uid: number; gid: number }
  /** The core is not root: bubblewrap runs unprivileged (user namespace) as the core's own user. */
  | { kind: 'core-user'; uid: number; gid: number }
  /** The core runs as root and could not switch: uid 0 without any capability. */
  | { kind: 'root-without-capabilities'; uid: 0; gid: 0 };

/** What `detectIsolation` found; plain data (it is logged and shown to the owner). */
export interface IsolationReport {
  mode: IsolationMode;
  /** Launches are wrapped in bubblewrap. */
  sandboxed: boolean;
  bwrap: {
    path: string | null;
    version: string | null;
    works: boolean;
    /** Why it does not work (null when it does). */
    problem: string | null;
  };
  /** Null when not sandboxed. */
  user: SandboxUser | null;
  setprivPath: string | null;
  limits: LimitSupport;
  /** Everything the owner should know, one sentence each (for the log and the dashboard). */
  warnings: string[];
}

/** A sandbox's resource use as its cgroup reports it (null = not measurable here). */
export interface SandboxUsage {
  memoryBytes: number | null;
  memoryPeakBytes: number | null;
  /** Processes the kernel killed because the memory limit was reached. */
  oomKills: number | null;
  processes: number | null;
  processesPeak: number | null;
  /** fork()/clone() calls refused because the process limit was reached. */
  forkRefusals: number | null;
  /** Scheduling periods in which the CPU cap held the sandbox back. */
  cpuThrottledPeriods: number | null;
}
