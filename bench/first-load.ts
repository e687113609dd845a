// First load of the built dashboard: every script, module preload and stylesheet that
// apps/dashboard/dist/index.html makes the browser fetch before the first screen, gzipped at
// level 9. Prints bytes per file, the total, and the ratio to our budget and to the reference
// dashboard. Figures only: it fails only when the build or a file it names is missing.
//
//   npm run build && npx tsx bench/first-load.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../apps/dashboard/dist');
/** Our first-load budget, gzip. */
const BUDGET_KB = 200;
/** The reference (Lodestone) dashboard's first load, gzip. */
const LODESTONE_KB = 592;

export interface Asset {
  kind: 'script' | 'modulepreload' | 'stylesheet';
  href: string;
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1]?.toLowerCase();
    if (name) attrs[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** The assets index.html loads up front, in document order. */
export function firstLoadAssets(html: string): Asset[] {
  const assets: Asset[] = [];
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(m[2] ?? '');
    if (m[1]?.toLowerCase() === 'script') {
      if (attrs.src) assets.push({ kind: 'script', href: attrs.src });
      continue;
    }
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (!attrs.href) continue;
    if (rel.includes('modulepreload')) assets.push({ kind: 'modulepreload', href: attrs.href });
    else if (rel.includes('stylesheet')) assets.push({ kind: 'stylesheet', href: attrs.href });
  }
  return assets;
}

const kb = (bytes: number) => bytes / 1024;

export default async function firstLoad(): Promise<void> {
  let html: string;
  try {
    html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  } catch {
    throw new Error(`No build at ${DIST}: run \`npm run build\` first.`);
  }
  const assets = firstLoadAssets(html);
  const rows: { asset: Asset; raw: number; gzip: number }[] = [];
  const missing: string[] = [];
  for (const asset of assets) {
    if (/^(?:[a-z]+:)?\/\//i.test(asset.href)) {
      missing.push(`${asset.href} (not served by the core: external URL)`);
      continue;
    }
    const file = path.join(
      DIST,
      decodeURIComponent(asset.href.split(/[?#]/)[0] ?? '').replace(/^\//, ''),
    );
    try {
      const bytes = await readFile(file);
      rows.push({
        asset,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
      });
    } catch {
      missing.push(asset.href);
    }
  }

  const totalGzip = rows.reduce((sum, r) => sum + r.gzip, 0);
  const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);
  const width = Math.max(4, ...rows.map((r) => r.asset.href.length));
  console.log('dashboard first load (apps/dashboard/dist/index.html), gzip -9');
  console.log(
    `  ${'file'.padEnd(width)}  ${'kind'.padEnd(13)}  ${'bytes'.padStart(9)}  ${'gzip'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.asset.href.padEnd(width)}  ${r.asset.kind.padEnd(13)}  ${String(r.raw).padStart(9)}  ${String(r.gzip).padStart(9)}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(width)}  ${''.padEnd(13)}  ${String(totalRaw).padStart(9)}  ${String(totalGzip).padStart(9)}`,
  );
  const line = (label: string, value: string) => console.log(`  ${label.padEnd(24)}: ${value}`);
  line('total gzip', `${kb(totalGzip).toFixed(1)} KB (${rows.length} files)`);
  line(
    `budget (${BUDGET_KB} KB)`,
    `${((kb(totalGzip) / BUDGET_KB) * 100).toFixed(0)} % of the budget`,
  );
  line(
    `Lodestone (${LODESTONE_KB} KB)`,
    `${(kb(totalGzip) / LODESTONE_KB).toFixed(2)}× the reference first load`,
  );
  if (missing.length > 0) {
    throw new Error(`index.html names files that are not in dist: ${missing.join(', ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  firstLoad().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
