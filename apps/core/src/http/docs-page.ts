import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Tokens } from 'marked';
import { HEARTH_VERSION } from '@hearth/protocol';
import { HEARTH_ROOT } from '../lib/core-paths.ts';

/** The repository README (apps/core/src/http → the repository root). */
export const DEFAULT_DOCS_FILE = path.join(HEARTH_ROOT, 'README.md');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
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
.top { display:flex; justify-content:space-between; color:var(--muted); font-size:13px; }
`;

/**
 * The README as one HTML page (the README is ours, so its inline HTML is kept as written). The
 * Markdown library loads on the first visit, not at every start (its set-up shows in a start's
 * profile, issue 16).
 */
export async function renderDocs(markdown: string): Promise<string> {
  const { Marked } = await import('marked');
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token) {
        const html = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${headingSlug(token.text)}">${html}</h${token.depth}>\n`;
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth documentation</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="top"><a href="/">Open the dashboard</a><span>Hearth ${HEARTH_VERSION}</span></p>
${body}
</main>
</body>
</html>
`;
}

/**
 * Hearth's own documentation at `/docs/` (the welcome page's "Wiki" and "Download the core" point
 * here): the README rendered once, on the first visit. Without the file, nothing is registered.
 */
export function registerDocs(app: FastifyInstance, file: string | null): boolean {
  if (file === null || !fs.existsSync(file)) return false;
  let page: string | null = null;
  const serve = async (_req: unknown, reply: FastifyReply) => {
    page ??= await renderDocs(await fs.promises.readFile(file, 'utf8'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  };
  app.get('/docs', (_req, reply) => reply.redirect('/docs/'));
  app.get('/docs/', serve);
  return true;
}
