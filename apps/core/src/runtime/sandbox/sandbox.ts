import { realpathSync, statSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { badRequest } from '../../errors.ts';
import type { LaunchPlan } from '../supervisor/game-process.ts';
import { bwrapArgs } from './bwrap-args.ts';
import { CgroupLease, sweepDeadLeaves } from './cgroup-lease.ts';
import { detectIsolation, type ProbeOptions } from './detect-isolation.ts';
import { findEtcMasks, type EtcMasks } from './etc-masks.ts';
import { chownTree } from './instance-owner.ts';
import { launcherArgv } from './launcher.ts';
import { captureIdentity, childIdentities, type ProcessIdentity } from './process-identity.ts';
import { pinReadOnlyFolder, type PinnedFolder } from './read-only-folders.ts';
import { HEARTH_ROOT, programHome, resolveCommand } from './runtime-paths.ts';
import { planLayout } from './sandbox-layout.ts';
import { writeSeccompFile, type SeccompFile } from './seccomp-file.ts';
import { seccompArchOf, seccompFilterBytes } from './seccomp-filter.ts';
import { MAX_SANDBOX_SLOT, SANDBOX_UID_BASE, type SandboxUids } from './sandbox-uids.ts';
import {
  ResourceLimitsSchema,
  type IsolationMode,
  type IsolationReport,
  type ResourceLimits,
  type SandboxUsage,
  type SandboxUser,
} from './sandbox-types.ts';

export interface SandboxOptions {
  /** Host paths no sandbox may see, even inside a read-only folder: the core's data directory. */
  hidden: string[];
  /** Folders every sandbox sees read-only besides the system (default: Hearth's own folder). */
  sharedReadOnly?: string[];
  /**
   * Folders inside a hidden path that the core alone writes and a launch may still be shown
   * read-only when it asks for them (the Java runtimes the core downloads into `<data>/bin/java`).
   */
  shownInHidden?: string[];
  /** Limits for launches that set none of their own (default-limits.ts: `coreDefaultLimits`). */
  defaultLimits?: ResourceLimits;
  /**
   * Folders directly inside every instance folder that a sandboxed program may only read (macro
   * code: `macros`). Each is made a real folder when missing; a link or a file at that name
   * refuses the launch.
   */
  readOnlyInInstance?: string[];
  /** Apply the seccomp filter (seccomp-filter.ts) in every sandbox; default true. */
  seccomp?: boolean;
  /** Size of each sandbox's private /tmp (default 256 MiB; it also counts as the sandbox's memory). */
  tmpSizeBytes?: number;
  /** Secrets in /etc to mask (default: found once by `Sandbox.create`). */
  etcMasks?: EtcMasks;
  /**
   * A root core's uid for each instance (sandbox-uids.ts): a launch runs as its owner's uid. Without
   * it every dropped launch runs as the report's uid (SANDBOX_UID_BASE: tests of the sandbox alone).
   */
  uids?: SandboxUids;
  log?: { warn(message: string): void };
}

/** One launch to wrap: which instance, where it lives, what else it needs, its limits. */
export interface WrapRequest {
  /** The instance folder: the only writable host path (mounted at this same absolute path). */
  instanceDir: string;
  /** Names the launch's cgroup (letters, digits, `-`, `_`, `.`). */
  instanceId: string;
  /**
   * The instance whose uid a root core's sandbox runs as (default: `instanceId`): a macro task of
   * an instance names that instance. Null: the launch belongs to no instance (describing a new
   * definition in a scratch folder) and runs as the report's uid, which owns no instance folder.
   */
  owner?: string | null;
  /** Host paths the program needs read-only besides the system and Hearth (a Java home, a bundle). */
  runtimeReadOnly?: string[];
  /**
   * Host folders the program may write besides its instance folder, at their own path: a cache of
   * its own (a macro task's DENO_DIR), allowed inside a hidden path. Given to the sandbox's uid.
   */
  writable?: string[];
  /** Merged over the sandbox's default limits. */
  limits?: ResourceLimits;
}

/** What a spawner needs to run one launch sandboxed: the core's sandbox and this launch's request. */
export interface SandboxLaunch {
  sandbox: Sandbox;
  request: WrapRequest;
}

/** A launch plan made safe to spawn, with what it takes to watch and end it. */
export interface WrappedLaunch {
  /** Spawn this instead of the original plan (same stdio; the environment is rebuilt inside). */
  plan: LaunchPlan;
  /** Runs inside bubblewrap. */
  sandboxed: boolean;
  /** The limits that were asked for and are enforced. */
  limits: ResourceLimits;
  /** Limits that were asked for and cannot be enforced on this host, one sentence each. */
  notEnforced: string[];
  /** The spawned process's identity once it runs the final launcher (null: it already exited). */
  identify(pid: number): Promise<ProcessIdentity | null>;
  /** The process a graceful stop signal is meant for: the game inside the sandbox. */
  signalTarget(root: ProcessIdentity): ProcessIdentity | null;
  /** Resource use read from the launch's cgroup (null without cgroups). */
  usage(): SandboxUsage | null;
  /** Call once the process is gone: removes the cgroups (after a last usage reading). */
  cleanup(): Promise<void>;
}

const INSTANCE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * A dropped sandbox runs as a uid that owns nothing: what it must read has to be readable (and
 * folders enterable) by others. Said before the start rather than as a puzzling EACCES inside.
 */
function assertOthersMay(p: string, fileBits: 0o001 | 0o004): void {
  const info = statSync(p, { throwIfNoEntry: false });
  if (!info) return;
  const needed = info.isDirectory() ? 0o005 : fileBits;
  if ((info.mode & needed) === needed) return;
  const mode = info.isDirectory() ? 'o+rx' : fileBits === 0o001 ? 'o+x' : 'o+r';
  throw badRequest(
    `The sandboxed server cannot use ${p}: make it accessible to all users (chmod ${mode})`,
  );
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** What a sandbox is built from: the host's detection report and the core's options. */
export interface SandboxSetup {
  report: IsolationReport;
  options: SandboxOptions;
  /** The compiled seccomp program, when the report says it is applied. */
  seccomp?: SeccompFile | null;
}

/** The compiled filter for this host, kept by the core; or why there is none. */
function prepareSeccomp(
  mode: IsolationMode,
  options: SandboxOptions,
  tempDir: string,
): { file: SeccompFile | null; problem: string } {
  if (mode === 'none') return { file: null, problem: 'isolation is off' };
  if (options.seccomp === false)
    return { file: null, problem: 'it is switched off (--seccomp off)' };
  const arch = seccompArchOf();
  if (arch === null)
    return { file: null, problem: `no filter is built for this architecture (${process.arch})` };
  try {
    return { file: writeSeccompFile(seccompFilterBytes(arch), tempDir), problem: '' };
  } catch (error) {
    return { file: null, problem: `its program could not be stored (${String(error)})` };
  }
}

/** Detects the host once; throws IsolationError for `required` without bwrap. */
async function detectSetup(
  mode: IsolationMode,
  options: SandboxOptions,
  probe: ProbeOptions,
): Promise<SandboxSetup> {
  // One walk of /etc serves the trial sandbox and every launch after it.
  const masksFound =
    options.etcMasks || mode === 'none' ? null : (probe.etcMasks ?? findEtcMasks());
  masksFound?.catch(() => undefined);
  const seccomp = prepareSeccomp(mode, options, probe.tempDir ?? os.tmpdir());
  let report: IsolationReport;
  try {
    report = await detectIsolation(mode, {
      ...probe,
      ...(masksFound ? { etcMasks: masksFound } : {}),
      seccomp: seccomp.file ? { program: seccomp.file.path } : { problem: seccomp.problem },
      defaultLimits: options.defaultLimits ?? {},
    });
  } catch (error) {
    seccomp.file?.close();
    throw error;
  }
  if (!report.seccomp.applied) seccomp.file?.close();
  await sweepDeadLeaves(report.limits.hierarchies);
  const etcMasks =
    options.etcMasks ?? (report.sandboxed && masksFound ? await masksFound : undefined);
  return {
    report,
    options: { ...options, ...(etcMasks ? { etcMasks } : {}) },
    seccomp: report.seccomp.applied ? seccomp.file : null,
  };
}

interface Ready extends SandboxSetup {
  bwrapReal: string | null;
}

/**
 * The seam between the core and bubblewrap + cgroups: built once at boot from the detection
 * report, then `wrap()` turns each launch plan into one that runs sandboxed (or, without
 * bubblewrap, at least inside its cgroups). See README.md for what it does and does not isolate.
 *
 * `Sandbox.begin` hands out the sandbox while the host is still being probed (a trial sandbox
 * takes a tenth of a second), so the core can build everything else meanwhile: `wrap()` waits for
 * the probe, and `report` / `warnings` may be read once `ready()` has resolved.
 */
export class Sandbox {
  private current: Ready | null = null;
  private readonly settled: Promise<void>;

  constructor(setup: SandboxSetup | Promise<SandboxSetup>) {
    const settle = ({ report, options, seccomp }: SandboxSetup) => {
      const bwrapReal = report.bwrap.path ? realpathSync(report.bwrap.path) : null;
      this.current = { report, options, seccomp: seccomp ?? null, bwrapReal };
    };
    if (setup instanceof Promise) {
      this.settled = setup.then(settle);
      this.settled.catch(() => undefined);
    } else {
      settle(setup);
      this.settled = Promise.resolve();
    }
  }

  /** Starts detecting the host and returns at once (see `ready()`). */
  static begin(mode: IsolationMode, options: SandboxOptions, probe: ProbeOptions = {}): Sandbox {
    return new Sandbox(detectSetup(mode, options, probe));
  }

  /** Detects the host and builds the sandbox; throws IsolationError for `required` without bwrap. */
  static async create(
    mode: IsolationMode,
    options: SandboxOptions,
    probe: ProbeOptions = {},
  ): Promise<Sandbox> {
    const sandbox = Sandbox.begin(mode, options, probe);
    await sandbox.ready();
    return sandbox;
  }

  /** Resolves once the host is probed; rejects as the probe did (IsolationError for `required`). */
  ready(): Promise<void> {
    return this.settled;
  }

  private get setup(): Ready {
    if (this.current === null) throw new Error('The sandbox is used before its probe finished');
    return this.current;
  }

  get report(): IsolationReport {
    return this.setup.report;
  }

  private get options(): SandboxOptions {
    return this.setup.options;
  }

  /**
   * At shutdown, after every sandboxed process is gone: removes the (empty) folders that held the
   * launches' cgroups, so the core's own cgroup can be removed by whoever created it.
   */
  async close(): Promise<void> {
    await this.settled.catch(() => undefined);
    for (const hierarchy of this.current?.report.limits.hierarchies ?? [])
      await rmdir(hierarchy.parentDir).catch(() => undefined);
    this.current?.seccomp?.close();
  }

  /** What the owner should be told (log and dashboard), one sentence each. */
  get warnings(): string[] {
    return this.report.warnings;
  }

  async wrap(plan: LaunchPlan, request: WrapRequest): Promise<WrappedLaunch> {
    await this.settled;
    if (!INSTANCE_ID.test(request.instanceId))
      throw badRequest(`Invalid instance id for a sandbox: ${request.instanceId}`);
    const parsed = ResourceLimitsSchema.safeParse({
      ...this.options.defaultLimits,
      ...request.limits,
    });
    if (!parsed.success)
      throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
    const limits = parsed.data;
    const support = this.report.limits;
    const notEnforced: string[] = [];
    if (limits.memoryBytes !== undefined && !support.memory)
      notEnforced.push('The memory limit is not enforced on this host.');
    if ((limits.cpuWeight !== undefined || limits.cpuPercent !== undefined) && !support.cpu)
      notEnforced.push('The CPU limit is not enforced on this host.');
    if (limits.maxProcesses !== undefined && !support.pids)
      notEnforced.push('The process limit is not enforced on this host.');

    const lease =
      support.hierarchies.length > 0
        ? await CgroupLease.create(support.hierarchies, request.instanceId, limits)
        : null;
    const pinned: PinnedFolder[] = [];
    const release = () => Promise.all(pinned.map((folder) => folder.close()));
    try {
      const inner = this.report.sandboxed ? await this.bwrapCommand(plan, request, pinned) : null;
      const seccomp = inner === null ? null : (this.setup.seccomp?.path ?? null);
      const outer = launcherArgv(
        lease?.procsFiles ?? [],
        seccomp,
        inner ?? [plan.command, ...plan.args],
      );
      const wrappedPlan: LaunchPlan =
        inner === null
          ? { ...plan, command: outer[0]!, args: outer.slice(1) }
          : { command: outer[0]!, args: outer.slice(1), cwd: path.resolve(request.instanceDir) };
      return this.launch(wrappedPlan, inner !== null, lease, limits, notEnforced, release);
    } catch (error) {
      await release();
      await lease?.remove();
      throw error;
    }
  }

  /**
   * The bubblewrap command for a launch. The read-only folders are opened (into `pinned`, for the
   * caller to close once the launch has ended) as the last check before the spawn.
   */
  private async bwrapCommand(
    plan: LaunchPlan,
    request: WrapRequest,
    pinned: PinnedFolder[],
  ): Promise<string[]> {
    const instanceDir = path.resolve(request.instanceDir);
    if (!statSync(instanceDir, { throwIfNoEntry: false })?.isDirectory())
      throw badRequest(`The instance folder ${instanceDir} does not exist`);
    const cwd = path.resolve(plan.cwd);
    const searchPath = plan.env?.PATH ?? process.env.PATH ?? '';
    const command = resolveCommand(plan.command, searchPath, cwd);
    if (command === null) throw new Error(`cannot find the program "${plan.command}"`);
    const user = await this.userFor(request);
    const writable = (request.writable ?? []).map((p) => path.resolve(p));
    const home = programHome(command);
    const readOnly = [...(home ? [home] : []), ...(request.runtimeReadOnly ?? [])];
    if (user.kind === 'dropped') {
      assertOthersMay(command, 0o001);
      for (const p of readOnly) assertOthersMay(p, 0o004);
    }
    for (const name of this.options.readOnlyInInstance ?? [])
      pinned.push(await pinReadOnlyFolder(instanceDir, name));
    const layout = planLayout({
      instanceDir,
      cwd,
      command,
      args: plan.args,
      env: plan.env ?? {},
      readOnly: [...(this.options.sharedReadOnly ?? [HEARTH_ROOT]), ...readOnly],
      hidden: this.options.hidden,
      shownInHidden: this.options.shownInHidden ?? [],
      writable,
      etcMasks: this.options.etcMasks ?? { files: [], dirs: [] },
      user,
      setprivPath: this.report.setprivPath,
      tmpSizeBytes: this.options.tmpSizeBytes ?? 256 * 1024 * 1024,
      // An unprivileged bwrap (its own user namespace) may not read the core's /proc descriptors.
      readOnlyInside: pinned.map((folder) => ({
        source: user.kind === 'core-user' ? folder.real : folder.descriptor,
        dest: folder.dest,
      })),
      seccomp: this.setup.seccomp !== null && this.setup.seccomp !== undefined,
    });
    // Only once the layout accepted them (a writable folder never holds what the sandbox hides).
    if (user.kind === 'dropped')
      for (const dir of [instanceDir, ...writable]) await chownTree(dir, user.uid, user.gid);
    return [this.report.bwrap.path!, ...bwrapArgs(layout)];
  }

  /** Who this launch runs as: under a root core, its owner's own uid (and gid). */
  private async userFor(request: WrapRequest): Promise<SandboxUser> {
    const user = this.report.user!;
    const owner = request.owner === undefined ? request.instanceId : request.owner;
    const uids = this.options.uids;
    if (user.kind !== 'dropped' || owner === null || uids === undefined) return user;
    const uid = await uids.uidOf(owner);
    if (
      !Number.isInteger(uid) ||
      uid <= SANDBOX_UID_BASE ||
      uid > SANDBOX_UID_BASE + MAX_SANDBOX_SLOT
    )
      throw new Error(`The sandbox uid ${uid} of ${owner} is outside the instances' range`);
    return { kind: 'dropped', uid, gid: uid };
  }

  private launch(
    plan: LaunchPlan,
    sandboxed: boolean,
    lease: CgroupLease | null,
    limits: ResourceLimits,
    notEnforced: string[],
    release: () => Promise<unknown>,
  ): WrappedLaunch {
    const bwrapReal = this.setup.bwrapReal;
    const log = this.options.log;
    let cleaned: Promise<void> | null = null;
    return {
      plan,
      sandboxed,
      limits,
      notEnforced,
      async identify(pid) {
        if (!sandboxed) {
          const identity = captureIdentity(pid);
          // Behind the cgroup launcher the executable changes at its exec: only the start time counts.
          return identity && lease ? { ...identity, exe: null } : identity;
        }
        // The launcher execs bwrap within moments; record the identity once it did.
        for (let attempt = 0; attempt < 2500; attempt++) {
          const identity = captureIdentity(pid);
          if (identity === null || identity.exe === bwrapReal) return identity;
          await pause(2);
        }
        const identity = captureIdentity(pid);
        return identity && { ...identity, exe: null };
      },
      signalTarget(root) {
        if (!sandboxed) return root;
        // bwrap (outside) → bwrap (pid 1 inside, a reaper) → the game (its oldest child).
        const reaper = childIdentities(root)[0];
        const game = reaper ? childIdentities(reaper)[0] : undefined;
        return game ?? null;
      },
      usage: () => lease?.usage() ?? null,
      cleanup() {
        cleaned ??= Promise.all([
          release(),
          (lease?.remove() ?? Promise.resolve()).catch((error: unknown) => {
            log?.warn(`Could not remove a sandbox's cgroups: ${String(error)}`);
          }),
        ]).then(() => undefined);
        return cleaned;
      },
    };
  }
}
