// The core's side of generic definitions: bundle once, then ask a child process (never this one)
// for names, manifests, installs and start plans, validating every answer.
import { createHash, randomUUID } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, normalize, resolve } from 'node:path';
import {
  SetupManifestSchema,
  type Game,
  type SectionManifest,
  type SetupManifest,
  type SetupValue,
} from '@hearth/protocol';
import { z } from 'zod';
import type { Resolver } from '../../lib/address-guard.ts';
import { definitionReadOnlyPaths } from '../sandbox/runtime-paths.ts';
import type { ResourceLimits } from '../sandbox/sandbox-types.ts';
import type { Sandbox, SandboxLaunch } from '../sandbox/sandbox.ts';
import { bundleDefinition } from './bundler.ts';
import type {
  DefinitionConfig,
  OutputPatterns,
  PingMethod,
  SettingValue,
  StopMethod,
} from './definition.ts';
import { GenericDefinitionError } from './errors.ts';
import { callRunner, RunnerError, type RunnerCall } from './runner-client.ts';
import {
  ConfigurableSectionsSchema,
  DefinitionShapeSchema,
  describeZodError,
  InstallResultSchema,
  StartPlanSchema,
  type ValidBackupHooks,
  type ValidInstallResult,
  type ValidPlayerManagement,
  type ValidStartPlan,
} from './schemas.ts';

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_CALL_TIMEOUT_MS = 20_000;
export const DEFAULT_INSTALL_TIMEOUT_MS = 15 * 60_000;

/** Runs definition code in the core's sandbox (absent: as a plain child process of the core). */
export interface DefinitionSandbox {
  sandbox: Sandbox;
  /** The instance the call is for (names its cgroup); describing a new definition uses "definition". */
  instanceId: string;
  /**
   * Whose sandbox uid the call runs as (default `instanceId`); null for a call that belongs to no
   * instance (describing a new definition), which runs as the uid that owns no instance folder.
   */
  owner?: string | null;
  limits?: ResourceLimits;
}

export interface LoadOptions {
  /** Folder for bundles; created if missing. */
  cacheDir: string;
  sandbox?: DefinitionSandbox;
  fetchTimeoutMs?: number;
  /** Time-out for describing the module (load + setupManifest()). */
  callTimeoutMs?: number;
  /** Host folders no file of a file:// definition may lie in (the core's data directory). */
  hiddenDirs?: readonly string[];
  /** May an http(s) definition be on a loopback, link-local or private address (bundler.ts)? */
  allowPrivate: boolean;
  /** How host names are resolved for the outbound guard (default: the system's). */
  resolve?: Resolver;
}

export interface LoadedDefinition {
  url: string;
  /** The stored bundle; pass it to runInstall / resolveStartPlan (and persist it with the instance). */
  bundlePath: string;
  game: Extract<Game, { type: 'Generic' }>;
  setupManifest: SetupManifest;
  stop: StopMethod;
  output: OutputPatterns;
  ping: PingMethod | null;
  /** Save hooks for consistent backups while running (null: backups of a running server are live). */
  backup: ValidBackupHooks | null;
  /** Player actions from the panel (null: the game offers none). */
  players: ValidPlayerManagement | null;
  hasConfigurableManifest: boolean;
}

export interface CallOptions {
  timeoutMs?: number;
  /** Lines the definition printed (stdout and stderr) while running. */
  onOutput?: (line: string) => void;
  sandbox?: DefinitionSandbox;
}

export interface InstallRequest {
  definitionUrl: string;
  instanceDir: string;
  setupValue: SetupValue;
}

export interface StartRequest {
  definitionUrl: string;
  instanceDir: string;
  port: number;
  config: DefinitionConfig;
}

export type InstallOutcome = ValidInstallResult;
export type StartPlanOutcome = ValidStartPlan;

/**
 * A start plan kept with its instance. start() is asked once per set of inputs (the stored bundle,
 * the definition URL, the instance folder, its port and its config): `key` names them, and a start
 * whose inputs differ asks the definition again.
 */
export interface CachedStartPlan {
  key: string;
  plan: StartPlanOutcome;
}

