// Runs every benchmark in this folder, one after the other (`npm run bench` builds first).
// A benchmark is any `*.ts` file here: one that does its work on import (top-level await) runs
// then; one that exports a default or `run` function has it called. Benchmarks print figures
// and never fail on a number; a benchmark that throws (missing build, core did not start)
// is reported and the run exits non-zero after the others have had their turn. `report.ts` is not
// a benchmark (it runs the table's benchmarks itself: `npm run bench:report`).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stopAll } from './support/processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const self = path.basename(fileURLToPath(import.meta.url));

const only = process.argv.slice(2);
const files = (await readdir(here, { withFileTypes: true }))
  .filter(
    (e) =>
      e.isFile() &&
      e.name.endsWith('.ts') &&
      !e.name.endsWith('.d.ts') &&
      !e.name.endsWith('.test.ts') &&
      e.name !== self &&
      e.name !== 'report.ts',
  )
  .map((e) => e.name)
  .filter((name) => only.length === 0 || only.some((o) => name.startsWith(o)))
  .sort();

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const exitCodeBefore = process.exitCode;
  try {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as {
      default?: unknown;
      run?: unknown;
    };
    const entry =
      typeof mod.default === 'function'
        ? mod.default
        : typeof mod.run === 'function'
          ? mod.run
          : null;
    if (entry) await (entry as () => unknown)();
    if (process.exitCode !== exitCodeBefore && process.exitCode) failed.push(file);
  } catch (err) {
    failed.push(file);
    console.error(`${file} failed:`, err instanceof Error ? err.message : err);
  }
  await stopAll();
  console.log(`(${file}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

console.log(
  `\n${files.length - failed.length}/${files.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
