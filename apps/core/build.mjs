// Bundles the core into dist/main.mjs so `npm start` runs plain JavaScript (no TypeScript loader
// at run time: faster start, less memory). Pure-JavaScript packages are bundled in too (one file to
// read and compile instead of hundreds of CommonJS modules resolved one by one: about 150 ms of a
// ~700 ms start, issue 16); packages with native code, binaries or files of their own stay imports.
import { readFileSync } from 'node:fs';
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
  'tsx',
]);
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => KEEP_EXTERNAL.has(name),
);

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS code may call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __hearthCreateRequire } from 'node:module';\nconst require = __hearthCreateRequire(import.meta.url);",
  },
});
