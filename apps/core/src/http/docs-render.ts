import path from 'node:path';
import { HEARTH_VERSION } from '@hearth/protocol';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Text for HTML: also safe inside a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Plain text of inline HTML that Marked made: its tags dropped. Raw HTML in the Markdown is
 * escaped (see renderMarkdown), so every tag left is Marked's and what remains is escaped text.
 */
export const plainText = (html: string) => html.replace(/<[^>]*>/g, '');

/**
 * Where a relative link of a Markdown file points once rendered: given the repository path it
 * resolves to (`docs/backups.md`), the page's URL, or null when that file is not a served page.
 */
export type PageOf = (repoPath: string) => string | null;

/**
 * The `href` a link in the file at `from` (a repository path such as `docs/security.md`) gets,
 * or null for no link at all: web and mail addresses and in-page anchors stay as written, a
 * relative link to another served page goes to that page (anchor kept), and anything else — a
 * source file, another scheme, a path that climbs out of the repository — is shown as its text.
 */
export function rewriteHref(href: string, from: string, pageOf: PageOf): string | null {
  if (href.startsWith('#')) return href;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme !== undefined) return ['http', 'https', 'mailto'].includes(scheme) ? href : null;
  if (href.startsWith('/') || href.startsWith('\\')) return null;
  const hash = href.indexOf('#');
  const file = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? '' : href.slice(hash);
  let decoded: string;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    return null;
  }
  const target = path.posix
    .normalize(path.posix.join(path.posix.dirname(from), decoded))
    .replace(/\/$/, '');
  if (target.startsWith('../') || target === '..') return null;
  const page = pageOf(target);
  return page === null ? null : page + fragment;
}

export interface Heading {
  depth: number;
  /** Its anchor (unique in the page). */
  id: string;
  /** Its inline HTML (already escaped); plain text in a contents list. */
  html: string;
}

export interface RenderedDoc {
  /** The first level-one heading (taken out of the body: the page puts it above its contents). */
  title: Heading | null;
  /** Levels two and three, in order: the page's contents list. */
  headings: Heading[];
  /** The served pages it links to (their URLs, without anchors). */
  pagesLinked: Set<string>;
  body: string;
}

/**
 * One Markdown file as HTML. The docs are ours, but the page is built as if they were not:
 * inline and block HTML is shown as text, links go only to web addresses, anchors and served
 * pages, and images are shown as their alt text (a page loads nothing from elsewhere). The
 * Markdown library loads on the first visit, not at every start (its set-up shows in a start's
 * profile, issue 16).
 */
export async function renderMarkdown(
  markdown: string,
  from: string,
  pageOf: PageOf,
): Promise<RenderedDoc> {
  const { Marked } = await import('marked');
  const headings: Heading[] = [];
  const pagesLinked = new Set<string>();
  const seen = new Map<string, number>();
  let title: Heading | null = null;
  const uniqueSlug = (text: string) => {
    const base = headingSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token) {
        const html = this.parser.parseInline(token.tokens);
        const id = uniqueSlug(token.text);
        if (token.depth === 1 && title === null) {
          title = { depth: 1, id, html };
          return '';
        }
        if (token.depth === 2 || token.depth === 3)
          headings.push({ depth: token.depth, id, html: plainText(html) });
        return `<h${token.depth} id="${id}">${html}</h${token.depth}>\n`;
      },
      html(token) {
        return escapeHtml(token.text);
      },
      link(token) {
        const html = this.parser.parseInline(token.tokens);
        const href = rewriteHref(token.href, from, pageOf);
        if (href === null) return html;
        if (href.startsWith('/docs/')) pagesLinked.add(href.split('#')[0]!);
        const titleAttr = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        return `<a href="${escapeHtml(href)}"${titleAttr}>${html}</a>`;
      },
      image(token) {
        return escapeHtml(token.text);
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  return { title, headings, pagesLinked, body };
}

const STYLE = `
:root { color-scheme: dark; --bg:#0f1115; --fg:#e6e8eb; --muted:#9aa3ad; --line:#262a31; --accent:#f59e42; }
body { margin:0; background:var(--bg); color:var(--fg); font:15px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif; }
main { max-width: 860px; margin: 0 auto; padding: 32px 24px 64px; }
a { color: var(--accent); }
h1,h2,h3 { line-height:1.25; } h2 { border-bottom:1px solid var(--line); padding-bottom:.3em; margin-top:2em; }
code { font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace; background:#1a1d23; padding:.1em .35em; border-radius:4px; }
pre { background:#1a1d23; border:1px solid var(--line); border-radius:8px; padding:12px 16px; overflow:auto; }
pre code { background:none; padding:0; }
table { border-collapse: collapse; display:block; overflow:auto; font-size:13px; }
th,td { border:1px solid var(--line); padding:6px 10px; text-align:left; vertical-align:top; }
.top { display:flex; gap:16px; color:var(--muted); font-size:13px; } .top span { margin-left:auto; }
.contents { border:1px solid var(--line); border-radius:8px; padding:12px 16px; margin:24px 0; font-size:14px; }
.contents ul { margin:.4em 0 0; padding-left:1.2em; } .contents .sub { margin-left:1.2em; }
.contents .file { color:var(--muted); font-size:12px; margin-left:.5em; }
`;

export interface ContentsItem {
  href: string;
  /** Already escaped. */
  html: string;
  /** A line under it (already escaped), e.g. the file a manual comes from. */
  note?: string;
  sub?: boolean;
}

/** A documentation page: the bar, its heading, its contents list (when it has one), its body. */
export function docsPage(page: {
  /** The document's title (escaped), for the window. */
  title: string;
  heading: Heading;
  contentsLabel: string;
  contents: ContentsItem[];
  body: string;
}): string {
  const items = page.contents
    .map(
      (c) =>
        `<li${c.sub ? ' class="sub"' : ''}><a href="${escapeHtml(c.href)}">${c.html}</a>` +
        `${c.note ? `<span class="file">${c.note}</span>` : ''}</li>`,
    )
    .join('\n');
  const contents =
    page.contents.length === 0
      ? ''
      : `<nav class="contents" aria-label="${escapeHtml(page.contentsLabel)}">` +
        `<strong>${escapeHtml(page.contentsLabel)}</strong>\n<ul>\n${items}\n</ul></nav>\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="top"><a href="/docs/">All manuals</a><a href="/">Open the dashboard</a><span>Hearth ${escapeHtml(HEARTH_VERSION)}</span></p>
<h1 id="${page.heading.id}">${page.heading.html}</h1>
${contents}${page.body}
</main>
</body>
</html>
`;
}
