// Issue 24 #4: the manuals in docs/*.md and the README are served at /docs/ — an index of every
// doc by title, each doc a page with a contents list, links between them working — and nothing
// but those files: unknown names and path tricks are a 404 page, never the dashboard or a file.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_OPTIONS, CONFIG_SWITCHES, ConfigError, parseConfig } from '../src/config.ts';
import { HEARTH_ROOT } from '../src/lib/core-paths.ts';
import { headingSlug, rewriteHref } from '../src/http/docs-render.ts';
import { startTestCore, type TestCore } from './helpers.ts';

let t: TestCore;
let fixture: TestCore;
let dist: string;
let fixtureRoot: string;

/** The repository's own pages: name → file. */
const pages = new Map<string, string>();

beforeAll(async () => {
  pages.set('readme', path.join(HEARTH_ROOT, 'README.md'));
  for (const name of await fs.readdir(path.join(HEARTH_ROOT, 'docs')))
    if (name.endsWith('.md') && name !== 'README.md')
      pages.set(name.slice(0, -3), path.join(HEARTH_ROOT, 'docs', name));

  // A dashboard, so a path the docs do not answer would fall through to its index.html (200).
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await startTestCore({ dashboardDir: dist });

  fixtureRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-docs-'));
  await fs.mkdir(path.join(fixtureRoot, 'docs', 'sub'), { recursive: true });
  await fs.writeFile(
    path.join(fixtureRoot, 'README.md'),
    [
      '# Fixture *home*',
      '',
      '<script>alert(1)</script>',
      '',
      'Inline <img src=x onerror=alert(1)> html, [a script](javascript:alert(1)),',
      '[data](data:text/html,hi), ![a picture](https://example.com/x.png), [out](../outside.md),',
      '[source](apps/core/src/app.ts), [good](docs/good.md#part-two), [web](https://example.com/a).',
      '',
      '## Part',
      '',
      '## Part',
      '',
      '### Detail `code`',
    ].join('\n'),
  );
  await fs.writeFile(
    path.join(fixtureRoot, 'docs', 'good.md'),
    '# Good\n\n## Part two\n\nBack to [the README](../README.md#part-1).\n',
  );
  // The index names one page; the core lists the other.
  await fs.writeFile(
    path.join(fixtureRoot, 'docs', 'README.md'),
    '# Fixture docs\n\n- [Good](good.md)\n',
  );
  await fs.writeFile(path.join(fixtureRoot, 'docs', 'Bad Name.md'), '# Bad\n');
  await fs.writeFile(path.join(fixtureRoot, 'docs', 'sub', 'deep.md'), '# Deep\n');
  await fs.writeFile(path.join(fixtureRoot, 'secret.md'), '# Secret outside docs\n');
  await fs.symlink(path.join(fixtureRoot, 'secret.md'), path.join(fixtureRoot, 'docs', 'link.md'));
  fixture = await startTestCore({ docsRoot: fixtureRoot });
});

afterAll(async () => {
  await t?.close();
  await fixture?.close();
  for (const dir of [t?.dataDir, fixture?.dataDir, dist, fixtureRoot])
    if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** GET with the path sent exactly as written (fetch and URL would resolve `..` first). */
function rawGet(origin: string, rawPath: string) {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject)
        .end();
    },
  );
}

