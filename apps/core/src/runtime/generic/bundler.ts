// Fetches a definition (file:// or http(s)://) and bundles it with esbuild into one ESM file.
// Relative imports are bundled (fetched too, for http sources); node builtins and installed
// packages stay external, rewritten to absolute locations so the bundle runs from any folder.
import { stat } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop, type Loader, type Plugin } from 'esbuild';
import { describeError } from '../../errors.ts';
import { CORE_ROOT } from '../../lib/core-paths.ts';
import { outboundText } from '../../lib/outbound-http.ts';
import { GenericDefinitionError } from './errors.ts';

/** apps/core: where installed packages are looked up when the definition's own folder lacks them. */
const CORE_DIR = CORE_ROOT;
const HTTP_NAMESPACE = 'hearth-http';
const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

export interface BundleOptions {
  fetchTimeoutMs: number;
  /** How long esbuild's helper process may idle before it is stopped (default ESBUILD_IDLE_MS). */
  idleMs?: number;
}

function loaderFor(path: string): Loader {
  const match = /\.([a-z]+)$/i.exec(path);
  switch (match?.[1]?.toLowerCase()) {
    case 'js':
    case 'mjs':
    case 'cjs':
      return 'js';
    case 'jsx':
      return 'jsx';
    case 'tsx':
      return 'tsx';
    case 'json':
      return 'json';
    default:
      return 'ts';
  }
}

function fetchText(url: string, timeoutMs: number): Promise<string> {
  return outboundText({ url, timeoutMs, maxBytes: MAX_SOURCE_BYTES });
}

function isBare(specifier: string): boolean {
  return !/^[./]/.test(specifier) && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(specifier);
}

/** `prefetched`: http sources already downloaded (the entry point), by URL. */
function hearthPlugin(options: BundleOptions, prefetched: Map<string, string>): Plugin {
  return {
    name: 'hearth-definition',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^https?:\/\// }, (args) => ({
        path: args.path,
        namespace: HTTP_NAMESPACE,
      }));
      pluginBuild.onResolve({ filter: /^file:/ }, (args) => ({ path: fileURLToPath(args.path) }));
      pluginBuild.onResolve({ filter: /^(\.\.?\/|\/)/, namespace: HTTP_NAMESPACE }, (args) => ({
        path: new URL(args.path, args.importer).href,
        namespace: HTTP_NAMESPACE,
      }));
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        const data = args.pluginData as { hearthInner?: boolean } | undefined;
        if (data?.hearthInner === true || !isBare(args.path)) return undefined;
        if (args.path.startsWith('node:') || isBuiltin(args.path))
          return { path: args.path, external: true };
        const dirs =
          args.namespace === 'file' && args.resolveDir ? [args.resolveDir, CORE_DIR] : [CORE_DIR];
        for (const resolveDir of dirs) {
          const found = await pluginBuild.resolve(args.path, {
            kind: args.kind,
            resolveDir,
            pluginData: { hearthInner: true },
          });
          if (found.errors.length === 0 && found.path) {
            return {
              path: args.kind === 'require-call' ? found.path : pathToFileURL(found.path).href,
              external: true,
            };
          }
        }
        return { errors: [{ text: `cannot find package "${args.path}"` }] };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: HTTP_NAMESPACE }, async (args) => {
        try {
          const contents =
            prefetched.get(args.path) ?? (await fetchText(args.path, options.fetchTimeoutMs));
          return { contents, loader: loaderFor(new URL(args.path).pathname) };
        } catch (error) {
          return { errors: [{ text: `could not fetch ${args.path}: ${describeError(error)}` }] };
        }
      });
    },
  };
}

async function entryPointFor(
  url: string,
  options: BundleOptions,
  prefetched: Map<string, string>,
): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GenericDefinitionError(
      url,
      'fetch',
      'not a valid URL (use http://, https:// or file://)',
    );
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    // Fetch the entry up front so a 404 or a dead host reads as a fetch error, not a compile error.
    try {
      prefetched.set(url, await fetchText(url, options.fetchTimeoutMs));
    } catch (error) {
      throw new GenericDefinitionError(url, 'fetch', describeError(error));
    }
    return url;
  }
  if (parsed.protocol !== 'file:') {
    throw new GenericDefinitionError(
      url,
      'fetch',
      `unsupported URL scheme "${parsed.protocol}" (use http://, https:// or file://)`,
    );
  }
  const path = fileURLToPath(parsed);
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    if (info.size > MAX_SOURCE_BYTES) throw new Error('the module is larger than 5 MiB');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new GenericDefinitionError(url, 'fetch', missing ? 'no such file' : describeError(error));
  }
  return path;
}

/** esbuild keeps a helper process after a build; it goes once no build ran for this long. */
export const ESBUILD_IDLE_MS = 10_000;
let building = 0;
let idleTimer: NodeJS.Timeout | null = null;

/** Stops esbuild's helper process once nothing has been bundled for `idleMs` (a new build restarts it). */
function releaseWhenIdle(idleMs: number): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (building === 0) void stop();
  }, idleMs);
  idleTimer.unref();
}

/** Returns the bundled ESM code of the definition at `url`. */
export async function bundleDefinition(url: string, options: BundleOptions): Promise<string> {
  const prefetched = new Map<string, string>();
  const entry = await entryPointFor(url, options, prefetched);
  building++;
  try {
    return await runBuild(url, entry, options, prefetched);
  } finally {
    building--;
    releaseWhenIdle(options.idleMs ?? ESBUILD_IDLE_MS);
  }
}

async function runBuild(
  url: string,
  entry: string,
  options: BundleOptions,
  prefetched: Map<string, string>,
): Promise<string> {
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      absWorkingDir: entry.startsWith('/') ? dirname(entry) : CORE_DIR,
      plugins: [hearthPlugin(options, prefetched)],
      // Bundled CommonJS code may require() external packages; give the ESM bundle a require.
      banner: {
        js: "import { createRequire as __hearthCreateRequire } from 'node:module';\nconst require = __hearthCreateRequire(import.meta.url);",
      },
    });
    const output = result.outputFiles[0];
    if (!output) throw new GenericDefinitionError(url, 'invalid', 'the bundler produced no output');
    return output.text;
  } catch (error) {
    if (error instanceof GenericDefinitionError) throw error;
    const failure = error as {
      errors?: { text: string; location?: { file: string; line: number; column: number } | null }[];
    };
    const first = failure.errors?.[0];
    if (!first)
      throw new GenericDefinitionError(
        url,
        'invalid',
        `it does not compile: ${describeError(error)}`,
      );
    const where = first.location
      ? `${first.location.file}:${first.location.line}:${first.location.column}: `
      : '';
    throw new GenericDefinitionError(url, 'invalid', `it does not compile: ${where}${first.text}`);
  }
}
