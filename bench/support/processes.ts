// Processes a benchmark starts: spawned with their PID recorded, read through /proc (RSS, CPU time,
// bytes written, children), and ended by that PID only (SIGTERM, then SIGKILL after a grace period).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';

const TICKS_PER_SECOND = 100;

/** Every process this benchmark run started and has not seen exit yet. */
const live = new Set<ChildProcess>();

/** Adds a child started elsewhere (the core launcher) to what `stopAll` ends. */
export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  track(child);
  return child;
}

/** Ends `child` by its recorded PID: SIGTERM, then SIGKILL after `graceMs`. Resolves once it exited. */
export function stopProcess(child: ChildProcess, graceMs = 20_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops whatever is still running (a benchmark that threw half-way). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopProcess(child, 5_000)));
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** Resident set size in bytes (VmRSS), or NaN once the process is gone. */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, 'status') ?? '');
  return m ? Number(m[1]) * 1024 : NaN;
}

/** User + system CPU seconds the process has used so far. */
export function cpuSecondsOf(pid: number): number {
  const stat = readProc(pid, 'stat');
  if (!stat) return NaN;
  // Fields after the command name (which may contain spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds the whole machine has been busy so far, all CPUs summed (/proc/stat: user, nice,
 * system, irq, softirq): what a start costs every process it involves, short-lived ones included.
 */
export function machineCpuSeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const busy = [1, 2, 3, 6, 7].reduce((sum, i) => sum + Number(fields[i] ?? NaN), 0);
  return busy / TICKS_PER_SECOND;
}

/** Bytes the process caused to be written to storage (/proc/<pid>/io write_bytes). */
export function writeBytesOf(pid: number): number {
  const m = /write_bytes:\s+(\d+)/.exec(readProc(pid, 'io') ?? '');
  return m ? Number(m[1]) : NaN;
}

export interface ProcessEntry {
  pid: number;
  ppid: number;
  command: string;
  rss: number;
}

/** Every descendant of `pid` (children, grandchildren, …) with its command line and RSS. */
export function descendantsOf(pid: number): ProcessEntry[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(Number(name), 'stat');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(name), Number(fields[1]));
  }
  const found: ProcessEntry[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      const command = (readProc(child, 'cmdline') ?? '').split('\0').join(' ').trim();
      found.push({ pid: child, ppid, command, rss: rssOf(child) });
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Samples a process's RSS every `everyMs` until stopped; `peak` is the largest seen. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number; readonly peak: number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    const now = rssOf(pid);
    if (now > peak) peak = now;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
    get peak() {
      return peak;
    },
  };
}

/** A free TCP port on 127.0.0.1 (bound then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with the first match of `pattern` in the child's stdout+stderr, rejects if it exits first. */
export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 120_000,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no ${pattern} in time:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) finish(() => resolve(m));
    };
    const onExit = (code: number | null) =>
      fail(new Error(`process exited (${code}) before ${pattern}:\n${out}`));
    const finish = (then: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      then();
    };
    const fail = (err: Error) => finish(() => reject(err));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Runs a TypeScript file of this folder in its own Node process; resolves with its stdout. */
export function runScript(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(process.execPath, ['--import', 'tsx', file, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} exited ${code}: ${err.trim()}`)),
    );
  });
}

/** Starts a server script that prints `listening <port>`; resolves with the process and the port. */
export async function startScript(
  file: string,
  args: string[],
  options: { nodeFlags?: string[]; env?: Record<string, string> } = {},
): Promise<{ child: ChildProcess; port: number }> {
  const flags = [...(options.nodeFlags ?? []), '--import', 'tsx'];
  const child = spawnTracked(process.execPath, [...flags, file, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  try {
    const [, port] = await waitForOutput(child, /listening (\d+)/, 60_000);
    // Keep reading so a chatty server never blocks on a full pipe.
    child.stdout?.resume();
    return { child, port: Number(port) };
  } catch (err) {
    await stopProcess(child);
    throw err;
  }
}
