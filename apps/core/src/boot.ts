// The built core's entry (dist/main.mjs): runs the core's bundle (dist/core.cjs, built from
// main.ts) through V8's code cache, so a start does not parse and compile ~5 MB of JavaScript again
// (lib/code-cache.ts). From the sources, main.ts is the entry and this file is not used.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCachedBundle } from './lib/code-cache.ts';

/** Set by build.mjs: a hash of dist/core.cjs. */
declare const HEARTH_CORE_BUNDLE_HASH: string;

/** Long enough for the start-up code to have run (and been compiled), short enough to matter. */
const WRITE_CACHE_AFTER_MS = 5_000;

runCachedBundle({
  file: path.join(path.dirname(fileURLToPath(import.meta.url)), 'core.cjs'),
  bundleHash: HEARTH_CORE_BUNDLE_HASH,
  writeAfterMs: WRITE_CACHE_AFTER_MS,
});
