import fs from 'node:fs';

// Linux /proc helpers. Game servers are spawned without their own process group (detached: false),
// so "kill the server" means walking its descendants, never signalling a group (that would be ours).

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Fields of /proc/<pid>/stat after the `(comm)` part (which may itself contain spaces and parens). */
function statFields(pid: number): string[] | null {
  const text = readText(`/proc/${pid}/stat`);
  if (text === null) return null;
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  return text
    .slice(close + 2)
    .trim()
    .split(' ');
}

/**
 * The kernel's start time of a process (clock ticks since boot), which with the pid identifies one
 * process for good: a recycled pid has another start time. Null when unknown (not Linux, gone).
 */
export function processStartTicks(pid: number): string | null {
  // After the comm field: state(0) ppid(1) ... starttime is field 22 overall, index 19 here.
  return statFields(pid)?.[19] ?? null;
}

/** The executable of a process (`/proc/<pid>/exe`), null when unreadable or gone. */
export function processExe(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is still the process the core recorded and still running: same kernel start time,
 * not a zombie and, when both are known, the same executable. Nothing is ever signalled on a pid that fails this.
 */
export function isSameProcess(
  pid: number,
  identity: { start_ticks: string | null; exe: string | null },
): boolean {
  if (identity.start_ticks === null || !isAlive(pid)) return false;
  const fields = statFields(pid);
  // A zombie has exited (only its parent has not reaped it yet): nothing of it runs any more.
  if (fields === null || fields[0] === 'Z' || fields[0] === 'X') return false;
  if (fields[19] !== identity.start_ticks) return false;
  if (identity.exe === null) return true;
  const exe = processExe(pid);
  return exe === null || exe === identity.exe;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function directChildren(pid: number): number[] {
  const tasks = (() => {
    try {
      return fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  const out: number[] = [];
  let sawChildrenFile = false;
  for (const tid of tasks) {
    const text = readText(`/proc/${pid}/task/${tid}/children`);
    if (text === null) continue;
    sawChildrenFile = true;
    for (const part of text.trim().split(/\s+/)) if (part !== '') out.push(Number(part));
  }
  if (sawChildrenFile || tasks.length === 0) return out;
  // Kernels without CONFIG_PROC_CHILDREN: scan every process for its parent.
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (statFields(Number(entry))?.[1] === String(pid)) out.push(Number(entry));
  }
  return out;
}

/** The pid and every descendant (children first found, breadth-first). Only the pid off Linux. */
export function processTree(pid: number): number[] {
  if (process.platform !== 'linux') return [pid];
  const seen = new Set<number>([pid]);
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    for (const child of directChildren(next)) {
      if (seen.has(child)) continue;
      seen.add(child);
      queue.push(child);
    }
  }
  return [...seen];
}

/** Signals the process and all its descendants (collected first, so none escapes by re-parenting). */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  const pids = processTree(pid);
  for (const target of pids.reverse()) {
    try {
      process.kill(target, signal);
    } catch {
      // Already gone.
    }
  }
}
