export { bwrapArgs, type Mount, type SandboxLayout } from './bwrap-args.ts';
export { discoverCgroups, readCgroupSources, type CgroupSources } from './cgroup-discovery.ts';
export { CgroupLease } from './cgroup-lease.ts';
export {
  DEFAULT_MEMORY_LIMIT_MIB,
  DEFAULT_PROCESS_LIMIT,
  coreDefaultLimits,
  instanceDefaultLimits,
  javaServerMemoryBytes,
  withDefaults,
  type DefaultLimitSettings,
} from './default-limits.ts';
export {
  DEFAULT_SANDBOX_GID,
  DEFAULT_SANDBOX_UID,
  IsolationError,
  detectIsolation,
  type ProbeOptions,
} from './detect-isolation.ts';
export {
  captureIdentity,
  checkIdentity,
  childIdentities,
  signalIdentified,
  signalIdentifiedTree,
  withoutExe,
  type IdentityCheck,
  type ProcessIdentity,
} from './process-identity.ts';
export { HEARTH_ROOT, definitionReadOnlyPaths, programHome } from './runtime-paths.ts';
export {
  RUN_ONCE_OUTPUT_BYTES,
  runOnce,
  type RunOnceOptions,
  type RunOnceResult,
} from './run-once.ts';
export { SandboxLayoutError } from './sandbox-layout.ts';
export {
  MAX_SANDBOX_SLOT,
  SANDBOX_UID_BASE,
  hostRangeClashes,
  rangeClashes,
  sandboxUidOfSlot,
  type SandboxUids,
} from './sandbox-uids.ts';
export {
  Sandbox,
  type SandboxLaunch,
  type SandboxOptions,
  type WrapRequest,
  type WrappedLaunch,
} from './sandbox.ts';
export {
  ISOLATION_MODES,
  ResourceLimitsSchema,
  type IsolationMode,
  type IsolationReport,
  type LimitSupport,
  type ResourceLimits,
  type SandboxUsage,
  type SeccompReport,
  type SandboxUser,
} from './sandbox-types.ts';
