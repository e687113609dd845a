// Runs the benchmarks of issue 16's table (and issue 26's `scale`) once each, in the table's order,
// and prints the table (Measure | Hearth | Side by side | Ratio) as Markdown at the end, so the
// benchmark table of docs/performance.md comes from one run. Each benchmark still prints its own
// figures as it goes.
// A benchmark that throws (no build, a core that did not start) gets a "failed" row and the run
// exits non-zero; nothing fails on a number. Before each benchmark it waits (at most SETTLE_MAX_MS) for the
// machine's 1-minute load to fall below SETTLE_LOAD, so one benchmark does not measure the tail of the
// build or of the benchmark before it, and prints the load it started at.
// `--out FILE` also writes the table to FILE.
//
//   npm run bench:report                      (builds the dashboard first)
//   npx tsx bench/report.ts --out bench-table.md
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { BenchRow } from './support/figures.ts';
import { machine } from './support/figures.ts';
import { stopAll } from './support/processes.ts';

type Bench = () => Promise<BenchRow[]>;

/** In the order of the table. */
const BENCHES: [string, () => Promise<Bench>][] = [
  ['console-render', async () => (await import('./console-render.ts')).default],
  ['console-throughput', async () => (await import('./console-throughput.ts')).default],
  ['first-load', async () => (await import('./first-load.ts')).default],
  ['core-start', async () => (await import('./core-start.ts')).default],
  ['file-transfer', async () => (await import('./file-transfer.ts')).default],
  ['ls-10k', async () => (await import('./ls-10k.ts')).default],
  ['scale', async () => (await import('./scale.ts')).default],
];

const SETTLE_LOAD = 1.0;
const SETTLE_MAX_MS = 60_000;

async function settle(): Promise<void> {
  const until = Date.now() + SETTLE_MAX_MS;
  while (os.loadavg()[0]! >= SETTLE_LOAD && Date.now() < until)
    await new Promise((r) => setTimeout(r, 2_000));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: readonly BenchRow[]): string {
  return [
    '| Measure | Hearth | Side by side | Ratio |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${[r.measure, r.hearth, r.sideBySide, r.ratio].map(cell).join(' | ')} |`),
  ].join('\n');
}

const outIndex = process.argv.indexOf('--out');
const out = outIndex === -1 ? null : process.argv[outIndex + 1];
const rows: BenchRow[] = [];
let failed = 0;
const started = new Date();
try {
  for (const [name, load] of BENCHES) {
    console.log(`\n=== ${name} ===`);
    await settle();
    console.log(`(started at load ${os.loadavg()[0]!.toFixed(2)})`);
    const t = performance.now();
    try {
      rows.push(...(await (await load())()));
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      console.error(`${name} failed: ${message}`);
      rows.push({ measure: name, hearth: `failed: ${message}`, sideBySide: '—', ratio: '—' });
    }
    console.log(`(${name}: ${((performance.now() - t) / 1000).toFixed(0)} s)`);
  }
} finally {
  await stopAll();
}

const table = markdownTable(rows);
const note =
  `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM; Node ${process.version}; each figure a median ` +
  `of ${process.env.BENCH_RUNS ?? 3} runs unless its row says otherwise (\`npm run bench:report\`).`;
console.log(`\n${note}\n\n${table}`);
if (out) await writeFile(out, `${note}\n\n${table}\n`);
process.exitCode = failed > 0 ? 1 : 0;
