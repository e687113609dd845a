// Headless Chromium for the dashboard benchmarks: Debian's /usr/bin/chromium (or HEARTH_CHROMIUM)
// with the e2e flags, and a page whose dashboard session (the localStorage keys of
// apps/dashboard/src/lib/session.ts) already holds the benchmark core and the owner's token, so the
// dashboard opens signed in without going through the login screens.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config.ts';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A fresh context (empty HTTP cache) with one page signed in to the core on 127.0.0.1:`port`. */
export async function signedInPage(
  browser: Browser,
  port: number,
  token: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([port, token]) => {
      const address = '127.0.0.1';
      const core = { address, port: Number(port), protocol: 'http', apiVersion: 'v1' };
      localStorage.setItem('cores', JSON.stringify([core]));
      localStorage.setItem('tokens', JSON.stringify({ [`${address}:${port}`]: token }));
      localStorage.setItem('address', address);
      localStorage.setItem('port', port);
      localStorage.setItem('protocol', 'http');
      localStorage.setItem('apiVersion', 'v1');
    },
    [String(port), token] as const,
  );
  return { context, page };
}
