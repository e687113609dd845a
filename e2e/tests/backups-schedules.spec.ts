import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { apiCall, createFlyingSquidInstance, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 13 in Chromium against a real (sandboxed) core: a backup made from the Backups tab, a file
// changed, the backup restored and the old content back (the restored tree then runs as the
// sandbox user); a schedule "every minute: say hi" made in the Schedules tab, with the core's clock
// moved by the test through the test-only route (HEARTH_TEST_CLOCK=1 — the route does not exist in
// a normal core), and the line seen in the console.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let page: Page;
let token: string;
let uuid: string;

test.beforeAll(async ({ browser }) => {
  core = await startCore({ env: { HEARTH_TEST_CLOCK: '1' } });
  page = await browser.newPage();
  token = await setupOwnerThroughUi(page, core);
  uuid = await createFlyingSquidInstance(core, token, 'Backed Squid');
});

test.afterAll(async () => {
  await page?.close();
  await core?.stop();
});

async function writeFile(path: string, text: string): Promise<void> {
  const res = await fetch(`${core.url}/api/v1${apiPaths.fsWrite(uuid, path)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    body: text,
  });
  expect(res.status).toBe(200);
}

async function readFile(path: string): Promise<string> {
  const res = await fetch(`${core.url}/api/v1${apiPaths.fsRead(uuid, path)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function state(): Promise<string | undefined> {
  const list = await apiCall<{ uuid: string; state: string }[]>(
    core,
    token,
    'GET',
    '/instance/list',
  );
  return list.find((i) => i.uuid === uuid)?.state;
}

test('a backup made in the Backups tab brings the old content back', async () => {
  await writeFile('notes.txt', 'before the backup');
  await page.goto(`${core.url}/dashboard/backups?instance=${uuid}`);
  await expect(page.getByText('No backups yet')).toBeVisible();

  await test.step('Create backup', async () => {
    await page.getByRole('button', { name: 'Create backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create backup' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('first');
    await dialog.getByRole('button', { name: 'Create backup' }).click();
    const row = page.getByRole('row', { name: 'first' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: 'Restore' })).toBeEnabled();
    await expect(row).not.toContainText('In progress');
  });

  await writeFile('notes.txt', 'changed afterwards');
  expect(await readFile('notes.txt')).toBe('changed afterwards');

  await test.step('Restore it', async () => {
    await page.getByRole('row', { name: 'first' }).getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore "first"' });
    await expect(dialog).toContainText('A safety backup of the current files is made first');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByRole('row', { name: 'Before restoring first' })).toBeVisible();
    await expect.poll(() => readFile('notes.txt'), { timeout: 30_000 }).toBe('before the backup');
  });

  await test.step('the old content shows in the Files tab', async () => {
    await page.goto(`${core.url}/dashboard/files?instance=${uuid}`);
    await page
      .getByRole('grid', { name: 'Files' })
      .getByRole('button', { name: 'notes.txt', exact: true })
      .dblclick();
    await expect(page.getByText('before the backup')).toBeVisible();
  });

  await test.step('the restored folder runs (the sandbox user can write it)', async () => {
    await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
    await expect.poll(state, { timeout: 60_000 }).toBe('Running');
  });
});

test('a schedule "every minute: say hi" says hi when the clock moves a minute', async () => {
  await page.goto(`${core.url}/dashboard/schedules?instance=${uuid}`);
  await expect(page.getByText('No schedules yet')).toBeVisible();

  await test.step('New schedule', async () => {
    await page.getByRole('button', { name: 'New schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('greeting');
    await dialog.getByRole('textbox', { name: 'Cron expression' }).fill('* * * * *');
    await dialog.getByRole('textbox', { name: 'Time zone' }).fill('UTC');
    await expect(dialog.getByRole('status', { name: 'Trigger preview' })).toHaveText(
      'Runs every minute (UTC)',
    );
    await dialog.getByRole('textbox', { name: 'Command 1' }).fill('say hi');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByRole('row', { name: 'greeting' })).toContainText('every minute (UTC)');
    await expect(page.getByRole('row', { name: 'greeting' })).toContainText('Never');
  });

  await test.step('the test moves the core clock one minute', async () => {
    const moved = await apiCall<{ now: number }>(core, token, 'POST', '/test/clock/advance', {
      ms: 60_000,
    });
    expect(moved.now).toBeGreaterThan(0);
    await expect(page.getByRole('row', { name: 'greeting' })).toContainText('Success', {
      timeout: 30_000,
    });
  });

  await test.step('the line is in the console', async () => {
    await page.goto(`${core.url}/dashboard/console?instance=${uuid}`);
    await expect(page.getByRole('log', { name: 'Console output' })).toContainText('[Server] hi');
  });
});