/** What a start plan depends on, as one key (see CachedStartPlan). */
export function startPlanKey(bundlePath: string, ctx: StartRequest): string {
  const inputs = [bundlePath, ctx.definitionUrl, ctx.instanceDir, ctx.port, ctx.config];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

/** An install, and the plan the new instance starts with (null: start() is asked at its first start). */
export interface InstallWithPlan {
  install: InstallOutcome;
  startPlan: CachedStartPlan | null;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

const BUNDLE_NAME = /^definition-[0-9a-f]{16}-[0-9a-f]{16}\.mjs$/;

/** True when `bundlePath` names a bundle storeBundle writes in `cacheDir` (judged by its text). */
export function isStoredBundle(cacheDir: string, bundlePath: string): boolean {
  return (
    isAbsolute(bundlePath) &&
    normalize(bundlePath) === bundlePath &&
    dirname(bundlePath) === resolve(cacheDir) &&
    BUNDLE_NAME.test(basename(bundlePath))
  );
}

/**
 * Writes the bundle under a name made of its URL's and its code's hashes, once: a bundle already
 * there with that code is kept as it is, never replaced. Runner calls bind it into their sandboxes
 * (read-only), and bubblewrap fails to bind a file renamed over while it mounts it; several
 * creations from one definition at once each store the same bundle.
 */
async function storeBundle(cacheDir: string, url: string, code: string): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const bundlePath = join(resolve(cacheDir), `definition-${hash(url)}-${hash(code)}.mjs`);
  // The core's own cache folder (no user writes there): the file, if any, is one it stored.
  const stored = await lstat(bundlePath).catch(() => null);
  if (stored?.isFile() && stored.size === Buffer.byteLength(code)) {
    if ((await readFile(bundlePath, 'utf8').catch(() => null)) === code) return bundlePath;
  }
  const temp = `${bundlePath}.${randomUUID()}.tmp`;
  await writeFile(temp, code);
  await rename(temp, bundlePath);
  return bundlePath;
}

/** The runner call's sandbox: `instanceDir` is its only writable folder; the definition's own folder is shown read-only. */
function inSandbox(
  sandbox: DefinitionSandbox | undefined,
  url: string,
  instanceDir: string,
): { sandbox?: SandboxLaunch } {
  if (!sandbox) return {};
  const request = {
    instanceDir,
    instanceId: sandbox.instanceId,
    ...(sandbox.owner !== undefined ? { owner: sandbox.owner } : {}),
    runtimeReadOnly: definitionReadOnlyPaths(url),
    ...(sandbox.limits ? { limits: sandbox.limits } : {}),
  };
  return { sandbox: { sandbox: sandbox.sandbox, request } };
}

/** Turns a runner failure into the one error type callers see. */
async function run(url: string, call: RunnerCall): Promise<unknown> {
  try {
    return await callRunner(call);
  } catch (error) {
    if (error instanceof RunnerError) {
      throw new GenericDefinitionError(
        url,
        error.stage === 'load' ? 'invalid' : 'failed',
        error.message,
      );
    }
    throw new GenericDefinitionError(
      url,
      'failed',
      error instanceof Error ? error.message : String(error),
    );
  }
}

function parseOrThrow<S extends z.core.$ZodType>(
  url: string,
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) {
    throw new GenericDefinitionError(url, 'invalid', `${what} (${describeZodError(parsed.error)})`);
  }
  return parsed.data;
}

/** Reads names, manifest and capabilities from an already stored bundle (e.g. at core boot). */
export async function describeBundle(
  url: string,
  bundlePath: string,
  options: { callTimeoutMs?: number; cwd: string; sandbox?: DefinitionSandbox },
): Promise<LoadedDefinition> {
  // In a sandbox the definition gets an empty folder of its own, never the bundle cache.
  const scratch = options.sandbox ? await mkdtemp(join(tmpdir(), 'hearth-definition-')) : null;
  const answer = await run(url, {
    op: 'describe',
    bundlePath,
    cwd: scratch ?? options.cwd,
    timeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    ...inSandbox(options.sandbox, url, scratch ?? options.cwd),
  }).finally(() => scratch && rm(scratch, { recursive: true, force: true }));
  const { shape: rawShape, setupManifest: rawManifest } = (answer ?? {}) as {
    shape?: unknown;
    setupManifest?: unknown;
  };
  const shape = parseOrThrow(
    url,
    DefinitionShapeSchema,
    rawShape,
    'the default export has the wrong shape',
  );
  const setupManifest = parseOrThrow(
    url,
    SetupManifestSchema,
    rawManifest,
    'setupManifest() returned an invalid manifest',
  );
  return {
    url,
    bundlePath,
    game: {
      type: 'Generic',
      game_name: shape.game_name,
      game_display_name: shape.game_display_name,
    },
    setupManifest,
    stop: shape.stop,
    output: shape.output ?? {},
    ping: shape.ping,
    backup: shape.backup,
    players: shape.players,
    hasConfigurableManifest: shape.functions.configurableManifest === 'function',
  };
}

