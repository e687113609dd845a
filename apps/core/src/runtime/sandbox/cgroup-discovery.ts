// Finds where this host lets the core create cgroups with memory, cpu and pids controllers: a v1
// hierarchy per controller (root only), or a delegated v2 subtree. Every answer is checked by
// creating (and removing) a probe cgroup, never assumed from the mount table alone.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CgroupController, CgroupHierarchy, LimitSupport } from './sandbox-types.ts';

export const CONTROLLERS: readonly CgroupController[] = ['memory', 'cpu', 'pids'];
/** The folder under the core's own cgroup that holds one leaf per sandboxed launch. */
export const LEAVES_FOLDER = 'hearth';

export interface CgroupSources {
  /** `/proc/self/mountinfo` */
  mountinfo: string;
  /** `/proc/self/cgroup` */
  selfCgroup: string;
  /** This process (moved into a leaf of its own on a delegated v2 subtree). */
  pid: number;
}

export async function readCgroupSources(): Promise<CgroupSources> {
  const [mountinfo, selfCgroup] = await Promise.all([
    readFile('/proc/self/mountinfo', 'utf8').catch(() => ''),
    readFile('/proc/self/cgroup', 'utf8').catch(() => ''),
  ]);
  return { mountinfo, selfCgroup, pid: process.pid };
}

interface CgroupMount {
  version: 1 | 2;
  /** The cgroup path at the root of this mount (not "/" inside some containers). */
  root: string;
  mountPoint: string;
  /** v1: the controllers bound to this hierarchy. */
  options: string[];
}

/** mountinfo escapes spaces and friends as \040 (octal). */
function unescape(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) =>
    String.fromCharCode(parseInt(octal, 8)),
  );
}

export function parseCgroupMounts(mountinfo: string): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (left === undefined || right === undefined) continue;
    const fields = left.split(' ');
    const [fsType, , superOptions = ''] = right.split(' ');
    if (fsType !== 'cgroup' && fsType !== 'cgroup2') continue;
    const root = fields[3];
    const mountPoint = fields[4];
    if (root === undefined || mountPoint === undefined) continue;
    mounts.push({
      version: fsType === 'cgroup2' ? 2 : 1,
      root: unescape(root),
      mountPoint: unescape(mountPoint),
      options: superOptions.split(','),
    });
  }
  return mounts;
}

/** `/proc/self/cgroup`: hierarchy line per controller set ("" = the v2 unified hierarchy). */
export function parseSelfCgroup(text: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line.trim());
    if (match) paths.set(match[1]!, match[2]!);
  }
  return paths;
}

/** The core's own cgroup folder inside a mount, or null when it lies outside the mount. */
function ownFolder(mount: CgroupMount, cgroupPath: string): string | null {
  const root = mount.root === '/' ? '' : mount.root;
  if (cgroupPath !== root && !cgroupPath.startsWith(`${root}/`)) return null;
  return path.join(mount.mountPoint, cgroupPath.slice(root.length));
}

/** The file a controller's limit is written to; its presence proves the controller is usable. */
const PROBE_FILE: Record<1 | 2, Record<CgroupController, [string, string]>> = {
  1: {
    memory: ['memory.limit_in_bytes', '-1'],
    cpu: ['cpu.shares', '1024'],
    pids: ['pids.max', 'max'],
  },
  2: { memory: ['memory.max', 'max'], cpu: ['cpu.weight', '100'], pids: ['pids.max', 'max'] },
};

/** Why a controller is unusable, kept per controller: a later hierarchy may still provide it. */
class Problems {
  private readonly byController = new Map<CgroupController, string[]>();

  add(controller: CgroupController, text: string): void {
    this.byController.set(controller, [...(this.byController.get(controller) ?? []), text]);
  }

  addAll(controllers: CgroupController[], text: string): void {
    for (const c of controllers) this.add(c, text);
  }

  /** One list for the report: the reasons of every controller still missing. */
  uncovered(covered: Set<CgroupController>): string[] {
    const texts = new Set<string>();
    for (const c of CONTROLLERS) {
      if (covered.has(c)) continue;
      const reasons = this.byController.get(c) ?? [
        `No usable ${c} cgroup controller on this host: ${c} limits are not enforced.`,
      ];
      for (const text of reasons) texts.add(text);
    }
    return [...texts];
  }
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ? `${e.code}` : String(error);
}

