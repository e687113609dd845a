// One launch's cgroups: a leaf per hierarchy with the instance's limits written in, its usage read
// back, and the leaves removed once the sandbox is gone.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '../supervisor/process-tree.ts';
import type {
  CgroupController,
  CgroupHierarchy,
  ResourceLimits,
  SandboxUsage,
} from './sandbox-types.ts';

const CPU_PERIOD_US = 100_000;
/** Leaf names: `<instance id>.<core pid>.<random>`, so a later core can sweep a dead core's leaves. */
const LEAF_NAME = /^(?:.+)\.(\d+)\.[0-9a-f]{8}$/;

/** The files and values that enforce `limits` for one controller (in write order). */
export function limitWrites(
  version: 1 | 2,
  controller: CgroupController,
  limits: ResourceLimits,
): [string, string][] {
  const writes: [string, string][] = [];
  switch (controller) {
    case 'memory':
      if (limits.memoryBytes === undefined) break;
      if (version === 1) {
        writes.push(['memory.limit_in_bytes', String(limits.memoryBytes)]);
        // RAM + swap: without it the limit only pushes the process into swap.
        writes.push(['memory.memsw.limit_in_bytes', String(limits.memoryBytes)]);
      } else {
        writes.push(['memory.max', String(limits.memoryBytes)], ['memory.swap.max', '0']);
      }
      break;
    case 'cpu':
      if (limits.cpuWeight !== undefined) {
        // v1 shares: 1024 is the default share, as 100 is the default v2 weight.
        const shares = Math.max(2, Math.round((limits.cpuWeight * 1024) / 100));
        writes.push(
          version === 1 ? ['cpu.shares', String(shares)] : ['cpu.weight', String(limits.cpuWeight)],
        );
      }
      if (limits.cpuPercent !== undefined) {
        const quota = Math.round((limits.cpuPercent / 100) * CPU_PERIOD_US);
        if (version === 1) {
          writes.push(['cpu.cfs_period_us', String(CPU_PERIOD_US)]);
          writes.push(['cpu.cfs_quota_us', String(quota)]);
        } else {
          writes.push(['cpu.max', `${quota} ${CPU_PERIOD_US}`]);
        }
      }
      break;
    case 'pids':
      if (limits.maxProcesses !== undefined) writes.push(['pids.max', String(limits.maxProcesses)]);
      break;
  }
  return writes;
}

/** Optional files (swap accounting is often off) may be missing; everything else must work. */
const OPTIONAL = new Set(['memory.memsw.limit_in_bytes', 'memory.swap.max']);

function readNumber(file: string): number | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/** A `key value` line of a flat keyed file such as memory.events. */
function readKey(file: string, key: string): number | null {
  try {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [k, v] = line.trim().split(/\s+/);
      if (k === key && v !== undefined && /^\d+$/.test(v)) return Number(v);
    }
  } catch {
    return null;
  }
  return null;
}

interface Leaf {
  hierarchy: CgroupHierarchy;
  dir: string;
}

export class CgroupLease {
  private finalUsage: SandboxUsage | null = null;
  private removed = false;

  private constructor(private readonly leaves: Leaf[]) {}

  /** Creates one leaf per hierarchy and writes the limits; undoes everything on failure. */
  static async create(
    hierarchies: CgroupHierarchy[],
    instanceId: string,
    limits: ResourceLimits,
  ): Promise<CgroupLease> {
    const name = `${instanceId}.${process.pid}.${randomUUID().slice(0, 8)}`;
    const leaves: Leaf[] = [];
    const lease = new CgroupLease(leaves);
    try {
      for (const hierarchy of hierarchies) {
        const dir = path.join(hierarchy.parentDir, name);
        await makeLeaf(dir);
        leaves.push({ hierarchy, dir });
        for (const controller of hierarchy.controllers) {
          for (const [file, value] of limitWrites(hierarchy.version, controller, limits)) {
            try {
              await writeFile(path.join(dir, file), value);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOENT' && OPTIONAL.has(file))
                continue;
              throw new Error(`cannot write ${value} to ${path.join(dir, file)}: ${String(error)}`);
            }
          }
        }
      }
    } catch (error) {
      await lease.remove();
      throw error;
    }
    return lease;
  }

