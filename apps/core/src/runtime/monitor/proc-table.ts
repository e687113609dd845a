import { closeSync, open, read, readFileSync, readSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { loopTurn } from '../../lib/loop-turns.ts';

const openAsync = promisify(open);
const readAsync = promisify(read);

/** One process tree's totals at one scan (core-api.md §2.14, summed over the tree). */
export interface TreeSample {
  /** Processes in the tree (0: the root is gone). */
  processes: number;
  /** User + system CPU ticks the tree's live processes used since the previous scan (see ProcTable). */
  cpuTicks: number;
  /** User + system CPU ticks its live processes used since each of them started. */
  cpuTicksTotal: number;
  rssBytes: number;
  /** Summed `/proc/<pid>/io` counters (null when none was readable). */
  io: { read: number; written: number } | null;
}

/** What a scan needs of the host: where /proc is and its units (read from /proc/self/auxv). */
export interface ProcTableOptions {
  procRoot?: string;
  /** USER_HZ, the unit of CPU times in /proc (auxv AT_CLKTCK; 100 on Linux). */
  clockTicks?: number;
  /** Bytes per page, the unit of RSS in /proc/<pid>/stat (auxv AT_PAGESZ). */
  pageSize?: number;
  /** Each foreign process is read again every this many scans (a recycled pid may be ours now). */
  recheckEvery?: number;
  /**
   * At most this many processes are read in one turn of the event loop (default 16): a scan of a
   * busy host (thousands of pids, thirty servers starting) otherwise held every request for tens
   * of milliseconds.
   */
  readsPerTurn?: number;
}

interface Member {
  statFd: number;
  /** `statm`: its resident count is exact; stat's is the kernel's per-CPU estimate (Linux ≥ 6.2). */
  statmFd: number;
  /** -1 when /proc/<pid>/io cannot be opened (another user's process, no permission). */
  ioFd: number;
  ppid: number;
  start: string;
  /** CPU ticks at the previous scan (null: first seen in this scan). */
  previousTicks: number | null;
  ticks: number;
  rss: number;
  io: { read: number; written: number } | null;
}

interface StatFields {
  ppid: number;
  start: string;
  ticks: number;
  rssPages: number;
}

const AT_PAGESZ = 6n;
const AT_CLKTCK = 17n;

/** USER_HZ and the page size, from the auxiliary vector the kernel gave this process (read once). */
export function hostUnits(procRoot = '/proc'): { clockTicks: number; pageSize: number } {
  const units = { clockTicks: 100, pageSize: 4096 };
  try {
    const auxv = readFileSync(path.join(procRoot, 'self', 'auxv'));
    // 64-bit entries (type, value); Hearth runs on 64-bit Linux only.
    for (let at = 0; at + 16 <= auxv.length; at += 16) {
      const type = auxv.readBigUInt64LE(at);
      const value = Number(auxv.readBigUInt64LE(at + 8));
      if (type === AT_CLKTCK && value > 0) units.clockTicks = value;
      if (type === AT_PAGESZ && value > 0) units.pageSize = value;
    }
  } catch {
    // Not Linux, or no auxv: the usual values.
  }
  return units;
}

/** Fields of a /proc/<pid>/stat text (after the `(comm)` part, which may hold spaces and parens). */
function parseStat(text: string): StatFields | null {
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  const f = text.slice(close + 2).split(' ');
  // state(0) ppid(1) … utime(11) stime(12) … starttime(19) vsize(20) rss(21)
  if (f.length < 22) return null;
  return {
    ppid: Number(f[1]),
    ticks: Number(f[11]) + Number(f[12]),
    start: f[19]!,
    rssPages: Number(f[21]),
  };
}

/** Resident pages from a /proc/<pid>/statm text (size resident shared …). */
function parseStatm(text: string): number | null {
  const resident = Number(text.split(' ')[1]);
  return Number.isFinite(resident) ? resident : null;
}

function parseIo(text: string): { read: number; written: number } | null {
  const read = /^read_bytes:\s+(\d+)/m.exec(text);
  const written = /^write_bytes:\s+(\d+)/m.exec(text);
  return read && written ? { read: Number(read[1]), written: Number(written[1]) } : null;
}

const isPid = (name: string) => /^[1-9]\d*$/.test(name);

function closeFds(member: Member): void {
  for (const fd of [member.statFd, member.statmFd, member.ioFd]) if (fd !== -1) closeSync(fd);
}

/**
 * The process trees of every running server, read in **one pass over /proc per scan** for all of
 * them (issue 26: the monitor read `/proc/uptime`, `stat` and `io` per process per instance every
 * second through pidusage, and spawned `getconf`; garbage collection was a third of the core's
 * time at rest).
 *
 * A scan lists /proc once. A process seen for the first time is read in libuv's thread pool:
 * reading the `stat` or `io` of a process that is just being started (mid-exec, its sandbox being
 * set up) can block for tens of milliseconds, and such a synchronous read held the core's event
 * loop for 75–110 ms during a burst of thirty starts. A process of a tree is read through descriptors kept
 * open on its `stat`, `statm` and `io` files (one `pread` each per scan, no path lookup; a descriptor of a
 * process that exited answers ESRCH, so a recycled pid is never mistaken for it). A pid not seen
 * before is read once by path to learn its parent: a descendant of a root joins the tree, anything
 * else is remembered as foreign and read again only every `recheckEvery` scans (its pid may have
 * been recycled by a child of a server). Membership follows the parent links of the scan itself,
 * so a process that left its tree (re-parented to init) no longer counts.
 *
 * CPU: the ticks each process used since the previous scan, summed (a process first seen counts
 * in full: it started since); per-process, so a process that exits takes only its own time away.
 */
export class ProcTable {
  private readonly procRoot: string;
  private readonly clockTicks: number;
  private readonly pageSize: number;
  private readonly recheckEvery: number;
  private readonly readsPerTurn: number;
  /** Bumped by close(): a scan under way stops at its next turn and opens nothing more. */
  private generation = 0;
  /** A pass is under way (its reads are asynchronous: see the class comment). */
  private scanning = false;
  private readonly members = new Map<number, Member>();
  /** pid → start time of a process outside every tree. */
  private readonly foreign = new Map<number, string>();
  private readonly buffer = Buffer.alloc(4096);
  private scanCount = 0;

  constructor(options: ProcTableOptions = {}) {
    this.procRoot = options.procRoot ?? '/proc';
    const units = hostUnits(this.procRoot);
    this.clockTicks = options.clockTicks ?? units.clockTicks;
    this.pageSize = options.pageSize ?? units.pageSize;
    this.recheckEvery = Math.max(1, options.recheckEvery ?? 30);
    this.readsPerTurn = Math.max(1, options.readsPerTurn ?? 16);
  }

  /** USER_HZ: ticks per second of CPU time. */
  get ticksPerSecond(): number {
    return this.clockTicks;
  }

  /** Scans done so far (one listing of /proc each). */
  get scans(): number {
    return this.scanCount;
  }

  /** Processes whose descriptors are kept open. */
  get tracked(): number {
    return this.members.size;
  }

  /** One pass over /proc: the totals of the tree under each root pid. */
  async scan(roots: readonly number[]): Promise<Map<number, TreeSample>> {
    const generation = this.generation;
    this.scanning = true;
    try {
      return await this.pass(roots);
    } finally {
      this.scanning = false;
      // Closed during the pass: its descriptors are closed now that no read of them is in flight.
      if (this.generation !== generation) this.forgetMembers();
    }
  }

  private async pass(roots: readonly number[]): Promise<Map<number, TreeSample>> {
    this.scanCount++;
    const generation = this.generation;
    const result = new Map<number, TreeSample>();
    if (roots.length === 0) {
      this.forgetMembers();
      return result;
    }
    let names: string[];
    try {
      names = await readdir(this.procRoot);
    } catch {
      names = [];
    }
    const alive = new Set<number>();
    for (const name of names) if (isPid(name)) alive.add(Number(name));
    let reads = 0;
    /** False once the table was closed meanwhile. */
    const paced = async (): Promise<boolean> => {
      if (++reads % this.readsPerTurn === 0) await loopTurn();
      return this.generation === generation;
    };

    for (const pid of this.foreign.keys()) if (!alive.has(pid)) this.foreign.delete(pid);
    // Known processes through their kept descriptors; one that fails (exited) is dropped.
    const parents = new Map<number, number>();
    for (const [pid, member] of this.members) {
      if (!alive.has(pid)) {
        this.drop(pid);
        continue;
      }
      if (!(await paced())) return result;
      const fresh = await this.refresh(member);
      if (this.generation !== generation) return result;
      if (!fresh) {
        this.drop(pid);
        continue;
      }
      parents.set(pid, member.ppid);
    }
    // New pids (and a slice of the foreign ones, again): their parent, by path.
    const fresh = new Map<number, StatFields>();
    for (const pid of alive) {
      if (this.members.has(pid)) continue;
      const known = this.foreign.get(pid);
      if (known !== undefined && (pid + this.scanCount) % this.recheckEvery !== 0) continue;
      if (!(await paced())) return result;
      const stat = await this.readStatByPath(pid);
      if (this.generation !== generation) return result;
      if (stat === null) continue;
      if (known !== undefined && known === stat.start) continue;
      this.foreign.delete(pid);
      fresh.set(pid, stat);
      parents.set(pid, stat.ppid);
    }

    // Which root each process descends from (memoised walk up the parent links of this scan).
    const rootSet = new Set(roots);
    const rootOf = new Map<number, number | null>();
    const findRoot = (pid: number): number | null => {
      const trail: number[] = [];
      let at: number | undefined = pid;
      let found: number | null = null;
      while (at !== undefined && at > 0) {
        if (rootSet.has(at) && alive.has(at)) {
          found = at;
          break;
        }
        const memo = rootOf.get(at);
        if (memo !== undefined) {
          found = memo;
          break;
        }
        if (trail.includes(at)) break;
        trail.push(at);
        at = parents.get(at);
      }
      for (const step of trail) rootOf.set(step, found);
      return found;
    };

    for (const [pid, stat] of fresh) {
      if (findRoot(pid) === null) this.foreign.set(pid, stat.start);
      else {
        if (!(await paced())) return result;
        await this.adopt(pid, stat);
        if (this.generation !== generation) return result;
      }
    }
    for (const root of roots)
      result.set(root, { processes: 0, cpuTicks: 0, cpuTicksTotal: 0, rssBytes: 0, io: null });
    for (const [pid, member] of this.members) {
      const root = findRoot(pid);
      const sample = root === null ? undefined : result.get(root);
      if (!sample) {
        // Left every tree (re-parented, or its server is no longer sampled).
        this.drop(pid);
        continue;
      }
      sample.processes++;
      sample.cpuTicks += member.ticks - (member.previousTicks ?? 0);
      sample.cpuTicksTotal += member.ticks;
      sample.rssBytes += member.rss;
      if (member.io) {
        sample.io ??= { read: 0, written: 0 };
        sample.io.read += member.io.read;
        sample.io.written += member.io.written;
      }
    }
    return result;
  }

  /** Closes every kept descriptor. */
  close(): void {
    this.generation++;
    // A pass under way may be reading a descriptor: it closes them when it stops (see scan).
    if (!this.scanning) this.forgetMembers();
    this.foreign.clear();
  }

  private forgetMembers(): void {
    for (const pid of [...this.members.keys()]) this.drop(pid);
  }

  private async readStatByPath(pid: number): Promise<StatFields | null> {
    try {
      return parseStat(await readFile(path.join(this.procRoot, String(pid), 'stat'), 'latin1'));
    } catch {
      return null;
    }
  }

  /**
   * A kept descriptor's text: read in the thread pool for a process just adopted (it may be mid-
   * exec), at once for one that has run since an earlier scan (each read a `pread`, ~70 of them a
   * second at rest with twenty servers: the thread pool's hand-offs cost more CPU than the reads).
   * One read at a time (the scan awaits each): they share one buffer.
   */
  private async readFd(fd: number, inPool: boolean): Promise<string | null> {
    try {
      const length = inPool
        ? (await readAsync(fd, this.buffer, 0, this.buffer.length, 0)).bytesRead
        : readSync(fd, this.buffer, 0, this.buffer.length, 0);
      return this.buffer.toString('latin1', 0, length);
    } catch {
      return null;
    }
  }

  /** Opens the descriptors of a process that joined a tree; it counts from this scan on. */
  private async adopt(pid: number, stat: StatFields): Promise<void> {
    const generation = this.generation;
    const dir = path.join(this.procRoot, String(pid));
    const openOr = (name: string) => openAsync(path.join(dir, name), 'r').catch(() => -1);
    const statFd = await openOr('stat');
    const member: Member = {
      statFd,
      statmFd: statFd === -1 ? -1 : await openOr('statm'),
      ioFd: statFd === -1 ? -1 : await openOr('io'),
      ppid: stat.ppid,
      start: stat.start,
      previousTicks: null,
      ticks: stat.ticks,
      rss: stat.rssPages * this.pageSize,
      io: null,
    };
    // Read through the descriptor: the process it names may already differ from the path's.
    const read = statFd !== -1 && (await this.refresh(member, true));
    // Closed meanwhile: close() left this one's descriptors to it.
    if (!read || this.generation !== generation) {
      closeFds(member);
      return;
    }
    this.members.set(pid, member);
  }

  /** Re-reads a member; false when it is gone (or its pid now names another process). */
  private async refresh(member: Member, first = false): Promise<boolean> {
    const stat = parseStat((await this.readFd(member.statFd, first)) ?? '');
    if (stat === null || stat.start !== member.start) return false;
    member.previousTicks = first ? null : member.ticks;
    member.ticks = stat.ticks;
    member.ppid = stat.ppid;
    const resident =
      member.statmFd === -1 ? null : parseStatm((await this.readFd(member.statmFd, first)) ?? '');
    member.rss = (resident ?? stat.rssPages) * this.pageSize;
    member.io = member.ioFd === -1 ? null : parseIo((await this.readFd(member.ioFd, first)) ?? '');
    return true;
  }

  private drop(pid: number): void {
    const member = this.members.get(pid);
    if (!member) return;
    this.members.delete(pid);
    closeFds(member);
  }
}
