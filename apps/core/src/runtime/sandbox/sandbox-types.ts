import type { ResourceLimits } from '@hearth/protocol';

/** `--isolation`: sandbox when bubblewrap works (auto), refuse to start without it (required), never (none). */
export type IsolationMode = 'auto' | 'required' | 'none';

export const ISOLATION_MODES: readonly IsolationMode[] = ['auto', 'required', 'none'];

// The limits are a wire shape too (instance settings), so their schema lives in the protocol.
export { ResourceLimitsSchema, type ResourceLimits } from '@hearth/protocol';

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

/** Whether the sandbox's seccomp filter (seccomp-filter.ts) is applied to every sandboxed program. */
export interface SeccompReport {
  applied: boolean;
  /** The architecture the filter is built for (null: none for this host). */
  arch: 'x86_64' | 'aarch64' | null;
  /** Why it is not applied (null when it is, or when nothing is sandboxed). */
  problem: string | null;
}

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
  /** Limits every launch gets unless it sets its own (see default-limits.ts). */
  defaultLimits: ResourceLimits;
  seccomp: SeccompReport;
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
