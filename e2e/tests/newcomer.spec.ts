import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { OWNER, apiCall, freePort, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 15: a newcomer's first hour in Chromium against a real core — Hearth's own docs from the
// welcome page, flying-squid offered as a game in the wizard and opened once created, home as a
// grid of cards with start/stop, a 4,000-byte file path in the Files tab (open, save, delete), the
// size column at the default 200 px, sign-out without unauthenticated calls, and the Core
// Connection Error buttons once the core is gone.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let context: BrowserContext;
let page: Page;
let token: string;
let uuid: string;
const SQUID = 'First Squid';

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  context = await browser.newContext();
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await core?.stop();
});

/** `count` folders of 250 bytes, then a file name, `bytes` bytes in all. */
function longPath(bytes: number): { dir: string; name: string; path: string } {
  const parts: string[] = [];
  let used = 0;
  for (let i = 0; bytes - used > 260; i++) {
    parts.push(`${String(i).padStart(2, '0')}-${'d'.repeat(247)}`);
    used += 251;
  }
  const name = `${'f'.repeat(bytes - used - 6)}.json5`;
  const dir = parts.join('/');
  return { dir, name, path: `${dir}/${name}` };
}

test('welcome page points at Hearth docs served by the core', async () => {
  await page.goto(core.url);
  await expect(page.getByRole('dialog', { name: 'New Local Core Detected' })).toBeVisible();
  const wiki = page.getByRole('link', { name: 'Wiki', includeHidden: true });
  await expect(wiki).toHaveAttribute('href', '/docs/');
  await expect(
    page.getByRole('link', { name: 'Download the core', includeHidden: true }),
  ).toHaveAttribute('href', '/docs/readme#run-it');
  const docs = await context.newPage();
  await docs.goto(`${core.url}/docs/readme#run-it`);
  await expect(docs.getByRole('heading', { name: 'Run it' })).toBeVisible();
  await expect(docs.getByRole('heading', { name: 'Create a flying-squid server' })).toBeVisible();
  await docs.close();
});

