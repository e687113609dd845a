// Bundles the core into dist/main.mjs so `npm start` runs plain JavaScript (no TypeScript loader
// at run time: faster start, less memory). Packages from node_modules stay imports; the workspace's
// own protocol package (TypeScript sources) is bundled in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => !name.startsWith('@hearth/'),
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
