// First-load weight, like for like: gzip -9 of the scripts and stylesheets an index.html loads
// (its module script, the modules it preloads, its stylesheets), read from the built files. The
// same function weighs the dashboard and a bare React 19 `createRoot` app that this module builds
// in a temp folder with the dashboard's Vite basics (Vite, @vitejs/plugin-react, target es2022),
// so the ratio between them compares two builds of the same run.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../..');
/** The build the core serves: HEARTH_DASHBOARD_DIR when set (the core reads it too), else the repo's. */
export const DASHBOARD_DIST =
  process.env.HEARTH_DASHBOARD_DIR ?? path.join(REPO, 'apps/dashboard/dist');

export interface AssetWeight {
  /** As the page names it, e.g. `/assets/index-abc.js`. */
  url: string;
  gzip: number;
}

export const gzip9 = (bytes: Uint8Array) =>
  gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;

export const sumGzip = (assets: readonly AssetWeight[]) => assets.reduce((n, a) => n + a.gzip, 0);

/** The script and stylesheet URLs an index.html loads by itself (not what its code imports later). */
export function htmlAssets(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script')) {
      const src = attr('src');
      if (src) urls.push(src);
    } else if (['stylesheet', 'modulepreload'].includes(attr('rel') ?? '')) {
      const href = attr('href');
      if (href) urls.push(href);
    }
  }
  return urls;
}

/** gzip -9 of each of `urls` (site paths), read from the build in `dist`. */
export async function weigh(dist: string, urls: readonly string[]): Promise<AssetWeight[]> {
  return Promise.all(
    urls.map(async (url) => ({
      url,
      gzip: gzip9(await readFile(path.join(dist, new URL(url, 'http://x').pathname))),
    })),
  );
}

/** What the built index.html in `dist` loads, weighed. */
export async function weighHtml(dist: string): Promise<AssetWeight[]> {
  return weigh(dist, htmlAssets(await readFile(path.join(dist, 'index.html'), 'utf8')));
}

const BARE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Hello</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`;

const BARE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Hello, world</h1>
  </StrictMode>,
);
`;

/**
 * Builds a bare React 19 hello world (createRoot) in a temp folder, with the repo's React, Vite and
 * plugin, and weighs what its index.html loads. The folder is removed afterwards.
 */
export async function weighBareReact(): Promise<AssetWeight[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bare-react-'));
  try {
    await writeFile(path.join(dir, 'index.html'), BARE_HTML);
    await writeFile(path.join(dir, 'main.tsx'), BARE_MAIN);
    // The app resolves react and react-dom the way the dashboard does: from the repo's packages.
    await symlink(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const dist = path.join(dir, 'dist');
    await mkdir(dist);
    const { build } = await import('vite');
    const { default: react } = await import('@vitejs/plugin-react');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: dist, emptyOutDir: true, target: 'es2022', sourcemap: false },
    });
    return await weighHtml(dist);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