test('flying-squid from the wizard opens once created; home shows it as a card', async () => {
  token = await setupOwnerThroughUi(page, core);
  const port = await freePort();

  await page.getByRole('button', { name: 'Create a new instance' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create a new instance' });
  await wizard.getByRole('button', { name: 'Close' }).click();
  await expect(wizard).toBeHidden();
  await page.getByRole('button', { name: 'Create a new instance' }).click();
  await expect(wizard.getByRole('radio', { name: /Docker Instance/ })).toBeVisible();
  await wizard.getByRole('radio', { name: /Minecraft \(flying-squid\)/ }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Name').fill(SQUID);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Port').fill(String(port), { timeout: 90_000 });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Create Instance' }).click();
  await expect(wizard).toBeHidden({ timeout: 60_000 });

  await expect(page).toHaveURL(/\/dashboard\/overview\?.*instance=/, { timeout: 90_000 });
  uuid = new URL(page.url()).searchParams.get('instance') ?? '';
  await expect(
    page.getByRole('button', { name: new RegExp(`Instance name: ${SQUID}`) }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Hearth home' }).click();
  const card = page.getByRole('article', { name: SQUID });
  await expect(card.getByText('Stopped')).toBeVisible();
  await expect(card.getByRole('button', { name: `Copy 127.0.0.1:${port}` })).toBeVisible();
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(card.getByText('Running')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByLabel('CPU')).toHaveText(/^\d+\.\d %$/, { timeout: 30_000 });
  await expect(card.getByLabel('Memory')).toHaveText(/^(\d+ MiB|\d+\.\d\d GiB)$/);
  await page.screenshot({ path: 'test-results/newcomer-home.png' });
  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(card.getByText('Stopped')).toBeVisible({ timeout: 60_000 });
});

test('a 4,000-byte path opens, saves and deletes in the Files tab', async () => {
  const target = longPath(4000);
  expect(Buffer.byteLength(target.path)).toBe(4000);
  await apiCall(core, token, 'PUT', apiPaths.fsMkdir(uuid, target.dir));
  const write = await fetch(`${core.url}/api/v1${apiPaths.fsWrite(uuid, target.path)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: '{ a: 1 }',
  });
  expect(write.status).toBe(200);

  await page.goto(
    `${core.url}/dashboard/files?instance=${uuid}&path=${encodeURIComponent(target.dir)}`,
  );
  const grid = page.getByRole('grid', { name: 'Files' });
  const row = grid.getByRole('button', { name: target.name, exact: true });
  await expect(row).toBeVisible();
  await row.click();
  const content = page.getByRole('textbox', { name: `Contents of ${target.name}` });
  await expect(content).toHaveText('{ a: 1 }');
  await content.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' // saved from the Files tab');
  await page.keyboard.press('Control+s');
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `Saved ${target.name}` }),
  ).toBeVisible();
  const read = await fetch(`${core.url}/api/v1${apiPaths.fsRead(uuid, target.path)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await read.text()).toBe('{ a: 1 } // saved from the Files tab');

  await grid.getByRole('checkbox', { name: `Select ${target.name}` }).check();
  await page.getByRole('button', { name: 'Add/Remove' }).click();
  await page.getByRole('menuitem', { name: 'Delete selected', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete file(s)' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No files here...')).toBeVisible();
  expect(await apiCall<unknown[]>(core, token, 'GET', apiPaths.fsLs(uuid, target.dir))).toEqual([]);
});

test('at the default 200 px the size is never cut; Hearth files are hidden', async () => {
  const name = 'a-rather-long-file-name-for-the-list.txt';
  await fetch(`${core.url}/api/v1${apiPaths.fsWrite(uuid, name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: 'x'.repeat(1_048_000),
  });
  // A long time text next to a long size: "59 minutes ago · 1023.4 KB".
  const [info] = await apiCall<{ uuid: string; path: string }[]>(
    core,
    token,
    'GET',
    '/instance/list',
  );
  const hourAgo = new Date(Date.now() - 59 * 60_000);
  await fs.utimes(path.join(info!.path, name), hourAgo, hourAgo);

  await page.goto(`${core.url}/dashboard/files?instance=${uuid}`);
  const grid = page.getByRole('grid', { name: 'Files' });
  const row = grid.getByRole('row').filter({ hasText: name });
  const size = row.getByText('1023.4 KB', { exact: true });
  await expect(size).toBeVisible();
  await expect(row.getByText('59 minutes ago')).toBeVisible();
  // The size's line must not overflow its box (an overflowing line is what cut "1.2 KB").
  const fit = await size.evaluate((el) => {
    const line = el.parentElement!;
    return {
      overflow: line.scrollWidth - line.clientWidth,
      inside: el.getBoundingClientRect().right <= line.getBoundingClientRect().right + 0.5,
    };
  });
  expect(fit).toEqual({ overflow: 0, inside: true });
  const pane = await grid.evaluate((el) => el.getBoundingClientRect().width);
  expect(pane).toBeLessThanOrEqual(200);
  await expect(page.getByText(/Hearth files? hidden/)).toBeVisible();
  await expect(grid.getByRole('button', { name: '.lodestone_config', exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/newcomer-files.png' });
});

test('signing out calls nothing that needs a token', async () => {
  await page.goto(core.url);
  const unauthorized: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 401) unauthorized.push(res.url());
  });
  await page
    .getByRole('button', { name: new RegExp(OWNER.username) })
    .last()
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Log in to view your server instances')).toBeVisible();
  await page.waitForTimeout(500);
  expect(unauthorized).toEqual([]);
  await expect(page.getByText(/Unauthorized/)).toHaveCount(0);
});

test('Core Connection Error stacks its two buttons once the core is gone', async () => {
  await page.goto(`${core.url}/login/user`);
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('article', { name: SQUID })).toBeVisible();
  await core.stop();
  const dialog = page.getByRole('dialog', { name: 'Core Connection Error' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const back = await dialog.getByRole('button', { name: 'Back to Core selection' }).boundingBox();
  const keep = await dialog
    .getByRole('button', { name: 'Continue with current Core' })
    .boundingBox();
  if (!back || !keep) throw new Error('buttons not laid out');
  // One per line, full width, the same height: nothing wraps unevenly.
  expect(keep.y).toBeLessThan(back.y);
  expect(keep.width).toBe(back.width);
  expect(keep.height).toBe(back.height);
  expect(keep.x).toBe(back.x);
});
