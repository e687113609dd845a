import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { freePort, setupOwnerThroughUi, signedInContext } from '../support/flows.ts';
import { expectFocused, focusInfo, tabTo } from '../support/keyboard.ts';

// Issue 17: the dashboard by keyboard alone, against a real core and a sandboxed flying-squid
// server. No click, no tap: Tab, Shift+Tab, Enter, Space, Escape, the arrow keys and typing. Every
// element Tab stops on must show its focus ring (support/keyboard.ts checks each one).

const SQUID = 'Keyed Squid';
const NOTE = 'keys.txt';

let core: RunningCore;
let token = '';
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  const setup = await browser.newPage();
  token = await setupOwnerThroughUi(setup, core);
  await setup.close();
  context = await signedInContext(browser, core, token, { viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await core?.stop();
});

const wizard = () => page.getByRole('dialog', { name: 'Create a new instance' });
const nav = () => page.getByRole('complementary', { name: 'Instance navigation' });
const tabs = () => page.getByRole('navigation', { name: 'Instance tabs' });

test('keyboard only: create through the wizard, cancel another, open, start, command, edit and save a file', async () => {
  test.setTimeout(300_000);
  await page.goto(core.url);
  const create = page.getByRole('button', { name: 'Create a new instance' });
  await expect(create).toBeEnabled();

  await test.step('the wizard: games are a radio group, first focused, chosen with the arrows', async () => {
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    await expect(wizard()).toBeVisible();
    await expectFocused(wizard().getByRole('radio').first());
    const squid = wizard().getByRole('radio', { name: /flying-squid/ });
    for (let i = 0; i < 12 && !(await squid.isChecked()); i++)
      await page.keyboard.press('ArrowDown');
    await expect(squid).toBeChecked();
    await expectFocused(squid);
    // One Tab stop for the whole group: the next stop is past it.
    await page.keyboard.press('Tab');
    expect((await focusInfo(page)).what).not.toContain('radio');
  });

  await test.step('name, port, auto settings, Create Instance', async () => {
    await tabTo(page, wizard().getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectFocused(wizard().getByLabel('Name'));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(SQUID);
    await page.keyboard.press('Enter');
    const port = wizard().getByLabel('Port');
    await expect(port).toBeVisible({ timeout: 90_000 });
    await tabTo(page, port);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(String(await freePort()));
    await page.keyboard.press('Enter');
    await expect(wizard().getByRole('heading', { name: 'Auto Settings' })).toBeVisible();
    await tabTo(page, wizard().getByRole('button', { name: 'Create Instance' }));
    await page.keyboard.press('Enter');
    await expect(wizard()).toBeHidden({ timeout: 60_000 });
    // The wizard opens what it created once the install has ended.
    await expect(page).toHaveURL(/\/dashboard\/overview\?.*instance=/, { timeout: 90_000 });
  });

  await test.step('another wizard, cancelled with Escape: focus returns to its button', async () => {
    const newInstance = nav().getByRole('button', { name: 'New instance...' });
    await tabTo(page, newInstance, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(wizard()).toBeVisible();
    await expectFocused(wizard().getByRole('radio').first());
    await page.keyboard.press('Escape');
    await expect(wizard()).toBeHidden();
    await expectFocused(newInstance);
  });

  const uuid = new URL(page.url()).searchParams.get('instance') ?? '';
  const write = await fetch(`${core.url}/api/v1${apiPaths.fsWrite(uuid, NOTE)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: 'typed',
  });
  expect(write.status).toBe(200);

  await test.step('open the instance from home, and start it', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Hearth home' }), { backwards: true });
    await page.keyboard.press('Enter');
    const card = page.getByRole('article', { name: SQUID });
    await tabTo(page, card.getByRole('button', { name: SQUID, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/overview\?/);
    await tabTo(page, nav().getByRole('button', { name: 'Start' }));
    await page.keyboard.press('Enter');
    await expect(nav().getByRole('status', { name: 'Instance state' })).toHaveText('Running', {
      timeout: 90_000,
    });
  });

  await test.step('console: the command box shows focus and sends', async () => {
    await tabTo(page, tabs().getByRole('button', { name: 'Console' }));
    await page.keyboard.press('Enter');
    const box = page.getByRole('textbox', { name: 'Console command' });
    await expect(box).toBeEnabled();
    await tabTo(page, page.getByRole('searchbox', { name: 'Search console' }));
    await tabTo(page, box);
    await page.keyboard.type('say typed on a keyboard');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log', { name: 'Console output' })).toContainText(
      '[Server] typed on a keyboard',
    );
  });

  await test.step('files: one Tab stop per row, Space selects, Enter opens, Ctrl+S saves', async () => {
    await tabTo(page, tabs().getByRole('button', { name: 'Files' }));
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid', { name: 'Files' });
    const row = grid.getByRole('button', { name: NOTE, exact: true });
    await expect(row).toBeVisible();
    const first = grid.locator('[data-row-button]').first();
    await tabTo(page, first);
    // From one row's name the next Tab goes to the next row's name, never to a checkbox.
    await page.keyboard.press('Tab');
    await expectFocused(grid.locator('[data-row-button]').nth(1));
    const names = await grid
      .locator('[data-row-button]')
      .evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
    const at = names.findIndex((name) => name.startsWith(NOTE));
    if (at !== 1) await tabTo(page, row, { backwards: at < 1 });
    await page.keyboard.press('Space');
    await expect(grid.getByRole('checkbox', { name: `Select ${NOTE}` })).toBeChecked();
    await expect(page.getByText('1 item selected')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(grid.getByRole('checkbox', { name: `Select ${NOTE}` })).not.toBeChecked();
    await page.keyboard.press('Enter');
    const content = page.getByRole('textbox', { name: `Contents of ${NOTE}` });
    await expect(content).toHaveText('typed');
    await tabTo(page, content);
    await page.keyboard.press('End');
    await page.keyboard.type(' and saved');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `Saved ${NOTE}` }),
    ).toBeVisible();
    const read = await fetch(`${core.url}/api/v1${apiPaths.fsRead(uuid, NOTE)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await read.text()).toBe('typed and saved');
  });

  await test.step('the resize handles take focus, show it and move with the arrows', async () => {
    const handle = page.getByRole('separator', { name: 'Resize file list' });
    await tabTo(page, handle, { backwards: true });
    const before = Number(await handle.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(before + 10));
  });
});
