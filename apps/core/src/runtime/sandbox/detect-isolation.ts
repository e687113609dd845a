// Finds out, once at boot, what isolation this host gives: bubblewrap is tried for real (a trivial
// program in exactly the sandbox a game gets), then who the sandboxed process can be, then which
// cgroup controllers accept limits. The report says in words what is missing.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bwrapArgs } from './bwrap-args.ts';
import { discoverCgroups, readCgroupSources, type CgroupSources } from './cgroup-discovery.ts';
import { defaultLimitWarnings } from './default-limits.ts';
import { findEtcMasks, type EtcMasks } from './etc-masks.ts';
import { chownTree } from './instance-owner.ts';
import { launcherArgv } from './launcher.ts';
import { resolveCommand } from './runtime-paths.ts';
import { SANDBOX_PATH, planLayout } from './sandbox-layout.ts';
import { SANDBOX_UID_BASE, hostRangeClashes } from './sandbox-uids.ts';
import type {
  IsolationMode,
  IsolationReport,
  LimitSupport,
  ResourceLimits,
  SandboxUser,
} from './sandbox-types.ts';
import { seccompArchOf } from './seccomp-filter.ts';

const run = promisify(execFile);

/**
 * The trial sandbox's uid (and the uid of runs that belong to no instance): the base of the
 * sandbox range, which no instance and no host account has (sandbox-uids.ts). Each instance runs
 * as a uid of its own above it.
 */
export const DEFAULT_SANDBOX_UID = SANDBOX_UID_BASE;
export const DEFAULT_SANDBOX_GID = SANDBOX_UID_BASE;

export interface ProbeOptions {
  /** The bwrap to use; default: `bwrap` on the PATH. Null: behave as if it were not installed. */
  bwrapPath?: string | null;
  /** The setpriv to drop privileges with; default: `setpriv` on the PATH. */
  setprivPath?: string | null;
  /** The uid/gid a root core's trial sandbox runs as (default SANDBOX_UID_BASE). */
  sandboxUid?: number;
  sandboxGid?: number;
  /** false: do not use cgroups; an object: read these instead of /proc/self (tests). */
  cgroups?: false | CgroupSources;
  /** Where the probe's throw-away instance folder goes (default: the OS temp folder). */
  tempDir?: string;
  /** Time allowed for the trial run (default 20 s; a busy machine can be slow). */
  timeoutMs?: number;
  /** The /etc secrets to mask, when the caller already looks for them (default: found here). */
  etcMasks?: Promise<EtcMasks>;
  /**
   * The seccomp filter every sandbox gets: where a launcher opens the compiled program
   * (seccomp-file.ts), or why there is none. The trial runs with it; when bubblewrap works only
   * without it, sandboxes run unfiltered and the report says why. Default: none.
   */
  seccomp?: { program: string } | { problem: string };
  /** The limits launches get by default: reported, with a warning where the host cannot enforce one. */
  defaultLimits?: ResourceLimits;
  /** The folder whose passwd, group, subuid and subgid are checked against the uid range (default /etc). */
  etcDir?: string;
}

/** `--isolation required` on a host where the sandbox does not work: the core must not start. */
export class IsolationError extends Error {
  override name = 'IsolationError';
}

const SEARCH_PATH = `${process.env.PATH ?? ''}:${SANDBOX_PATH}`;

function firstLine(error: unknown): string {
  const e = error as { stderr?: string; message?: string; killed?: boolean };
  if (e.killed) return 'the trial run did not finish in time';
  const text = (e.stderr ?? '').trim() || (e.message ?? String(error));
  return text.split('\n')[0]!.slice(0, 300);
}

async function bwrapVersion(bwrap: string): Promise<string | null> {
  try {
    const { stdout } = await run(bwrap, ['--version'], { timeout: 10_000 });
    return stdout.trim().replace(/^bubblewrap\s+/, '') || null;
  } catch {
    return null;
  }
}

