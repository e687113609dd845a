import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { extract as tarExtract } from 'tar';
import { runOnce, type SandboxLaunch } from '../sandbox/index.ts';
import { describeError } from '../../errors.ts';
import { MinecraftError } from './errors.ts';
import { downloadFile } from './http.ts';
import { checkJavaCommand } from './launch-policy.ts';
import { fetchMojangVersion } from './upstream-api.ts';
import type { MinecraftUpstreams } from './upstreams.ts';

/** How long `java -version` may take. */
export const JAVA_PROBE_TIMEOUT_MS = 15_000;

export interface JavaInfo {
  /** What to run: an absolute path when found on the PATH. */
  path: string;
  major: number;
  /** First line of `java -version`, for messages. */
  versionLine: string;
}

/**
 * The major version in `java -version` output: `version "17.0.15"` → 17, `version "1.8.0_392"` → 8,
 * also the `--version` form `openjdk 21.0.2 …`. Lines such as "Picked up JAVA_TOOL_OPTIONS" are skipped.
 */
export function parseJavaVersion(output: string): number | null {
  const quoted = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(output);
  const bare = quoted ? null : /^(?:openjdk|java) (\d+)(?:\.(\d+))?/m.exec(output);
  const match = quoted ?? bare;
  if (!match?.[1]) return null;
  const first = Number(match[1]);
  return first === 1 && match[2] !== undefined ? Number(match[2]) : first;
}

/**
 * Whether a Java of major `found` can run a server that asks for `required`: the exact major, or any
 * newer one from 17 on (modern servers run on later Java; Java 8-era servers and Forge builds break
 * on newer runtimes, so those need an exact match).
 */
export function javaSatisfies(found: number, required: number): boolean {
  return found === required || (required >= 17 && found >= required);
}

/** Mojang's `javaVersion.majorVersion` (8 when absent; 16 becomes 17: Adoptium ships no 16 JRE). */
export function requiredJavaMajor(mojangMajor: number | undefined): number {
  const major = mojangMajor ?? 8;
  return major === 16 ? 17 : major;
}

