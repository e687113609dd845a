// Bundles the core so `npm start` runs plain JavaScript (no TypeScript loader at run time: faster
// start, less memory). Pure-JavaScript packages are bundled in too (one file to read and compile
// instead of hundreds of CommonJS modules resolved one by one: about 150 ms of a ~700 ms start,
// issue 16); packages with native code, binaries or files of their own stay imports.
//
// dist/core.cjs is the core (src/main.ts) as one CommonJS script, so it can run from V8's code
// cache; dist/main.mjs (src/boot.ts) is the entry that runs it so, and knows the bundle's hash.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
/** Native addons, shipped binaries and programs the core runs in their own process by path. */
const KEEP_EXTERNAL = new Set([
  '@node-rs/argon2',
  'better-sqlite3',
  'deno',
  'esbuild',
  'flying-squid',
  // Its optional native crypto addon is loaded by a path relative to its own files when built.
  'ssh2',
  'tsx',
]);
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => KEEP_EXTERNAL.has(name),
);

const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

const core = path.join(dist, 'core.cjs');
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: core,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Comments out and the rest ASCII: V8 keeps the source in memory for as long as the core runs,
  // and one non-ASCII character in a comment made all ~5 MB of it a two-byte string (issue 16).
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'external',
  // The one module that asks where it is (lib/core-paths.ts) gets the bundle's own URL.
  define: { 'import.meta.url': '__hearthBundleUrl' },
  banner: { js: "const __hearthBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

await build({
  entryPoints: [path.join(here, 'src/boot.ts')],
  outfile: path.join(dist, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  define: {
    HEARTH_CORE_BUNDLE_HASH: JSON.stringify(
      createHash('sha256').update(readFileSync(core)).digest('hex').slice(0, 16),
    ),
  },
});
