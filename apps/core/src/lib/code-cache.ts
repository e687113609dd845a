import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { writeFileAtomicAt } from './atomic-write.ts';

/**
 * Runs the core's CommonJS bundle from V8's code cache (issue 16: most of a start was V8 parsing
 * and compiling the ~5 MB bundle; Node 20 has no module compile cache of its own).
 *
 * The first start compiles the bundle and, `writeAfterMs` later (when the start-up code has run and
 * its functions are compiled), writes V8's cache beside it; later starts hand the cache to V8, which
 * checks it against its version and flags and rejects it when they differ (a new cache is written).
 * V8 judges the source by its length alone, so the cache file is named by `bundleHash`, a hash of
 * the bundle's content taken at build time: a rebuilt bundle never runs with an old bundle's code,
 * and the old caches are removed. A cache that cannot be read or written only costs speed.
 */
export interface CachedBundle {
  /** The CommonJS bundle to run. */
  file: string;
  /** A hash of the bundle's content, from the build. */
  bundleHash: string;
  /** When to write the cache after the bundle started running. */
  writeAfterMs: number;
  /** Told what happened with the cache (the tests listen; the core's entry does not ask). */
  report?: (outcome: CacheOutcome) => void;
}

export type CacheOutcome = 'used' | 'rejected' | 'missing' | 'written' | `not written: ${string}`;

const CACHE_SUFFIX = '.v8cache';

export function cacheFileOf(file: string, bundleHash: string): string {
  return `${file}.${bundleHash}${CACHE_SUFFIX}`;
}

function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Caches of other builds of `file`: never valid again. */
function removeStaleCaches(file: string, keep: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  try {
    for (const name of readdirSync(dir))
      if (name.startsWith(prefix) && name.endsWith(CACHE_SUFFIX) && path.join(dir, name) !== keep)
        rmSync(path.join(dir, name), { force: true });
  } catch {
    // A folder that cannot be listed keeps its old caches; they are only unused.
  }
}

/** Runs the bundle as Node runs a CommonJS module; resolves what it exports. */
export function runCachedBundle({ file, bundleHash, writeAfterMs, report }: CachedBundle): unknown {
  const cacheFile = cacheFileOf(file, bundleHash);
  const cachedData = readCache(cacheFile);
  const source = readFileSync(file, 'utf8');
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  report?.(cachedData === undefined ? 'missing' : fresh ? 'rejected' : 'used');

  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));

  if (fresh) {
    const timer = setTimeout(() => {
      removeStaleCaches(file, cacheFile);
      writeFileAtomicAt(cacheFile, script.createCachedData()).then(
        () => report?.('written'),
        (err: unknown) =>
          report?.(`not written: ${err instanceof Error ? err.message : String(err)}`),
      );
    }, writeAfterMs);
    timer.unref();
  }
  return module.exports;
}
