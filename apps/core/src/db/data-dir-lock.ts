import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'hearth.lock';
const KIND = 'hearth-core';

/**
 * Who holds the lock. A pid alone is not an identity: after a crash (kill -9, power loss) the pid
 * is recycled, and a lock naming it would keep the core from ever starting again. Within one boot,
 * pid + start time names exactly one process; the executable tells a core from anything else.
 */
interface Holder {
  kind: typeof KIND;
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); null off Linux. */
  start_ticks: string | null;
  /** /proc/sys/kernel/random/boot_id: the same pid and ticks after a reboot are another process. */
  boot_id: string | null;
  /** /proc/<pid>/exe of the holder (the Node binary running the core). */
  exe: string | null;
}

function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function startTicks(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function executable(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

function self(): Holder {
  return {
    kind: KIND,
    pid: process.pid,
    start_ticks: startTicks(process.pid),
    boot_id: bootId(),
    exe: executable(process.pid) ?? process.execPath,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock names, if it still holds it; null for a stale or unreadable lock. */
function livePid(text: string): number | null {
  const trimmed = text.trim();
  // Locks written before identities were recorded hold the bare pid.
  if (/^\d+$/.test(trimmed)) {
    const pid = Number(trimmed);
    if (!isAlive(pid)) return null;
    const exe = executable(pid);
    // A live core of that version ran on Node like this one; any other program is a recycled pid.
    return exe === null || exe === executable(process.pid) ? pid : null;
  }
  let holder: Partial<Holder>;
  try {
    holder = JSON.parse(trimmed) as Partial<Holder>;
  } catch {
    return null;
  }
  const { pid } = holder;
  if (holder.kind !== KIND || typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0)
    return null;
  if (!isAlive(pid)) return null;
  const now = { start: startTicks(pid), boot: bootId(), exe: executable(pid) };
  if (holder.boot_id && now.boot && holder.boot_id !== now.boot) return null;
  if (holder.start_ticks && now.start && holder.start_ticks !== now.start) return null;
  if (holder.exe && now.exe && holder.exe !== now.exe) return null;
  return pid;
}

/** Creates `file` with `content` only if it does not exist: never visible empty or half-written. */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, content, { flag: 'wx', mode: 0o644 });
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Removes a lock judged stale, unless another core replaced it meanwhile: the file is moved aside
 * first and put back when it is no longer the one that was judged.
 */
function removeStale(file: string, judged: string): void {
  const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== judged) fs.linkSync(aside, file);
  } catch {
    // Someone created a new lock meanwhile: theirs stands, the next attempt reads it.
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * One core per data directory (core-api.md §1.1 lockfile). The lock records the holder's identity
 * (see Holder); a lock whose process is gone — or whose pid now names another process — is taken
 * over, a lock held by a live core is a refusal.
 */
export class DataDirLock {
  private constructor(
    private readonly file: string,
    private readonly content: string,
  ) {}

  static acquire(dataDir: string): DataDirLock {
    const file = path.join(dataDir, LOCK_FILE);
    const content = `${JSON.stringify(self())}\n`;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createExclusive(file, content)) return new DataDirLock(file, content);
      let existing: string;
      try {
        existing = fs.readFileSync(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const pid = livePid(existing);
      if (pid !== null)
        throw new Error(`Another Hearth core (pid ${pid}) is using the data directory ${dataDir}`);
      removeStale(file, existing);
    }
    throw new Error(`Could not lock the data directory ${dataDir}`);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.file, 'utf8') === this.content)
        fs.rmSync(this.file, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  }
}
