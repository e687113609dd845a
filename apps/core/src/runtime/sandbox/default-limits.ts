// The limits a sandbox gets when its instance sets none of its own (issue 22): on by default, as
// Wings does, so a server nobody configured cannot fork or allocate the host away.
import type { LimitSupport, ResourceLimits } from './sandbox-types.ts';

const MIB = 1024 * 1024;

/** Processes and threads of one sandbox (a JVM uses dozens of threads; a fork loop stops here). */
export const DEFAULT_PROCESS_LIMIT = 512;
/** Memory (RAM + swap, MiB) of a generic game's sandbox; Minecraft follows its max RAM instead. */
export const DEFAULT_MEMORY_LIMIT_MIB = 2048;
/**
 * What a Java server needs beyond its heap (-Xmx): metaspace, code cache, thread stacks, direct
 * buffers and GC structures grow with the heap (the 25 %), plus a fixed part for the JVM itself
 * and the sandbox's private /tmp.
 */
export const JAVA_HEAP_OVERHEAD = 0.25;
export const JAVA_FIXED_OVERHEAD_MIB = 512;

/** The core's setting (`--default-process-limit`, `--default-memory-limit`): absent = built in, 0 = none. */
export interface DefaultLimitSettings {
  maxProcesses?: number;
  memoryMib?: number;
}

/** The core-wide defaults as limits (what every sandbox gets unless its launch says otherwise). */
export function coreDefaultLimits(settings: DefaultLimitSettings = {}): ResourceLimits {
  const processes = settings.maxProcesses ?? DEFAULT_PROCESS_LIMIT;
  const memoryMib = settings.memoryMib ?? DEFAULT_MEMORY_LIMIT_MIB;
  return {
    ...(processes > 0 ? { maxProcesses: processes } : {}),
    ...(memoryMib > 0 ? { memoryBytes: memoryMib * MIB } : {}),
  };
}

/** The memory a Java server with this max heap gets by default: heap + 25 % + 512 MiB. */
export function javaServerMemoryBytes(maxHeapMib: number): number {
  return Math.ceil(maxHeapMib * (1 + JAVA_HEAP_OVERHEAD) + JAVA_FIXED_OVERHEAD_MIB) * MIB;
}

/**
 * The defaults of one instance: the core's, with memory following a Java server's max heap when
 * it has one (and the core has a memory default at all; `--default-memory-limit 0` turns both off).
 */
export function instanceDefaultLimits(
  core: ResourceLimits,
  javaMaxHeapMib: number | null,
): ResourceLimits {
  if (core.memoryBytes === undefined || javaMaxHeapMib === null || javaMaxHeapMib <= 0) return core;
  return { ...core, memoryBytes: javaServerMemoryBytes(javaMaxHeapMib) };
}

/** An instance's own limits over its defaults, field by field. */
export function withDefaults(own: ResourceLimits, defaults: ResourceLimits): ResourceLimits {
  return { ...defaults, ...own };
}

/** Sentences for the owner when the host cannot enforce a default (one per default). */
export function defaultLimitWarnings(defaults: ResourceLimits, support: LimitSupport): string[] {
  const warnings: string[] = [];
  if (defaults.maxProcesses !== undefined && !support.pids)
    warnings.push(
      `The default process limit (${defaults.maxProcesses} per server) is not enforced on this host.`,
    );
  if (defaults.memoryBytes !== undefined && !support.memory)
    warnings.push(
      `The default memory limit (${Math.round(defaults.memoryBytes / MIB)} MiB per server) is not enforced on this host.`,
    );
  return warnings;
}