async function page(origin: string, route: string) {
  const res = await fetch(`${origin}${route}`, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const titleOf = async (file: string) =>
  /^# (.+)$/m.exec(await fs.readFile(file, 'utf8'))?.[1] ?? '';

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe('/docs/ (the repository docs)', () => {
  it('lists every doc by its title, and the README', async () => {
    const res = await page(t.origin, '/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.html).toContain('<title>Hearth documentation</title>');
    expect(pages.size).toBeGreaterThan(9);
    for (const [name, file] of pages) {
      expect(res.html).toContain(`<a href="/docs/${name}">`);
      if (name !== 'readme')
        expect(res.html).toContain(`<a href="/docs/${name}">${await titleOf(file)}</a>`);
    }
  });

  it('renders each doc with a contents list of its headings', async () => {
    for (const [name, file] of pages) {
      const res = await page(t.origin, `/docs/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const title = await titleOf(file);
      expect(res.html).toContain(`<title>${title} — Hearth documentation</title>`);
      expect(res.html).toMatch(new RegExp(`<h1 id="[^"]+">${title}</h1>`));
      const markdown = await fs.readFile(file, 'utf8');
      const headings = [...markdown.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!);
      const contents = /<nav class="contents" aria-label="Contents">([\s\S]*?)<\/nav>/.exec(
        res.html,
      )?.[1];
      if (headings.length === 0) expect(contents, name).toBeUndefined();
      for (const heading of headings) {
        const id = headingSlug(heading);
        expect(contents, `${name}: ${heading}`).toContain(`href="#${id}"`);
        expect(res.html).toContain(`id="${id}"`);
      }
    }
  });

  it('resolves every link between the pages, anchors included', async () => {
    const rendered = new Map<string, string>();
    const load = async (route: string) => {
      if (!rendered.has(route)) {
        const res = await page(t.origin, route);
        expect(res.status, route).toBe(200);
        rendered.set(route, res.html);
      }
      return rendered.get(route)!;
    };
    const routes = ['/docs/', ...[...pages.keys()].map((name) => `/docs/${name}`)];
    let followed = 0;
    for (const route of routes) {
      for (const href of hrefs(await load(route))) {
        if (/^(https?:|mailto:)/.test(href) || href === '/') continue;
        const [target = '', fragment] = href.split('#');
        expect(target === '' || target.startsWith('/docs/'), `${route} → ${href}`).toBe(true);
        const html = target === '' ? await load(route) : await load(target);
        if (fragment) expect(html, `${route} → ${href}`).toContain(`id="${fragment}"`);
        followed++;
      }
    }
    expect(followed).toBeGreaterThan(30);
    // The README's Manuals list and the docs' links to each other and back.
    expect(hrefs(await load('/docs/readme'))).toContain('/docs/compatibility');
    expect(hrefs(await load('/docs/compatibility'))).toContain('/docs/security');
    expect(hrefs(await load('/docs/compatibility'))).toContain('/docs/readme#configuration');
  });

  it("keeps the README's Run it, where the dashboard's Download the core link points", async () => {
    const res = await page(t.origin, '/docs/readme');
    expect(res.html).toContain('<h2 id="run-it">Run it</h2>');
    expect(res.html).toContain('<h3 id="create-a-flying-squid-server">');
  });

  it('redirects /docs to /docs/ and a file name to its page', async () => {
    const cases = [
      ['/docs', '/docs/'],
      ['/docs/backups.md', '/docs/backups'],
      ['/docs/README.md', '/docs/readme'],
    ] as const;
    for (const [from, to] of cases) {
      const res = await page(t.origin, from);
      expect(res.status, from).toBe(302);
      expect(res.headers.get('location')).toBe(to);
    }
  });

  it('answers an unknown name or any path trick with the 404 page, not the dashboard', async () => {
    const tricks = [
      '/docs/nope',
      '/docs/nope.md',
      '/docs/Backups',
      '/docs/backups/',
      '/docs/backups/x',
      '/docs/../package.json',
      '/docs/..%2Fpackage.json',
      '/docs/%2e%2e%2fREADME.md',
      '/docs/%2e%2e/%2e%2e/etc/passwd',
      '/docs/..%2F..%2F..%2Fetc%2Fpasswd',
      '/docs/%2Fetc%2Fpasswd',
      '/docs/docs%2Fbackups.md',
      '/docs/backups.md%00',
      '/docs/__proto__',
      '/docs/constructor',
    ];
    for (const trick of tricks) {
      const res = await rawGet(t.origin, trick);
      expect(res.status, trick).toBe(404);
      expect(res.headers['content-type'], trick).toContain('text/html');
      expect(res.body, trick).toContain('No such page');
      expect(res.body, trick).not.toContain('id="root"');
      expect(res.body, trick).not.toContain('workspaces');
      expect(res.body, trick).not.toContain('root:');
    }
  });
});

describe('/docs/ (what it will not render)', () => {
  it('serves only regular docs/<name>.md files, never a link, a sub-folder or a bad name', async () => {
    const index = await page(fixture.origin, '/docs/');
    expect(index.html).toContain('<h1 id="fixture-docs">Fixture docs</h1>');
    expect(index.html).toMatch(
      /<nav class="contents" aria-label="More manuals">[^]*<a href="\/docs\/readme">Fixture home<\/a>[^]*<\/nav>/,
    );
    expect(hrefs(index.html).filter((h) => h.startsWith('/docs/') && h !== '/docs/')).toEqual([
      '/docs/readme',
      '/docs/good',
    ]);
    for (const route of ['/docs/link', '/docs/sub', '/docs/sub/deep', '/docs/Bad%20Name']) {
      const res = await page(fixture.origin, route);
      expect(res.status, route).toBe(404);
      expect(res.html).not.toContain('Secret outside docs');
    }
  });

  it('shows HTML as text and keeps only safe links', async () => {
    const res = await page(fixture.origin, '/docs/readme');
    expect(res.status).toBe(200);
    expect(res.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.html).toContain('<title>Fixture home — Hearth documentation</title>');
    expect(res.html).not.toMatch(/<script|<img|javascript:|data:text/);
    expect(hrefs(res.html)).toEqual([
      '/docs/',
      '/',
      '#part',
      '#part-1',
      '#detail-code',
      '/docs/good#part-two',
      'https://example.com/a',
    ]);
    // Links with nowhere to go keep their text.
    for (const text of ['a script', 'data', 'a picture', 'out', 'source'])
      expect(res.html).toContain(text);
    expect(res.html).toContain('<h2 id="part-1">Part</h2>');
    const good = await page(fixture.origin, '/docs/good');
    expect(hrefs(good.html)).toContain('/docs/readme#part-1');
  });
});

describe('the README and the docs stay true', () => {
  const files = async () => [
    path.join(HEARTH_ROOT, 'README.md'),
    ...(await fs.readdir(path.join(HEARTH_ROOT, 'docs')))
      .filter((name) => name.endsWith('.md'))
      .map((name) => path.join(HEARTH_ROOT, 'docs', name)),
  ];

  it("names in the Configuration table exactly the core's options, each read from HEARTH_*", async () => {
    const readme = await fs.readFile(path.join(HEARTH_ROOT, 'README.md'), 'utf8');
    const table = readme.split('## Configuration')[1]!.split('\n## ')[0]!;
    const documented = [...table.matchAll(/^\| `--([a-z-]+)/gm)].map((m) => m[1]);
    expect(documented.toSorted()).toEqual([...CONFIG_OPTIONS].toSorted());
    const parse = (argv: string[], env: Record<string, string>) => {
      try {
        return parseConfig(argv, env, '/tmp');
      } catch (err) {
        return err instanceof ConfigError ? err.message : err;
      }
    };
    for (const option of CONFIG_OPTIONS) {
      const env = `HEARTH_${option.toUpperCase().replaceAll('-', '_')}`;
      // A switch (`--strict`) takes no value on the command line; its variable is `1`.
      const argv = CONFIG_SWITCHES.has(option) ? [`--${option}`] : [`--${option}`, '1'];
      expect(parse([], { [env]: '1' }), env).toEqual(parse(argv, {}));
    }
  });

  it('names only npm scripts and repository paths that exist', async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(HEARTH_ROOT, 'package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    for (const file of await files()) {
      const text = await fs.readFile(file, 'utf8');
      const where = path.relative(HEARTH_ROOT, file);
      const codeSpans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
      for (const span of codeSpans)
        for (const [, script] of span.matchAll(/npm (?:run )?([a-z][a-z:-]*)/g))
          if (script !== 'install' && script !== 'ci' && script !== 'run')
            expect(Object.keys(manifest.scripts), `${where}: ${span}`).toContain(script);
      const spans = codeSpans.flatMap((span) => span.split(/\s+/));
      const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((href) => !/^[a-z]+:/.test(href))
        .map((href) => path.relative(HEARTH_ROOT, path.resolve(path.dirname(file), href)));
      for (const name of [...spans, ...links]) {
        if (!/^(apps|packages|bench|e2e|scripts|docs|\.ci)\//.test(name)) continue;
        // Build output and placeholders are not in a checkout.
        if (/[*<]|\/dist\b|test-results/.test(name)) continue;
        await expect(
          fs.access(path.join(HEARTH_ROOT, name)),
          `${where}: ${name}`,
        ).resolves.toBeUndefined();
      }
    }
  });
});

describe('rewriteHref', () => {
  const pageOf = (repoPath: string) =>
    ({ 'README.md': '/docs/readme', 'docs/a.md': '/docs/a' })[repoPath] ?? null;

  it('sends doc links to their pages and drops what is not a page', () => {
    expect(rewriteHref('a.md#x', 'docs/b.md', pageOf)).toBe('/docs/a#x');
    expect(rewriteHref('../README.md', 'docs/b.md', pageOf)).toBe('/docs/readme');
    expect(rewriteHref('docs/a.md', 'README.md', pageOf)).toBe('/docs/a');
    expect(rewriteHref('docs/./x/../a.md', 'README.md', pageOf)).toBe('/docs/a');
    expect(rewriteHref('#here', 'README.md', pageOf)).toBe('#here');
    expect(rewriteHref('https://x.test/p', 'README.md', pageOf)).toBe('https://x.test/p');
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'vbscript:x',
      'data:text/html,x',
      '//evil.test/a',
      '/etc/passwd',
      '../../etc/passwd',
      'apps/core/src/app.ts',
      '%E0%A4%A',
    ])
      expect(rewriteHref(href, 'README.md', pageOf), href).toBeNull();
  });

  it('slugs headings like GitHub', () => {
    expect(headingSlug('Compatibility with Lodestone core 0.5')).toBe(
      'compatibility-with-lodestone-core-05',
    );
    expect(headingSlug('Create a flying-squid server')).toBe('create-a-flying-squid-server');
  });
});
