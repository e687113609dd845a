// `npm start`: builds the dashboard when it is missing or older than its sources, then runs the core
// in this same process (so signals reach it directly). Arguments are passed to the core unchanged.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/dashboard/dist/index.html');
const sources = [
  'apps/dashboard/src',
  'apps/dashboard/index.html',
  'apps/dashboard/vite.config.ts',
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

const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0
      ? 'Building the dashboard (first run)...'
      : 'Dashboard sources changed, rebuilding...',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@hearth/dashboard'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('hearth: the dashboard build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/core/src/main.ts'));