/** Creates a probe leaf and writes each controller's "unlimited" value; returns the ones that worked. */
async function probeLeaf(
  parentDir: string,
  version: 1 | 2,
  controllers: CgroupController[],
  problems: Problems,
): Promise<CgroupController[]> {
  const leaf = path.join(parentDir, `probe.${process.pid}.${randomUUID().slice(0, 8)}`);
  try {
    await mkdir(leaf, { recursive: true });
  } catch (error) {
    for (const c of controllers)
      problems.add(
        c,
        `Cannot create cgroups in ${parentDir} (${describe(error)}): ${c} limits are not enforced.`,
      );
    return [];
  }
  const working: CgroupController[] = [];
  for (const controller of controllers) {
    const [file, value] = PROBE_FILE[version][controller];
    try {
      await writeFile(path.join(leaf, file), value);
      working.push(controller);
    } catch (error) {
      problems.add(
        controller,
        `The ${controller} controller does not accept limits in ${parentDir} (${describe(error)}).`,
      );
    }
  }
  await rmdir(leaf).catch(() => undefined);
  return working;
}

/**
 * A delegated v2 subtree: controllers can be enabled for children only in a cgroup without
 * processes of its own, so the core first moves itself into a leaf (`hearth-core`) of its own
 * cgroup. Refused when other processes share the core's cgroup (not a delegated subtree).
 */
async function prepareV2(
  own: string,
  controllers: CgroupController[],
  sources: CgroupSources,
  problems: Problems,
): Promise<string | null> {
  const enable = controllers.map((c) => `+${c}`).join(' ');
  try {
    const members = (await readFile(path.join(own, 'cgroup.procs'), 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '');
    const subtree = (await readFile(path.join(own, 'cgroup.subtree_control'), 'utf8')).split(/\s+/);
    const enabled = controllers.every((c) => subtree.includes(c));
    if (!enabled && members.some((pid) => pid !== String(sources.pid))) {
      problems.addAll(
        controllers,
        `The core's cgroup ${own} holds other processes, so it is not a delegated subtree; run the core in a cgroup of its own (systemd: Delegate=yes) to enforce limits.`,
      );
      return null;
    }
    if (members.length > 0) {
      const coreLeaf = path.join(own, 'hearth-core');
      await mkdir(coreLeaf, { recursive: true });
      await writeFile(path.join(coreLeaf, 'cgroup.procs'), String(sources.pid));
    }
    if (!enabled) await writeFile(path.join(own, 'cgroup.subtree_control'), enable);
    const parent = path.join(own, LEAVES_FOLDER);
    await mkdir(parent, { recursive: true });
    await writeFile(path.join(parent, 'cgroup.subtree_control'), enable);
    return parent;
  } catch (error) {
    problems.addAll(
      controllers,
      `Cannot delegate cgroup v2 controllers under ${own} (${describe(error)}): limits are not enforced.`,
    );
    return null;
  }
}

/** Where and which limits can be enforced on this host. */
export async function discoverCgroups(sources: CgroupSources): Promise<LimitSupport> {
  const mounts = parseCgroupMounts(sources.mountinfo);
  const selfPaths = parseSelfCgroup(sources.selfCgroup);
  const problems = new Problems();
  const hierarchies: CgroupHierarchy[] = [];
  const covered = new Set<CgroupController>();

  for (const mount of mounts.filter((m) => m.version === 1)) {
    const wanted = CONTROLLERS.filter((c) => mount.options.includes(c) && !covered.has(c));
    if (wanted.length === 0) continue;
    const selfPath = [...selfPaths].find(([names]) =>
      wanted.every((c) => names.split(',').includes(c)),
    )?.[1];
    const own = selfPath === undefined ? null : ownFolder(mount, selfPath);
    if (own === null) continue;
    const parentDir = path.join(own, LEAVES_FOLDER);
    const working = await probeLeaf(parentDir, 1, wanted, problems);
    for (const c of working) covered.add(c);
    if (working.length > 0) hierarchies.push({ version: 1, controllers: working, parentDir });
  }

  const unified = mounts.find((m) => m.version === 2);
  const unifiedPath = selfPaths.get('');
  const missing = CONTROLLERS.filter((c) => !covered.has(c));
  if (unified && unifiedPath !== undefined && missing.length > 0) {
    const own = ownFolder(unified, unifiedPath);
    const available = own
      ? (await readFile(path.join(own, 'cgroup.controllers'), 'utf8').catch(() => '')).split(/\s+/)
      : [];
    const wanted = missing.filter((c) => available.includes(c));
    const parentDir =
      own && wanted.length > 0 ? await prepareV2(own, wanted, sources, problems) : null;
    if (parentDir) {
      const working = await probeLeaf(parentDir, 2, wanted, problems);
      for (const c of working) covered.add(c);
      if (working.length > 0) hierarchies.push({ version: 2, controllers: working, parentDir });
    }
  }

  const versions = new Set(hierarchies.map((h) => h.version));
  return {
    backend:
      versions.size === 0
        ? null
        : versions.size > 1
          ? 'mixed'
          : versions.has(1)
            ? 'cgroup-v1'
            : 'cgroup-v2',
    memory: covered.has('memory'),
    cpu: covered.has('cpu'),
    pids: covered.has('pids'),
    hierarchies,
    problems: problems.uncovered(covered),
  };
}