/**
 * Runs `id -u` in a real sandbox as `user` (under the seccomp program, if one is given, through the
 * same launcher a game gets); resolves with null when it worked, else the reason.
 */
async function tryUser(
  bwrap: string,
  user: SandboxUser,
  setprivPath: string | null,
  tempDir: string,
  timeoutMs: number,
  etcMasks: Promise<EtcMasks>,
  seccompProgram: string | null,
): Promise<string | null> {
  let dir: string;
  try {
    dir = await mkdtemp(path.join(tempDir, 'hearth-sandbox-probe-'));
  } catch (error) {
    // No folder for the trial: no sandbox shown to work (a warning, or a refusal with `required`).
    return `cannot make the trial sandbox's folder in ${tempDir}: ${firstLine(error)}`;
  }
  try {
    if (user.kind === 'dropped') await chownTree(dir, user.uid, user.gid);
    const shell = resolveCommand('sh', SANDBOX_PATH, '/') ?? '/bin/sh';
    const layout = planLayout({
      instanceDir: dir,
      cwd: dir,
      command: shell,
      args: ['-c', 'id -u > probe && cat probe'],
      env: {},
      readOnly: [],
      hidden: [],
      etcMasks: await etcMasks,
      user,
      setprivPath,
      tmpSizeBytes: 1024 * 1024,
      seccomp: seccompProgram !== null,
    });
    const [command, ...args] = launcherArgv([], seccompProgram, [bwrap, ...bwrapArgs(layout)]);
    const { stdout } = await run(command!, args, { timeout: timeoutMs, cwd: dir });
    if (stdout.trim() !== String(user.uid))
      return `the sandboxed program ran as uid ${stdout.trim() || '?'} instead of ${user.uid}`;
    return null;
  } catch (error) {
    return firstLine(error);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const NO_LIMITS: LimitSupport = {
  backend: null,
  memory: false,
  cpu: false,
  pids: false,
  hierarchies: [],
  problems: ['Resource limits are switched off for this core.'],
};

export async function detectIsolation(
  mode: IsolationMode,
  probe: ProbeOptions = {},
): Promise<IsolationReport> {
  const timeoutMs = probe.timeoutMs ?? 20_000;
  const tempDir = probe.tempDir ?? os.tmpdir();
  const bwrapPath =
    probe.bwrapPath === undefined ? resolveCommand('bwrap', SEARCH_PATH, '/') : probe.bwrapPath;
  const setprivPath =
    probe.setprivPath === undefined
      ? resolveCommand('setpriv', SEARCH_PATH, '/')
      : probe.setprivPath;
  const uid = probe.sandboxUid ?? DEFAULT_SANDBOX_UID;
  const gid = probe.sandboxGid ?? DEFAULT_SANDBOX_GID;
  const warnings: string[] = [];
  // The cgroup discovery and `bwrap --version` run while the trial sandbox does (start time).
  const cgroups = probe.cgroups;
  const limitsFound =
    cgroups === false || process.platform !== 'linux'
      ? Promise.resolve(NO_LIMITS)
      : (async () => discoverCgroups(cgroups ?? (await readCgroupSources())))();
  limitsFound.catch(() => undefined);

  let problem: string | null = null;
  let user: SandboxUser | null = null;
  let version: string | null = null;
  const seccompAsked = probe.seccomp ?? { problem: 'no seccomp filter was given' };
  let seccompProgram = 'program' in seccompAsked ? seccompAsked.program : null;
  let seccompProblem = 'problem' in seccompAsked ? seccompAsked.problem : null;
  if (mode === 'none') {
    problem = 'isolation is switched off (--isolation none)';
  } else if (process.platform !== 'linux') {
    problem = 'bubblewrap sandboxes exist on Linux only';
  } else if (bwrapPath === null) {
    problem = 'bubblewrap (bwrap) is not installed (Debian package: bubblewrap)';
  } else {
    const versionFound = bwrapVersion(bwrapPath);
    const core = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const candidates: SandboxUser[] =
      core.uid === 0
        ? [
            ...(setprivPath === null ? [] : [{ kind: 'dropped' as const, uid, gid }]),
            { kind: 'root-without-capabilities', uid: 0, gid: 0 },
          ]
        : [{ kind: 'core-user', ...core }];
    const reasons: string[] = [];
    let etcMasks: Promise<EtcMasks> | undefined;
    if (core.uid === 0 && setprivPath === null)
      reasons.push('setpriv (util-linux) is not installed');
    for (const candidate of candidates) {
      const attempt = (program: string | null) =>
        tryUser(
          bwrapPath,
          candidate,
          setprivPath,
          tempDir,
          timeoutMs,
          (etcMasks ??= probe.etcMasks ?? findEtcMasks()),
          program,
        );
      const reason = await attempt(seccompProgram);
      if (reason === null) {
        user = candidate;
        break;
      }
      // A sandbox without the filter is still far better than none: try once more without it.
      if (seccompProgram !== null && (await attempt(null)) === null) {
        user = candidate;
        seccompProblem = `the seccomp filter could not be applied (${reason})`;
        seccompProgram = null;
        break;
      }
      reasons.push(reason);
    }
    version = await versionFound;
    if (user === null) problem = `bubblewrap does not work here: ${reasons.join('; ')}`;
    else if (user.kind === 'root-without-capabilities')
      warnings.push(
        `Sandboxed servers run as root without capabilities: switching to uid ${uid} failed (${reasons.join('; ')}).`,
      );
    else if (user.kind === 'dropped') {
      // Each instance runs as a uid of this range: a host account in it would own their folders.
      const clashes = await hostRangeClashes(probe.etcDir);
      if (clashes.length > 0)
        warnings.push(
          `Sandboxed servers run as uids ${SANDBOX_UID_BASE} and up, but on this host ${clashes.join('; ')}: such an account could write instance folders. Move it out of that range.`,
        );
    }
  }

  const sandboxed = user !== null;
  if (!sandboxed && mode === 'required') {
    throw new IsolationError(
      `--isolation required, but game servers cannot be sandboxed: ${problem}. Install bubblewrap or start with --isolation auto.`,
    );
  }
  if (mode === 'none') {
    warnings.push(
      "Isolation is off (--isolation none): every game server and generic definition runs with the core's own rights and can read its database and secrets.",
    );
  } else if (!sandboxed) {
    warnings.push(
      `Game servers run without a sandbox because ${problem}: every server and generic definition runs with the core's own rights and can read its database and secrets. Install bubblewrap, or start with --isolation required to refuse this.`,
    );
  }

  const seccompApplied = sandboxed && seccompProgram !== null;
  if (sandboxed && !seccompApplied)
    warnings.push(
      `Sandboxed servers and macros run without the seccomp filter because ${seccompProblem}: a program inside may create user namespaces, trace its own processes and reach kernel interfaces the filter refuses (see the sandbox README).`,
    );

  const limits = await limitsFound;
  const defaultLimits = probe.defaultLimits ?? {};
  warnings.push(...limits.problems);
  if (mode === 'none') {
    if (Object.keys(defaultLimits).length > 0)
      warnings.push('No resource limit, the defaults included, applies with --isolation none.');
  } else {
    warnings.push(...defaultLimitWarnings(defaultLimits, limits));
  }

  return {
    mode,
    sandboxed,
    bwrap: { path: bwrapPath, version, works: sandboxed, problem },
    user,
    setprivPath: user?.kind === 'dropped' ? setprivPath : null,
    limits,
    defaultLimits,
    seccomp: {
      applied: seccompApplied,
      arch: seccompApplied ? seccompArchOf() : null,
      problem: sandboxed && !seccompApplied ? seccompProblem : null,
    },
    warnings,
  };
}
