// `npm start`: builds the dashboard and the core's bundle when missing or older than their sources,
// then runs the core's bundle in this same process (plain JavaScript, no TypeScript loader; signals
// reach it directly). Arguments are passed to the core unchanged.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/dashboard/dist/index.html');
const coreBundle = path.join(root, 'apps/core/dist/main.mjs');
const sources = [
  'apps/dashboard/src',
  'apps/dashboard/index.html',
  'apps/dashboard/vite.config.ts',
  'apps/dashboard/build-compress.ts',
  'packages/protocol/src',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run build` of a workspace when its output is missing or older than its sources. */
function buildIfStale(what, workspace, output, inputs) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...inputs.map(newestMtime));
  if (builtAt !== 0 && changedAt <= builtAt) return;
  console.log(
    builtAt === 0
      ? `Building the ${what} (first run)...`
      : `${what} sources changed, rebuilding...`,
  );
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`hearth: the ${what} build failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
}

buildIfStale('dashboard', '@hearth/dashboard', distIndex, sources);
buildIfStale('core', '@hearth/core', coreBundle, [
  'apps/core/src',
  'apps/core/build.mjs',
  'packages/protocol/src',
]);

await import(pathToFileURL(coreBundle).href);
