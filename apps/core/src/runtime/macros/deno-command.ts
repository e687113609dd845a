import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeJsonAtomic } from '../../lib/atomic-write.ts';
import { corePath } from '../../lib/core-paths.ts';

// Named from apps/core so the bundled core (dist/) finds the SDK's TypeScript sources too.
const SDK_DIR = corePath('src', 'runtime', 'macros', 'sdk');

/** The module the SDK is imported as, and the reference's library URLs mapped onto Hearth's. */
export const SDK_SPECIFIER = 'hearth:macro';
const LODESTONE_LIB = 'https://raw.githubusercontent.com/Lodestone-Team/lodestone-macro-lib/main/';

/** Where the SDK's files are (read-only for the task; the sandbox binds it in). */
export function sdkDir(): string {
  return SDK_DIR;
}

export function bootstrapPath(): string {
  return path.join(SDK_DIR, 'bootstrap.ts');
}

export function importMap(): { imports: Record<string, string> } {
  const url = (file: string) => pathToFileURL(path.join(SDK_DIR, file)).href;
  return {
    imports: {
      [SDK_SPECIFIER]: url('index.ts'),
      [`${LODESTONE_LIB}events.ts`]: url('lodestone/events.ts'),
      [`${LODESTONE_LIB}instance.ts`]: url('lodestone/instance.ts'),
      [`${LODESTONE_LIB}prelude.ts`]: url('lodestone/prelude.ts'),
    },
  };
}

/**
 * Writes the import map into a core-owned folder (never the instance folder); returns its path.
 * World-readable: a sandboxed task reads it as the sandbox's unprivileged user.
 */
export async function writeImportMap(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'import-map.json');
  await writeJsonAtomic(file, importMap(), 0o644);
  return file;
}

export interface DenoRunOptions {
  importMapPath: string;
  /** `host:port` of the core's API; the only network the task may reach. */
  netAllow: string;
  /** V8 old-space ceiling in MiB. */
  memoryMb: number;
  /** Extra spellings of the instance folder to allow (its path when it differs from the real one). */
  extraPaths: string[];
  /** Accept the core's own certificate on this host (TLS cores, whose certificate may not name it). */
  insecureTlsHost: string | null;
  /** Deno.args of the task. */
  args: string[];
}

/**
 * `deno run` arguments for one task. The working directory is the instance folder and the
 * read/write grants are `.`: Deno splits grant lists on commas, and an instance folder may have one
 * in its name. No --allow-run, --allow-env, --allow-sys, --allow-ffi; no prompts; no config file,
 * lock file, npm or remote modules (nothing is fetched); the SDK comes through the import map.
 */
export function denoRunArgs(options: DenoRunOptions): string[] {
  const paths = ['.', ...options.extraPaths.filter((p) => !p.includes(','))].join(',');
  return [
    'run',
    '--quiet',
    '--no-prompt',
    '--no-config',
    '--no-lock',
    '--no-npm',
    '--no-remote',
    `--import-map=${options.importMapPath}`,
    `--allow-read=${paths}`,
    `--allow-write=${paths}`,
    `--allow-net=${options.netAllow}`,
    ...(options.insecureTlsHost
      ? [`--unsafely-ignore-certificate-errors=${options.insecureTlsHost}`]
      : []),
    `--v8-flags=--max-old-space-size=${options.memoryMb}`,
    bootstrapPath(),
    ...options.args,
  ];
}

/** The whole environment of a task: nothing of the core's own (no secrets, no PATH). */
export function denoEnv(denoDir: string): Record<string, string> {
  return { DENO_DIR: denoDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
}