/** The Java major a Minecraft version needs, from its Mojang version JSON (core-api.md §3.3.4). */
export async function javaMajorFor(
  mcVersion: string,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<number> {
  const version = await fetchMojangVersion(mcVersion, upstreams, signal);
  return requiredJavaMajor(version.javaVersion?.majorVersion);
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, fsConstants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Resolves a bare command name through PATH (null when not found); paths are made absolute. */
export async function resolveCommand(
  cmd: string,
  envPath = process.env.PATH ?? '',
): Promise<string | null> {
  if (cmd.includes('/') || cmd.includes(path.sep)) {
    const abs = path.resolve(cmd);
    return (await isExecutable(abs)) ? abs : null;
  }
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of envPath.split(path.delimiter)) {
    if (dir === '') continue;
    for (const ext of exts) {
      const candidate = path.join(dir, cmd + ext);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/** What trying a Java command gave: its version, or why it does not count as a Java. */
export type JavaProbe = { ok: true; info: JavaInfo } | { ok: false; problem: string };

export interface ProbeJavaOptions {
  /**
   * The instance's sandbox: `<cmd> -version` runs there exactly as the game would (same uid,
   * mounts and limits), never in the core. Null: a plain child process (`--isolation none` only).
   */
  sandbox: SandboxLaunch | null;
  signal?: AbortSignal;
}

/** Runs `<cmd> -version` in the instance's sandbox and reads the Java major from its output. */
export async function probeJava(cmd: string, opts: ProbeJavaOptions): Promise<JavaProbe> {
  const request = opts.sandbox?.request;
  let result;
  try {
    result = await runOnce(
      { command: cmd, args: ['-version'], cwd: request?.instanceDir ?? process.cwd() },
      {
        sandbox: opts.sandbox,
        timeoutMs: JAVA_PROBE_TIMEOUT_MS,
        maxOutputBytes: 16 * 1024,
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
    );
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return { ok: false, problem: describeError(err) };
  }
  const output = result.output;
  if (result.timedOut)
    return { ok: false, problem: `it did not answer within ${JAVA_PROBE_TIMEOUT_MS / 1000} s` };
  if (result.code !== 0) {
    const how = result.code === null ? `signal ${result.signal}` : `exit code ${result.code}`;
    const said = output.trim().split(/\r?\n/)[0]?.slice(0, 200);
    return { ok: false, problem: said ? `it ended with ${how}: ${said}` : `it ended with ${how}` };
  }
  const major = parseJavaVersion(output);
  if (major === null) return { ok: false, problem: 'it printed no Java version' };
  const versionLine = output
    .split(/\r?\n/)
    .find((l) => /version|openjdk|java /i.test(l) && !/^Picked up/.test(l));
  return { ok: true, info: { path: cmd, major, versionLine: (versionLine ?? '').trim() } };
}

export interface FindJavaOptions {
  /** The command to try (default `java`, looked up on PATH). */
  pathJava?: string;
  /** Where it is tried (see `ProbeJavaOptions.sandbox`). */
  sandbox: SandboxLaunch | null;
  signal?: AbortSignal;
}

/** A Java on the PATH that satisfies `major` (see `javaSatisfies`), or null. */
export async function findJava(major: number, opts: FindJavaOptions): Promise<JavaInfo | null> {
  const resolved = await resolveCommand(opts.pathJava ?? 'java');
  if (resolved === null) return null;
  const probe = await probeJava(resolved, {
    sandbox: opts.sandbox,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return probe.ok && javaSatisfies(probe.info.major, major)
    ? { ...probe.info, path: resolved }
    : null;
}

function adoptiumOs(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'mac' : platform === 'win32' ? 'windows' : platform;
}

function adoptiumArch(arch: string): string {
  switch (arch) {
    case 'x64':
      return 'x64';
    case 'arm64':
      return 'aarch64';
    case 'ia32':
      return 'x86';
    default:
      return arch;
  }
}

/** `<adoptiumApi>/v3/binary/latest/<major>/ga/<os>/<arch>/jre/hotspot/normal/eclipse` (core-api.md §3.3.4). */
export function adoptiumJreUrl(
  upstreams: Pick<MinecraftUpstreams, 'adoptiumApi'>,
  major: number,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string {
  return (
    `${upstreams.adoptiumApi}/v3/binary/latest/${major}/ga/${adoptiumOs(platform)}/${adoptiumArch(arch)}` +
    '/jre/hotspot/normal/eclipse'
  );
}

/** `<dataDir>/bin/java/jre<major>` — downloaded JREs are shared by every instance. */
export function jreDir(dataDir: string, major: number): string {
  return path.join(dataDir, 'bin', 'java', `jre${major}`);
}

export function jreJavaPath(
  dataDir: string,
  major: number,
  platform: NodeJS.Platform = process.platform,
): string {
  const dir = jreDir(dataDir, major);
  if (platform === 'darwin') return path.join(dir, 'Contents', 'Home', 'bin', 'java');
  return path.join(dir, 'bin', platform === 'win32' ? 'java.exe' : 'java');
}

export interface EnsureJavaResult {
  path: string;
  /** False when `jre<major>` was already there. */
  downloaded: boolean;
}

/** Download progress: the share of the archive received since the last call (adds up to 1). */
export type JavaProgress = (fractionDelta: number, received: number, total: number | null) => void;

const inFlight = new Map<string, Promise<EnsureJavaResult>>();

/**
 * Makes sure `<dataDir>/bin/java/jre<major>` exists, downloading the Adoptium (Temurin) JRE if not:
 * the tar.gz goes to a temp file, is extracted into a temp folder, and its single top-level folder is
 * renamed into place. Concurrent calls for the same folder share one download.
 */
export function ensureJava(
  major: number,
  dataDir: string,
  upstreams: Pick<MinecraftUpstreams, 'adoptiumApi'>,
  onProgress?: JavaProgress,
  signal?: AbortSignal,
): Promise<EnsureJavaResult> {
  const key = jreDir(dataDir, major);
  const running = inFlight.get(key);
  if (running) return running;
  const job = installJre(major, dataDir, upstreams, onProgress, signal).finally(() =>
    inFlight.delete(key),
  );
  inFlight.set(key, job);
  return job;
}

async function installJre(
  major: number,
  dataDir: string,
  upstreams: Pick<MinecraftUpstreams, 'adoptiumApi'>,
  onProgress: JavaProgress | undefined,
  signal: AbortSignal | undefined,
): Promise<EnsureJavaResult> {
  const javaPath = jreJavaPath(dataDir, major);
  if (await isExecutable(javaPath)) return { path: javaPath, downloaded: false };
  if (process.platform === 'win32') {
    throw new MinecraftError(
      'UnsupportedOperation',
      'Downloading a JRE is not supported on Windows yet',
      `Install Java ${major} and set the Java command`,
    );
  }
  const javaRoot = path.join(dataDir, 'bin', 'java');
  await mkdir(javaRoot, { recursive: true });
  const tag = `.jre${major}-${randomBytes(6).toString('hex')}`;
  const archive = path.join(javaRoot, `${tag}.tar.gz`);
  const staging = path.join(javaRoot, tag);
  try {
    await downloadFile({
      url: adoptiumJreUrl(upstreams, major),
      dest: archive,
      onProgress,
      signal,
    });
    await mkdir(staging);
    try {
      await tarExtract({ file: archive, cwd: staging });
    } catch (err) {
      throw new MinecraftError(
        'External',
        `The Java ${major} archive could not be extracted`,
        (err as Error).message,
      );
    }
    const top = (await readdir(staging, { withFileTypes: true })).filter(
      (e) => !e.name.startsWith('._'),
    );
    const [only] = top;
    if (top.length !== 1 || !only?.isDirectory()) {
      throw new MinecraftError(
        'External',
        `The Java ${major} archive does not hold exactly one folder`,
      );
    }
    try {
      await rename(path.join(staging, only.name), jreDir(dataDir, major));
    } catch (err) {
      // Another Hearth process may have finished the same JRE first.
      if (!(await isExecutable(javaPath))) throw err;
    }
    if (!(await isExecutable(javaPath))) {
      throw new MinecraftError(
        'External',
        `The Java ${major} archive has no ${path.relative(jreDir(dataDir, major), javaPath)}`,
      );
    }
    return { path: javaPath, downloaded: true };
  } finally {
    await rm(archive, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

export type JavaSource = 'configured' | 'downloaded-before' | 'path' | 'downloaded';

export interface ResolveJavaOptions {
  /** Required major version (see `javaMajorFor`). */
  major: number;
  /** The owner's choice; used as is when the launch policy allows it and it runs. */
  javaCmd?: string | null;
  /** Where a Java is tried (see `ProbeJavaOptions.sandbox`). */
  sandbox: SandboxLaunch | null;
  dataDir: string;
  upstreams: Pick<MinecraftUpstreams, 'adoptiumApi'>;
  /** The PATH command to consider (default `java`). */
  pathJava?: string;
  onDownloadProgress?: JavaProgress;
  signal?: AbortSignal;
}

/**
 * Picks the Java for an instance, in this order: the configured command (must run); a JRE already
 * downloaded into `bin/java/jre<major>`; a Java on the PATH that satisfies the major; a fresh
 * Adoptium download.
 */
export async function resolveJava(
  opts: ResolveJavaOptions,
): Promise<{ path: string; source: JavaSource }> {
  if (opts.javaCmd) {
    await checkJavaCommand(opts.javaCmd, { dataDir: opts.dataDir, pathJava: opts.pathJava });
    const resolved = await resolveCommand(opts.javaCmd);
    const probe: JavaProbe =
      resolved === null
        ? { ok: false, problem: 'it is not found' }
        : await probeJava(resolved, {
            sandbox: opts.sandbox,
            ...(opts.signal ? { signal: opts.signal } : {}),
          });
    if (!probe.ok) {
      throw new MinecraftError(
        'BadRequest',
        `The Java command "${opts.javaCmd}" does not run java -version`,
        probe.problem,
      );
    }
    return { path: opts.javaCmd, source: 'configured' };
  }
  const downloadedBefore = jreJavaPath(opts.dataDir, opts.major);
  if (await isExecutable(downloadedBefore))
    return { path: downloadedBefore, source: 'downloaded-before' };
  const onPath = await findJava(opts.major, {
    sandbox: opts.sandbox,
    ...(opts.pathJava !== undefined ? { pathJava: opts.pathJava } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (onPath !== null) return { path: onPath.path, source: 'path' };
  const result = await ensureJava(
    opts.major,
    opts.dataDir,
    opts.upstreams,
    opts.onDownloadProgress,
    opts.signal,
  );
  return { path: result.path, source: result.downloaded ? 'downloaded' : 'downloaded-before' };
}
