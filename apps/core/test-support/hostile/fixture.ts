// A small world for hostile processes: a fake core data directory (database, JWT secrets), two
// instance folders, a victim process standing in for the core, files a hostile process must not be
// able to create, and the sandbox itself. Every test cleans it up with close().
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe } from 'vitest';
import {
  HEARTH_ROOT,
  Sandbox,
  captureIdentity,
  signalIdentified,
  type ProcessIdentity,
  type ResourceLimits,
} from '../../src/runtime/sandbox/index.ts';
import { GameProcess, type LaunchPlan } from '../../src/runtime/supervisor/game-process.ts';

export const HOSTILE_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
export const HOSTILE_SCRIPT = path.join(HOSTILE_DIR, 'hostile.mjs');
export const HOSTILE_DEFINITION = path.join(HOSTILE_DIR, 'hostile-definition.mjs');

/** Why the sandbox tests cannot run here, or null when they can (only a missing bwrap skips them). */
export async function sandboxSkipReason(): Promise<string | null> {
  try {
    await promisify(execFile)('bwrap', ['--version']);
    return null;
  } catch {
    return 'bubblewrap (bwrap) is not installed';
  }
}

/**
 * `describe` for tests that need the sandbox: where it cannot run here (sandboxSkipReason), the
 * block is skipped and its title says why.
 */
export async function sandboxDescribe(): Promise<(title: string, body: () => void) => void> {
  const skip = await sandboxSkipReason();
  return (title, body) =>
    describe.skipIf(skip !== null)(`${title}${skip ? ` (skipped: ${skip})` : ''}`, body);
}

export interface Targets {
  dbFile: string;
  secretsFile: string;
  dataDir: string;
  instancesDir: string;
  siblingDir: string;
  victimPid: number;
  outside: string[];
  forkCap?: number;
}

export interface AttemptResult {
  attempt: string;
  ok: boolean;
  value?: unknown;
  error?: string;
  file?: string;
  [key: string]: unknown;
}

export interface HostileWorld {
  root: string;
  dataDir: string;
  instanceDir: string;
  siblingDir: string;
  targets: Targets;
  victim: ProcessIdentity;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** In a describe block: a fresh HostileWorld for each test, handed to `use`, closed after the test. */
export function eachHostileWorld(use: (world: HostileWorld) => void): void {
  let world: HostileWorld | undefined;
  beforeEach(async () => {
    world = await hostileWorld();
    use(world);
  });
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });
}

export async function hostileWorld(): Promise<HostileWorld> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hearth-hostile-'));
  const dataDir = path.join(root, 'data');
  const instancesDir = path.join(dataDir, 'instances');
  const instanceDir = path.join(instancesDir, 'attacker');
  const siblingDir = path.join(instancesDir, 'sibling');
  await mkdir(instanceDir, { recursive: true });
  await mkdir(siblingDir, { recursive: true });
  await writeFile(path.join(siblingDir, 'world.dat'), 'sibling world');
  const dbFile = path.join(dataDir, 'hearth.db');
  const secretsFile = path.join(dataDir, 'jwt-secrets');
  await writeFile(dbFile, 'SQLite format 3 core database');
  await writeFile(secretsFile, 'user secrets that sign every JWT');
  const tag = randomUUID().slice(0, 8);
  const outside = [
    path.join(os.tmpdir(), `hearth-hostile-${tag}`),
    path.join(HEARTH_ROOT, 'apps', 'core', `hostile-${tag}`),
    `/etc/hearth-hostile-${tag}`,
    path.join(dataDir, `pwned-${tag}`),
  ];
  // The victim stands in for the core: the hostile process is told its pid.
  const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const victim = captureIdentity(child.pid!);
  if (victim === null) throw new Error('the victim process vanished');
  const sandbox = await Sandbox.create('required', { hidden: [dataDir] });
  return {
    root,
    dataDir,
    instanceDir,
    siblingDir,
    victim,
    sandbox,
    targets: {
      dbFile,
      secretsFile,
      dataDir,
      instancesDir,
      siblingDir,
      victimPid: victim.pid,
      outside,
    },
    async close() {
      signalIdentified(victim, 'SIGKILL');
      for (const file of outside) await rm(file, { force: true });
      await rm(root, { recursive: true, force: true });
      await sandbox.close();
    },
  };
}

