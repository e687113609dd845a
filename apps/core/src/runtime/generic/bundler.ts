// Fetches a definition (file:// or http(s)://) and bundles it with esbuild into one ESM file.
// Every import is decided by import-policy.ts before anything is read: the definition's own
// modules are bundled (fetched for http sources, read through the file sandbox for file ones),
// node builtins and allow-listed packages stay external, rewritten to absolute locations in
// Hearth's node_modules so the bundle runs from any folder. esbuild itself never reads the disk
// for a definition: every module lives in this plugin's namespace (no resolveDir, no tsconfig or
// package.json lookup), and no loader is chosen by esbuild.
// An http(s) definition's host goes through the outbound guard (lib/address-guard.ts) as the caller
// asks: its address is judged once, every module of the definition is fetched from that address
// (a second DNS answer cannot move it), and no redirect is followed.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop, type Loader, type Message, type Plugin } from 'esbuild';
import { describeError } from '../../errors.ts';
import {
  resolveTarget,
  systemResolver,
  type ResolvedAddress,
  type Resolver,
} from '../../lib/address-guard.ts';
import { CORE_ROOT, HEARTH_ROOT } from '../../lib/core-paths.ts';
import { isWithin } from '../../lib/file-sandbox.ts';
import { outboundText } from '../../lib/outbound-http.ts';
import { DefinitionFileError, DefinitionFolder, MAX_SOURCE_BYTES } from './definition-files.ts';
import { GenericDefinitionError } from './errors.ts';
import {
  checkEntry,
  decideImport,
  homeOf,
  RefusedImport,
  type DefinitionHome,
} from './import-policy.ts';

/** Every module of a definition lives in this namespace, so esbuild never resolves one itself. */
const NAMESPACE = 'hearth-definition';
/** The entry point as esbuild sees it; the plugin maps it to the definition's entry module. */
const ENTRY = '<hearth-definition>';

export interface BundleOptions {
  fetchTimeoutMs: number;
  /** How long esbuild's helper process may idle before it is stopped (default ESBUILD_IDLE_MS). */
  idleMs?: number;
  /** Host folders no file of a file:// definition may lie in (the core's data directory). */
  hiddenDirs?: readonly string[];
  /**
   * May an http(s) definition be on a loopback, link-local or private address? The caller's rule
   * (services/instance-creation.ts): the owner's choice, for anyone else only if the owner allows
   * private targets. Either way the address is judged once and pinned, and redirects are refused.
   */
  allowPrivate: boolean;
  /** How host names are resolved (default: the system's; tests play DNS answers). */
  resolve?: Resolver;
}

/** What onResolve hands to onLoad for an own module. */
interface OwnModule {
  loader: Loader;
}

/** Marks the plugin's own errors (a refused import, an unreadable module): not compile errors. */
const OWN_ERROR = Symbol('hearth-definition error');

/**
 * Fetches an http(s) definition's modules: each origin is resolved and judged by the guard once,
 * and every request goes to that address (`connectTo`: no second DNS answer, no redirect).
 */
function guardedFetcher(options: BundleOptions): (url: string) => Promise<string> {
  const pinned = new Map<string, Promise<ResolvedAddress>>();
  return async (url) => {
    const target = new URL(url);
    let address = pinned.get(target.origin);
    if (!address) {
      address = resolveTarget(target, {
        allowPrivate: options.allowPrivate,
        resolve: options.resolve ?? systemResolver,
        remedy:
          'only the owner may name a definition there (or the core runs with --private-definitions)',
      });
      pinned.set(target.origin, address);
    }
    return outboundText({
      url,
      timeoutMs: options.fetchTimeoutMs,
      maxBytes: MAX_SOURCE_BYTES,
      connectTo: await address,
    });
  };
}

function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/** Where allow-listed packages may resolve to: Hearth's own node_modules folders. */
const PACKAGE_ROOTS = [
  ...new Set(
    [path.join(HEARTH_ROOT, 'node_modules'), path.join(CORE_ROOT, 'node_modules')].map(realOrSelf),
  ),
];

/** Reads one of the definition's own modules (a URL or a path, as the policy named it). */
type ReadOwn = (location: string) => Promise<string | Uint8Array>;

function placeOf(location: string, home: DefinitionHome): string {
  return home.kind === 'file' ? path.relative(home.folder, location) : location;
}

