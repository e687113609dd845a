// The whole production bundle of the dashboard: every .js and .css file in
// apps/dashboard/dist/assets, raw and gzipped (level 9), the totals per kind, the largest chunks,
// and which chunks a screen pulls in lazily (uPlot for the overview charts, CodeMirror for the file
// editor). Figures only: it fails only when there is no build.
//
//   npm run build -w @hearth/dashboard && npx tsx bench/dashboard-bundle.ts
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const ASSETS = path.resolve(here, '../apps/dashboard/dist/assets');
/** How many of the largest chunks to list. */
const TOP = 8;

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

export interface BundleSummary {
  js: { files: number; raw: number; gzip: number };
  css: { files: number; raw: number; gzip: number };
  largest: AssetSize | null;
  assets: AssetSize[];
}

/** Totals per kind and the largest chunk (by gzip size), largest first. */
export function summarise(assets: readonly AssetSize[]): BundleSummary {
  const sorted = [...assets].sort((a, b) => b.gzip - a.gzip);
  const total = (kind: AssetSize['kind']) => {
    const of = assets.filter((a) => a.kind === kind);
    return {
      files: of.length,
      raw: of.reduce((n, a) => n + a.raw, 0),
      gzip: of.reduce((n, a) => n + a.gzip, 0),
    };
  };
  return { js: total('js'), css: total('css'), largest: sorted[0] ?? null, assets: sorted };
}

export async function measureAssets(dir = ASSETS): Promise<AssetSize[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new Error(`No build at ${dir}: run \`npm run build -w @hearth/dashboard\` first.`);
  }
  const assets: AssetSize[] = [];
  for (const file of names.sort()) {
    const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    const bytes = await readFile(path.join(dir, file));
    assets.push({
      file,
      kind,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
    });
  }
  if (assets.length === 0) throw new Error(`No .js or .css files in ${dir}`);
  return assets;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export default async function dashboardBundle(): Promise<void> {
  const summary = summarise(await measureAssets());
  const line = (label: string, value: string) => console.log(`  ${label.padEnd(26)}: ${value}`);
  console.log('dashboard production bundle (apps/dashboard/dist/assets), gzip -9');
  line(
    'JavaScript',
    `${kb(summary.js.gzip)} gzip (${kb(summary.js.raw)} raw) in ${summary.js.files} files`,
  );
  line(
    'CSS',
    `${kb(summary.css.gzip)} gzip (${kb(summary.css.raw)} raw) in ${summary.css.files} files`,
  );
  line('JS + CSS', `${kb(summary.js.gzip + summary.css.gzip)} gzip`);
  if (summary.largest)
    line(
      'largest chunk',
      `${summary.largest.file}: ${kb(summary.largest.gzip)} gzip (${kb(summary.largest.raw)} raw)`,
    );
  const lazy = (pattern: RegExp, what: string) => {
    const chunk = summary.assets.find((a) => pattern.test(a.file));
    line(
      what,
      chunk ? `${chunk.file}: ${kb(chunk.gzip)} gzip, loaded on demand` : 'not a separate chunk',
    );
  };
  lazy(/^uplot-chart-/, 'uPlot charts');
  lazy(/^code-editor-/, 'CodeMirror editor');
  lazy(/^create-instance-wizard-/, 'create-instance wizard');
  console.log(`  largest ${TOP} chunks:`);
  const width = Math.max(...summary.assets.slice(0, TOP).map((a) => a.file.length));
  for (const asset of summary.assets.slice(0, TOP)) {
    console.log(
      `    ${asset.file.padEnd(width)}  ${kb(asset.raw).padStart(10)}  ${kb(asset.gzip).padStart(10)} gzip`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  dashboardBundle().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