/** Fetches, bundles, stores and describes the definition at `url` (http(s):// or file://). */
export async function loadGenericDefinition(
  url: string,
  options: LoadOptions,
): Promise<LoadedDefinition> {
  const code = await bundleDefinition(url, {
    fetchTimeoutMs: options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    allowPrivate: options.allowPrivate,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.hiddenDirs ? { hiddenDirs: options.hiddenDirs } : {}),
  });
  const bundlePath = await storeBundle(options.cacheDir, url, code);
  return describeBundle(url, bundlePath, {
    cwd: options.cacheDir,
    ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
}

/** setting_id → plain value over every section (later sections win on a clash). */
export function flattenSetupValues(setupValue: SetupValue): Record<string, SettingValue> {
  const values: Record<string, SettingValue> = {};
  for (const section of Object.values(setupValue.setting_sections)) {
    for (const [id, setting] of Object.entries(section.settings))
      values[id] = setting.value?.value ?? null;
  }
  return values;
}

function installCall(
  bundlePath: string,
  ctx: InstallRequest,
  onProgress: (fraction: number, message: string) => void,
  options: CallOptions,
): RunnerCall {
  return {
    op: 'install',
    bundlePath,
    cwd: ctx.instanceDir,
    ...inSandbox(options.sandbox, ctx.definitionUrl, ctx.instanceDir),
    timeoutMs: options.timeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS,
    ctx: { ...ctx, values: flattenSetupValues(ctx.setupValue) },
    onProgress,
    ...(options.onOutput ? { onOutput: options.onOutput } : {}),
  };
}

/** Runs install() in a child process (cwd = the instance folder), relaying its progress. */
export async function runInstall(
  bundlePath: string,
  ctx: InstallRequest,
  onProgress: (fraction: number, message: string) => void,
  options: CallOptions = {},
): Promise<InstallOutcome> {
  const answer = await run(ctx.definitionUrl, installCall(bundlePath, ctx, onProgress, options));
  return parseOrThrow(
    ctx.definitionUrl,
    InstallResultSchema,
    answer,
    'install() returned an invalid result',
  );
}

/**
 * runInstall, and in the same child process start() for the new instance (its install's port and
 * config), so that its first start spawns no definition process. A start() that fails or answers
 * an invalid plan fails nothing here: the first start asks again and reports it.
 */
export async function runInstallWithPlan(
  bundlePath: string,
  ctx: InstallRequest,
  onProgress: (fraction: number, message: string) => void,
  options: CallOptions = {},
): Promise<InstallWithPlan> {
  const answer = await run(ctx.definitionUrl, {
    ...installCall(bundlePath, ctx, onProgress, options),
    thenStart: true,
  });
  const { install: rawInstall, start: rawPlan } = (answer ?? {}) as {
    install?: unknown;
    start?: unknown;
  };
  const install = parseOrThrow(
    ctx.definitionUrl,
    InstallResultSchema,
    rawInstall,
    'install() returned an invalid result',
  );
  const plan = rawPlan === null ? null : z.safeParse(StartPlanSchema, rawPlan);
  if (!plan?.success) return { install, startPlan: null };
  const inputs: StartRequest = {
    definitionUrl: ctx.definitionUrl,
    instanceDir: ctx.instanceDir,
    port: install.port,
    config: install.config,
  };
  return { install, startPlan: { key: startPlanKey(bundlePath, inputs), plan: plan.data } };
}

/** A call with an instance's start inputs (start(), configurableManifest()), in its folder. */
function startCall(
  op: 'start' | 'configurable',
  bundlePath: string,
  ctx: StartRequest,
  options: CallOptions,
): RunnerCall {
  return {
    op,
    bundlePath,
    cwd: ctx.instanceDir,
    ...inSandbox(options.sandbox, ctx.definitionUrl, ctx.instanceDir),
    timeoutMs: options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    ctx: { ...ctx },
  };
}

/** Asks start() for the command line; `cwd` in the answer is relative to the instance folder. */
export async function resolveStartPlan(
  bundlePath: string,
  ctx: StartRequest,
  options: CallOptions = {},
): Promise<StartPlanOutcome> {
  const answer = await run(ctx.definitionUrl, {
    ...startCall('start', bundlePath, ctx, options),
    ...(options.onOutput ? { onOutput: options.onOutput } : {}),
  });
  return parseOrThrow(
    ctx.definitionUrl,
    StartPlanSchema,
    answer,
    'start() returned an invalid start plan',
  );
}

/** The definition's extra settings sections ({} when it has no configurableManifest()). */
export async function resolveConfigurableSections(
  bundlePath: string,
  ctx: StartRequest,
  options: CallOptions = {},
): Promise<Record<string, SectionManifest>> {
  const answer = await run(ctx.definitionUrl, startCall('configurable', bundlePath, ctx, options));
  return parseOrThrow(
    ctx.definitionUrl,
    ConfigurableSectionsSchema,
    answer,
    'configurableManifest() returned invalid sections',
  );
}