function definitionPlugin(home: DefinitionHome, entryLoader: Loader, read: ReadOwn): Plugin {
  return {
    name: 'hearth-definition',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        const data = args.pluginData as { hearthPackage?: boolean } | undefined;
        // This plugin's own package look-up (below): esbuild resolves it in Hearth's folder.
        if (data?.hearthPackage === true) return undefined;
        if (args.kind === 'entry-point') {
          const own: OwnModule = { loader: entryLoader };
          return { path: home.entry, namespace: NAMESPACE, pluginData: own };
        }
        let target;
        try {
          target = decideImport(args.path, args.importer, home, args.with);
        } catch (error) {
          if (!(error instanceof RefusedImport)) throw error;
          return {
            errors: [
              { text: `the import "${args.path}" is refused: ${error.message}`, detail: OWN_ERROR },
            ],
          };
        }
        if (target.kind === 'builtin') return { path: args.path, external: true };
        if (target.kind === 'own') {
          const own: OwnModule = { loader: target.loader };
          return { path: target.location, namespace: NAMESPACE, pluginData: own };
        }
        const found = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          resolveDir: CORE_ROOT,
          pluginData: { hearthPackage: true },
        });
        const inside = PACKAGE_ROOTS.map((root) => path.join(root, target.name));
        if (found.errors.length > 0 || !found.path || !inside.some((p) => isWithin(p, found.path)))
          return {
            errors: [
              {
                text: `cannot find package "${args.path}" in Hearth's packages`,
                detail: OWN_ERROR,
              },
            ],
          };
        return {
          path: args.kind === 'require-call' ? found.path : pathToFileURL(found.path).href,
          external: true,
        };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const { loader } = args.pluginData as OwnModule;
        try {
          return { contents: await read(args.path), loader };
        } catch (error) {
          const why = error instanceof DefinitionFileError ? error.message : describeError(error);
          return {
            errors: [
              { text: `could not read ${placeOf(args.path, home)}: ${why}`, detail: OWN_ERROR },
            ],
          };
        }
      });
    },
  };
}

/** The entry's home and loader, and how its own modules are read; the entry is read already. */
async function prepareEntry(
  url: string,
  options: BundleOptions,
): Promise<{ home: DefinitionHome; loader: Loader; read: ReadOwn }> {
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
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:' && parsed.protocol !== 'file:') {
    throw new GenericDefinitionError(
      url,
      'fetch',
      `unsupported URL scheme "${parsed.protocol}" (use http://, https:// or file://)`,
    );
  }
  const home = homeOf(parsed);
  let loader: Loader;
  try {
    loader = checkEntry(home);
  } catch (error) {
    throw new GenericDefinitionError(url, 'invalid', describeError(error));
  }
  if (home.kind === 'http') {
    // Fetch the entry up front so a refused address, a 404 or a dead host reads as a fetch error,
    // not a compile error.
    const fetchText = guardedFetcher(options);
    let entry: string;
    try {
      entry = await fetchText(home.entry);
    } catch (error) {
      throw new GenericDefinitionError(url, 'fetch', describeError(error));
    }
    const read: ReadOwn = (location) =>
      location === home.entry ? Promise.resolve(entry) : fetchText(location);
    return { home, loader, read };
  }
  const folder = new DefinitionFolder(home.folder, options.hiddenDirs ?? []);
  let entry: Uint8Array;
  try {
    entry = await folder.read(home.entry);
  } catch (error) {
    throw new GenericDefinitionError(
      url,
      'fetch',
      error instanceof DefinitionFileError ? error.message : describeError(error),
    );
  }
  const read: ReadOwn = (location) =>
    location === home.entry ? Promise.resolve(entry) : folder.read(location);
  return { home, loader, read };
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
  const { home, loader, read } = await prepareEntry(url, options);
  building++;
  try {
    return await runBuild(url, home, definitionPlugin(home, loader, read));
  } finally {
    building--;
    releaseWhenIdle(options.idleMs ?? ESBUILD_IDLE_MS);
  }
}

function describeBuildError(first: Message): string {
  const location = first.location;
  const file = location?.file.startsWith(`${NAMESPACE}:`)
    ? location.file.slice(NAMESPACE.length + 1)
    : location?.file;
  const where = location ? `${file}:${location.line}:${location.column}: ` : '';
  return first.detail === OWN_ERROR
    ? `${where}${first.text}`
    : `it does not compile: ${where}${first.text}`;
}

async function runBuild(url: string, home: DefinitionHome, plugin: Plugin): Promise<string> {
  try {
    const result = await build({
      // Not a path: esbuild would look at a path entry on the disk before asking the plugin.
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // Hearth's own folder: nothing of the definition's surroundings is ever looked at.
      absWorkingDir: CORE_ROOT,
      tsconfigRaw: {},
      plugins: [plugin],
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
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first)
      throw new GenericDefinitionError(
        url,
        'invalid',
        `it does not compile: ${describeError(error)}`,
      );
    throw new GenericDefinitionError(url, 'invalid', describeBuildError(first));
  }
}
