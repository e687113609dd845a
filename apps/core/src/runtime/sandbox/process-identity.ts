import fs from 'node:fs';
import { processStartTicks, processTree } from '../supervisor/process-tree.ts';

/**
 * One process for good: a pid is recycled, but a recycled pid has another start time (and usually
 * another executable). Recorded at spawn; every signal the core sends checks it first.
 */
export interface ProcessIdentity {
  pid: number;
  /** Kernel start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
  startTicks: string;
  /** `/proc/<pid>/exe` when it was recorded; null when it could not be read. */
  exe: string | null;
}

function readExe(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** The identity of a live process now; null when it is gone or not on Linux. */
export function captureIdentity(pid: number): ProcessIdentity | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  const startTicks = processStartTicks(pid);
  if (startTicks === null) return null;
  return { pid, startTicks, exe: readExe(pid) };
}

/**
 * The same identity judged by pid and start time only: for a process that may exec another program
 * (a start script that execs java) and whose start time alone already tells it from a recycled pid.
 */
export function withoutExe(identity: ProcessIdentity | null): ProcessIdentity | null {
  return identity && { ...identity, exe: null };
}

export type IdentityCheck = 'same' | 'gone' | 'different';

/**
 * Whether `identity` still names the process behind its pid. A zombie counts as gone; a readable
 * executable that differs from the recorded one counts as different (an unreadable one does not
 * decide anything: the start time already does).
 */
export function checkIdentity(identity: ProcessIdentity): IdentityCheck {
  const startTicks = processStartTicks(identity.pid);
  if (startTicks === null) return 'gone';
  if (startTicks !== identity.startTicks) return 'different';
  if (isZombie(identity.pid)) return 'gone';
  const exe = readExe(identity.pid);
  if (identity.exe !== null && exe !== null && exe !== identity.exe) return 'different';
  return 'same';
}

/** Sends `signal` only if the pid still is the recorded process; true when it was sent. */
export function signalIdentified(identity: ProcessIdentity, signal: NodeJS.Signals): boolean {
  if (checkIdentity(identity) !== 'same') return false;
  try {
    process.kill(identity.pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Signals the recorded process and every descendant. Refuses everything (returns 0) when the root
 * is not the recorded process. Descendants are identified while the tree is walked and checked
 * again right before their signal, so a pid recycled meanwhile is left alone. Deepest first, so a
 * parent cannot respawn a child that was just killed. Returns how many processes were signalled.
 */
export function signalIdentifiedTree(identity: ProcessIdentity, signal: NodeJS.Signals): number {
  if (checkIdentity(identity) !== 'same') return 0;
  // Descendants were identified a moment ago: their start time is what tells a recycled pid.
  const members = processTree(identity.pid)
    .map((pid) => (pid === identity.pid ? identity : withoutExe(captureIdentity(pid))))
    .filter((member): member is ProcessIdentity => member !== null);
  let sent = 0;
  for (const member of members.reverse()) if (signalIdentified(member, signal)) sent++;
  return sent;
}

function parentPid(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The direct children of a verified process, oldest first. */
export function childIdentities(identity: ProcessIdentity): ProcessIdentity[] {
  if (checkIdentity(identity) !== 'same') return [];
  return processTree(identity.pid)
    .filter((pid) => pid !== identity.pid && parentPid(pid) === identity.pid)
    .map(captureIdentity)
    .filter((child): child is ProcessIdentity => child !== null)
    .sort((a, b) => (BigInt(a.startTicks) < BigInt(b.startTicks) ? -1 : 1));
}
