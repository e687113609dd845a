import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HEARTH_ROOT } from '../lib/core-paths.ts';
import {
  docsPage,
  escapeHtml,
  plainText,
  renderMarkdown,
  type Heading,
  type RenderedDoc,
} from './docs-render.ts';

/**
 * The folder that holds README.md and docs/: the repository (or installation) root, found from
 * `apps/core` whether the core runs from its sources or from its bundle in `apps/core/dist`.
 */
export const DEFAULT_DOCS_ROOT = HEARTH_ROOT;

/** A manual's page name: its file in docs/ without `.md`. */
const DOC_NAME = /^([a-z0-9][a-z0-9-]*)\.md$/;
/** The repository README's page (no manual can take it: docs/README.md is the index). */
const README_PAGE = 'readme';
const SITE = 'Hearth documentation';

interface Source {
  /** The page's name: `/docs/<name>`. */
  name: string;
  /** Its path in the repository, which its relative links start from. */
  repoPath: string;
  file: string;
}

export interface DocsList {
  pages: Map<string, Source>;
  /** docs/README.md, the index's own text. */
  index: Source | null;
}

const isRegularFile = (file: string) => {
  try {
    return fs.lstatSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The pages, read once at boot: the README as `readme` and every docs/<name>.md that is a regular
 * file (not a link) with a name of lower-case letters, digits and dashes. A request only ever picks
 * from this list; no part of its URL becomes a path.
 */
export function findDocs(root: string): DocsList {
  const pages = new Map<string, Source>();
  const readme = path.join(root, 'README.md');
  if (isRegularFile(readme))
    pages.set(README_PAGE, { name: README_PAGE, repoPath: 'README.md', file: readme });
  const dir = path.join(root, 'docs');
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    // No docs/ folder: the README alone.
  }
  for (const entry of entries) {
    const name = DOC_NAME.exec(entry.name)?.[1];
    if (name === undefined || name === README_PAGE || !entry.isFile()) continue;
    pages.set(name, { name, repoPath: `docs/${entry.name}`, file: path.join(dir, entry.name) });
  }
  const indexFile = path.join(dir, 'README.md');
  const index = isRegularFile(indexFile)
    ? { name: '', repoPath: 'docs/README.md', file: indexFile }
    : null;
  return { pages, index };
}

/** The URL of the page a repository path is, or null when it is not one. */
function pageOf(list: DocsList, repoPath: string): string | null {
  if (repoPath === 'docs/README.md' || repoPath === 'docs') return '/docs/';
  for (const source of list.pages.values())
    if (source.repoPath === repoPath) return `/docs/${source.name}`;
  return null;
}

/** Headers of every docs page: no scripts, no frames, nothing loaded from anywhere. */
function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    .send(html);
}

const NOT_FOUND = docsPage({
  title: `Not found — ${SITE}`,
  heading: { depth: 1, id: 'not-found', html: 'No such page' },
  contentsLabel: 'Contents',
  contents: [],
  body: '<p>There is no manual by that name. <a href="/docs/">All manuals</a>.</p>\n',
});

/**
 * Hearth's own documentation (the welcome page's "Wiki" and "Download the core" point here):
 * `/docs/` is docs/README.md plus a contents list of every page it does not link (by title),
 * `/docs/<name>` is docs/<name>.md and `/docs/readme` the README, each with a contents list of
 * its headings. A page is rendered on its first visit and
 * kept. Anything else under `/docs/` is a 404 page. Without a README or docs/, nothing is
 * registered.
 */
export function registerDocs(app: FastifyInstance, root: string | null): boolean {
  if (root === null) return false;
  const list = findDocs(root);
  if (list.pages.size === 0 && list.index === null) return false;

  const rendered = new Map<string, Promise<RenderedDoc>>();
  const render = (source: Source) => {
    let doc = rendered.get(source.repoPath);
    if (doc === undefined) {
      doc = fs.promises
        .readFile(source.file, 'utf8')
        .then((markdown) =>
          renderMarkdown(markdown, source.repoPath, (repoPath) => pageOf(list, repoPath)),
        );
      // A failed read is tried again at the next visit.
      doc.catch(() => rendered.delete(source.repoPath));
      rendered.set(source.repoPath, doc);
    }
    return doc;
  };

  const headingOf = (doc: RenderedDoc, fallback: string): Heading =>
    doc.title ?? { depth: 1, id: fallback, html: escapeHtml(fallback) };

  const docPage = async (source: Source) => {
    const doc = await render(source);
    const heading = headingOf(doc, source.name);
    return docsPage({
      title: `${plainText(heading.html)} — ${SITE}`,
      heading,
      contentsLabel: 'Contents',
      contents: doc.headings.map((h) => ({ href: `#${h.id}`, html: h.html, sub: h.depth === 3 })),
      body: doc.body,
    });
  };

  const indexPage = async () => {
    const docs = await Promise.all(
      [...list.pages.values()].map(async (source) => {
        const doc = await render(source);
        return { source, title: plainText(headingOf(doc, source.name).html) };
      }),
    );
    // The README first, then the manuals by title.
    docs.sort((a, b) =>
      a.source.name === README_PAGE
        ? -1
        : b.source.name === README_PAGE
          ? 1
          : a.title.localeCompare(b.title),
    );
    const intro = list.index ? await render(list.index) : null;
    // docs/README.md lists the manuals in its own words; a page it does not link is listed here.
    const unlisted = docs.filter(({ source }) => !intro?.pagesLinked.has(`/docs/${source.name}`));
    return docsPage({
      title: SITE,
      heading: intro?.title ?? { depth: 1, id: 'hearth-documentation', html: SITE },
      contentsLabel: intro ? 'More manuals' : 'Manuals',
      contents: unlisted.map(({ source, title }) => ({
        href: `/docs/${source.name}`,
        html: title,
        note: escapeHtml(source.repoPath),
      })),
      body: intro?.body ?? '',
    });
  };

  app.get('/docs', (_req, reply) => reply.redirect('/docs/'));
  app.get('/docs/', async (_req, reply) => sendPage(reply, await indexPage()));
  app.get<{ Params: { '*': string } }>('/docs/*', async (req, reply) => {
    const name = req.params['*'];
    const source = list.pages.get(name);
    if (source) return sendPage(reply, await docPage(source));
    // A file name as GitHub shows it (`backups.md`, `README.md`) goes to its page.
    const asFile = name === 'README.md' ? README_PAGE : DOC_NAME.exec(name)?.[1];
    if (asFile !== undefined && list.pages.has(asFile)) return reply.redirect(`/docs/${asFile}`);
    return sendPage(reply, NOT_FOUND, 404);
  });
  return true;
}