  /** The `cgroup.procs` files a launcher writes its own pid into before it runs anything. */
  get procsFiles(): string[] {
    return this.leaves.map((leaf) => path.join(leaf.dir, 'cgroup.procs'));
  }

  private leafFor(controller: CgroupController): Leaf | null {
    return this.leaves.find((leaf) => leaf.hierarchy.controllers.includes(controller)) ?? null;
  }

  /** Live figures while the leaves exist, then the last figures read before removal. */
  usage(): SandboxUsage {
    if (this.removed) return this.finalUsage ?? emptyUsage();
    const memory = this.leafFor('memory');
    const pids = this.leafFor('pids');
    const cpu = this.leafFor('cpu');
    const v1 = memory?.hierarchy.version === 1;
    const at = (leaf: Leaf | null, file: string) => (leaf ? path.join(leaf.dir, file) : '');
    return {
      memoryBytes: memory
        ? readNumber(at(memory, v1 ? 'memory.usage_in_bytes' : 'memory.current'))
        : null,
      memoryPeakBytes: memory
        ? readNumber(at(memory, v1 ? 'memory.max_usage_in_bytes' : 'memory.peak'))
        : null,
      oomKills: memory
        ? readKey(at(memory, v1 ? 'memory.oom_control' : 'memory.events'), 'oom_kill')
        : null,
      processes: pids ? readNumber(at(pids, 'pids.current')) : null,
      processesPeak: pids ? readNumber(at(pids, 'pids.peak')) : null,
      forkRefusals: pids ? readKey(at(pids, 'pids.events'), 'max') : null,
      cpuThrottledPeriods: cpu ? readKey(at(cpu, 'cpu.stat'), 'nr_throttled') : null,
    };
  }

  /**
   * Removes the leaves. Whatever still runs in them (a process that left the tree, e.g. a
   * daemonised grandchild of an unsandboxed server) is killed first: the kernel, not a file a
   * game can write, lists those pids, and only members of this launch's leaf are listed.
   */
  async remove(): Promise<void> {
    if (this.removed) return;
    this.finalUsage = this.usage();
    this.removed = true;
    for (const leaf of this.leaves.reverse()) await removeLeaf(leaf.dir);
  }
}

/** Another core sharing the parent may remove it (when empty) at its shutdown: try again then. */
async function makeLeaf(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(dir, { recursive: true });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
}

function emptyUsage(): SandboxUsage {
  return {
    memoryBytes: null,
    memoryPeakBytes: null,
    oomKills: null,
    processes: null,
    processesPeak: null,
    forkRefusals: null,
    cpuThrottledPeriods: null,
  };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function killMembers(dir: string): Promise<void> {
  const text = await readFile(path.join(dir, 'cgroup.procs'), 'utf8').catch(() => '');
  for (const pid of text.split('\n').filter((line) => /^\d+$/.test(line))) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  }
}

/** rmdir fails with EBUSY while dying members are still being reaped; retry for a while. */
async function removeLeaf(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || attempt >= 30) throw error;
    }
    await killMembers(dir);
    await pause(20 + attempt * 10);
  }
}

/** Removes leaves left by cores that are no longer running (a core killed with -9). */
export async function sweepDeadLeaves(hierarchies: CgroupHierarchy[]): Promise<void> {
  for (const hierarchy of hierarchies) {
    const names = await readdir(hierarchy.parentDir).catch(() => [] as string[]);
    for (const name of names) {
      const owner = LEAF_NAME.exec(name)?.[1];
      if (owner === undefined || isAlive(Number(owner))) continue;
      await rmdir(path.join(hierarchy.parentDir, name)).catch(() => undefined);
    }
  }
}
