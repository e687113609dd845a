import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { joinBot } from '../../apps/core/test-support/mineflayer-bot.ts';
import { startCore, type RunningCore } from '../support/core-process.ts';
import {
  apiCall,
  createFlyingSquidInstance,
  freePort,
  setupOwnerThroughUi,
} from '../support/flows.ts';

// Issue 27 part 2 through the screens, as an owner moves a server: a flying-squid server that has
// made its world is backed up in the Backups tab and the archive downloaded; the create wizard's
// "Import an existing server" uploads that archive, shows what it detected (flying-squid, by its
// settings file), and creates the instance; it starts, and a real Minecraft client (mineflayer)
// joins the imported world, whose files came over with it.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let page: Page;
let token: string;
let tmp: string;

const ORIGINAL = 'Squid to move';
const IMPORTED = 'Moved Squid';
const MARK = 'world/built-by-a-player.txt';

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  page = await browser.newPage();
  token = await setupOwnerThroughUi(page, core);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-e2e-import-'));
});

test.afterAll(async () => {
  await page?.close();
  await core?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function stateOf(uuid: string): Promise<string | undefined> {
  const list = await apiCall<{ uuid: string; state: string }[]>(
    core,
    token,
    'GET',
    '/instance/list',
  );
  return list.find((i) => i.uuid === uuid)?.state;
}

async function readFile(uuid: string, file: string): Promise<string> {
  const res = await fetch(`${core.url}/api/v1${apiPaths.fsRead(uuid, file)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.text();
}

function sidebarEntry(name: string) {
  return page
    .getByRole('list', { name: 'Instance list' })
    .getByRole('button', { name: new RegExp(name) });
}

test('a flying-squid backup, downloaded and imported in the wizard, runs and a player joins its world', async () => {
  const port = await freePort();
  const newPort = await freePort();
  const uuid = await createFlyingSquidInstance(core, token, ORIGINAL, port);

  await test.step('the server makes its world (started once, then stopped)', async () => {
    await apiCall(core, token, 'PUT', apiPaths.instanceStart(uuid));
    await expect.poll(() => stateOf(uuid), { timeout: 90_000 }).toBe('Running');
    await apiCall(core, token, 'PUT', apiPaths.instanceStop(uuid));
    await expect.poll(() => stateOf(uuid), { timeout: 60_000 }).toBe('Stopped');
    const res = await fetch(`${core.url}/api/v1${apiPaths.fsWrite(uuid, MARK)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'a castle',
    });
    expect(res.status).toBe(200);
  });

  const archive = await test.step('Backups tab: Create backup, then Download', async () => {
    await page.goto(`${core.url}/dashboard/backups?instance=${uuid}`);
    await page.getByRole('button', { name: 'Create backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create backup' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('to move');
    await dialog.getByRole('button', { name: 'Create backup' }).click();
    const row = page.getByRole('row', { name: 'to move' });
    await expect(row.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 60_000 });
    await expect(row).not.toContainText('In progress');
    const downloaded = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    const download = await downloaded;
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    expect((await fs.stat(file)).size).toBeGreaterThan(0);
    return file;
  });

  await test.step('wizard: Import an existing server → upload → what was detected → Import', async () => {
    await page.getByRole('button', { name: 'Hearth home' }).click();
    await page.getByRole('button', { name: 'Create a new instance' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create a new instance' });
    await wizard.getByRole('button', { name: 'Import an existing server' }).click();
    await wizard.getByLabel('Server archive').setInputFiles(archive);
    await wizard.getByRole('button', { name: 'Upload and detect' }).click();
    const detected = wizard.getByRole('region', { name: 'Detected' });
    await expect(detected).toBeVisible({ timeout: 60_000 });
    await expect(detected).toContainText(/Detected: \d+ files/);
    const kind = wizard.getByRole('combobox', { name: 'Import as' });
    await expect(kind.locator('option:checked')).toHaveText('Minecraft (flying-squid)');
    await wizard.getByRole('textbox', { name: 'Name' }).fill(IMPORTED);
    // The original is still there on its port: the import moves to another one.
    const portField = wizard.getByRole('textbox', { name: 'Port' });
    await expect(portField).toHaveValue(String(port));
    await portField.fill(String(newPort));
    await wizard.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(wizard).toBeHidden({ timeout: 90_000 });
    await expect(sidebarEntry(IMPORTED)).toBeVisible({ timeout: 90_000 });
  });

  await test.step('the imported server starts from its page and a player joins', async () => {
    await sidebarEntry(IMPORTED).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`Instance name: ${IMPORTED}`) }),
    ).toBeVisible();
    const nav = page.getByRole('complementary', { name: 'Instance navigation' });
    await nav.getByRole('button', { name: 'Start' }).click();
    const state = page.getByRole('status', { name: 'Instance state' });
    await expect(state).toHaveText('Running', { timeout: 90_000 });
    const bot = await joinBot({
      host: '127.0.0.1',
      port: newPort,
      username: 'Mover',
      timeoutMs: 60_000,
    });
    try {
      await expect(
        page
          .getByRole('region', { name: 'Players' })
          .getByRole('cell', { name: 'Mover', exact: true }),
      ).toBeVisible({ timeout: 30_000 });
    } finally {
      await bot.leave();
    }
    await nav.getByRole('button', { name: 'Stop' }).click();
    await expect(state).toHaveText('Stopped', { timeout: 60_000 });
  });

  await test.step("the imported folder holds the original's world", async () => {
    const list = await apiCall<{ uuid: string; name: string }[]>(
      core,
      token,
      'GET',
      '/instance/list',
    );
    const imported = list.find((i) => i.name === IMPORTED);
    expect(imported?.uuid).toBeDefined();
    expect(imported?.uuid).not.toBe(uuid);
    expect(await readFile(imported!.uuid, MARK)).toBe('a castle');
  });
});