/** Every JSON line a process printed, with a way to wait for one that matches. */
export class ResultLog {
  readonly results: AttemptResult[] = [];
  readonly other: string[] = [];
  private waiters: { match: (r: AttemptResult) => boolean; resolve: (r: AttemptResult) => void }[] =
    [];

  private lineWaiters: { text: string; resolve: () => void }[] = [];

  onLine = (line: string): void => {
    let parsed: AttemptResult;
    try {
      parsed = JSON.parse(line) as AttemptResult;
    } catch {
      this.other.push(line);
      this.lineWaiters = this.lineWaiters.filter((w) => {
        if (!line.includes(w.text)) return true;
        w.resolve();
        return false;
      });
      return;
    }
    this.results.push(parsed);
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(parsed)) return true;
      w.resolve(parsed);
      return false;
    });
  };

  /** Resolves with the first result named `attempt`; rejects if `exited` settles first. */
  waitFor(attempt: string, exited: Promise<unknown>): Promise<AttemptResult> {
    const seen = this.results.find((r) => r.attempt === attempt);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      this.waiters.push({ match: (r) => r.attempt === attempt, resolve });
      void exited.then(() =>
        reject(new Error(`the process exited before reporting ${attempt}: ${this.other.join('')}`)),
      );
    });
  }

  /** Resolves once a line that is not a result contains `text`; rejects if `exited` settles first. */
  waitForLine(text: string, exited: Promise<unknown>): Promise<void> {
    if (this.other.some((line) => line.includes(text))) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.lineWaiters.push({ text, resolve });
      void exited.then(() =>
        reject(new Error(`the process exited before printing ${text}: ${this.other.join('')}`)),
      );
    });
  }

  all(attempt: string): AttemptResult[] {
    return this.results.filter((r) => r.attempt === attempt);
  }

  one(attempt: string): AttemptResult {
    const found = this.results.find((r) => r.attempt === attempt);
    if (!found) throw new Error(`no ${attempt} result; output: ${this.other.join('')}`);
    return found;
  }
}

/** Starts `plan` through the world's sandbox as the instance "attacker". */
export async function startHostile(
  world: HostileWorld,
  plan: LaunchPlan,
  options: { limits?: ResourceLimits; runtimeReadOnly?: string[]; instanceId?: string } = {},
): Promise<{ proc: GameProcess; log: ResultLog }> {
  const log = new ResultLog();
  const proc = await GameProcess.start(
    plan,
    { onLine: (line) => log.onLine(line) },
    {
      sandbox: world.sandbox,
      request: {
        instanceDir: world.instanceDir,
        instanceId: options.instanceId ?? 'attacker',
        ...(options.limits ? { limits: options.limits } : {}),
        ...(options.runtimeReadOnly ? { runtimeReadOnly: options.runtimeReadOnly } : {}),
      },
    },
  );
  return { proc, log };
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The cgroup leaves of an instance id still present under the sandbox's hierarchies. */
export async function leftoverLeaves(world: HostileWorld, instanceId: string): Promise<string[]> {
  const left: string[] = [];
  for (const hierarchy of world.sandbox.report.limits.hierarchies) {
    const names = await readdir(hierarchy.parentDir).catch(() => [] as string[]);
    for (const name of names)
      if (name.startsWith(`${instanceId}.${process.pid}.`))
        left.push(path.join(hierarchy.parentDir, name));
  }
  return left;
}

/** The host can still start a process and get its answer (not starved of pids). */
export async function hostResponds(): Promise<boolean> {
  const { stdout } = await promisify(execFile)('sh', ['-c', 'echo alive']);
  return stdout.trim() === 'alive';
}
