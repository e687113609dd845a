import {
  expect,
  test,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { apiCall, createFlyingSquidInstance, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 5, dashboard part: the Files tab in Chromium against a real core. One owner session walks
// through browsing, create, edit/save/discard, rename, copy/cut/paste, zip/unzip (every mode),
// uploads (button and drop), downloads (bytes checked) and delete; then a user without write
// permission sees the gated UI while the core refuses the same calls, and one without read
// permission is told so.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
let uuid: string;

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  ownerToken = await setupOwnerThroughUi(page, core);
  uuid = await createFlyingSquidInstance(core, ownerToken, 'Files E2E');
});

test.afterAll(async () => {
  await context?.close();
  await core?.stop();
});

// ---- helpers ---------------------------------------------------------------------------------

async function coreFetch(
  token: string,
  method: string,
  route: string,
  body?: BodyInit,
): Promise<Response> {
  return fetch(`${core.url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { body } : {}),
  });
}

async function listNames(path: string): Promise<string[]> {
  const entries = await apiCall<{ name: string }[]>(
    core,
    ownerToken,
    'GET',
    apiPaths.fsLs(uuid, path),
  );
  return entries.map((e) => e.name);
}

async function readText(path: string): Promise<string> {
  const res = await coreFetch(ownerToken, 'GET', apiPaths.fsRead(uuid, path));
  expect(res.status).toBe(200);
  return res.text();
}

const filesUrl = (path?: string) =>
  `${core.url}/dashboard/files?instance=${uuid}${path ? `&path=${encodeURIComponent(path)}` : ''}`;
const grid = (p: Page = page) => p.getByRole('grid', { name: 'Files' });
const row = (name: string, p: Page = page) => grid(p).getByRole('button', { name, exact: true });
const toolbar = (p: Page = page) => p.getByRole('toolbar', { name: 'Files' });

async function addRemove(item: string, p: Page = page): Promise<void> {
  await p.getByRole('button', { name: 'Add/Remove' }).click();
  await p.getByRole('menuitem', { name: item, exact: true }).click();
}

async function contextMenu(target: Locator, item: string): Promise<void> {
  await target.click({ button: 'right' });
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function nameDialog(title: string, submit: string, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: submit }).click();
  await expect(dialog).toBeHidden();
}

async function select(...names: string[]): Promise<void> {
  for (const name of names)
    await grid()
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
}

async function deselect(...names: string[]): Promise<void> {
  for (const name of names)
    await grid()
      .getByRole('checkbox', { name: `Select ${name}` })
      .uncheck();
}

async function editor(name: string): Promise<Locator> {
  const content = page.getByRole('textbox', { name: `Contents of ${name}` });
  await expect(content).toBeVisible();
  return content;
}

async function downloadBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const toast = (text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

// ---- the owner's walk through the tab ---------------------------------------------------------

test('browse, create a folder and a file, edit with Ctrl+S, discard, rename', async () => {
  await page.goto(filesUrl());
  // Hearth's own files are hidden until asked for (issue 15 #8).
  await expect(row('hearth-squid.json')).toBeVisible();
  await expect(row('.lodestone_config')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Hearth files' }).click();
  await expect(row('.lodestone_config')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Hearth files' }).click();
  await expect(grid().getByRole('button', { name: '..' })).toHaveCount(0);
  await expect(page.getByText('Select a file to view its contents')).toBeVisible();

  await addRemove('New folder');
  await nameDialog('Name your folder', 'Create folder', 'e2e');
  await row('e2e').click();
  await expect(page).toHaveURL(/[?&]path=e2e/);
  await expect(grid().getByRole('button', { name: '..' })).toBeVisible();
  await expect(page.getByText('No files here...')).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Path' })
      .getByRole('button', { name: 'e2e', exact: true }),
  ).toHaveAttribute('aria-current', 'location');

  await contextMenu(page.getByTestId('file-list-scroller'), 'New file');
  await nameDialog('Name your file', 'Create file', 'notes.txt');
  await row('notes.txt').click();
  const content = await editor('notes.txt');
  const save = toolbar().getByRole('button', { name: 'Save' });
  const discard = toolbar().getByRole('button', { name: 'Discard Changes' });
  await expect(save).toBeDisabled();
  await expect(discard).toBeDisabled();

  await content.click();
  await page.keyboard.type('hello world');
  await expect(save).toBeEnabled();
  await page.keyboard.press('Control+s');
  await expect(toast('Saved notes.txt')).toBeVisible();
  await expect(save).toBeDisabled();
  expect(await readText('e2e/notes.txt')).toBe('hello world');

  await content.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await expect(discard).toBeEnabled();
  await discard.click();
  await expect(content).toHaveText('hello world');
  await expect(save).toBeDisabled();
  expect(await readText('e2e/notes.txt')).toBe('hello world');

  await contextMenu(row('notes.txt'), 'Rename');
  await nameDialog('Rename file', 'Rename', 'readme.txt');
  await expect(row('readme.txt')).toBeVisible();
  await expect(row('notes.txt')).toHaveCount(0);
  await expect(page.getByText('Select a file to view its contents')).toBeVisible();
  expect(await listNames('e2e')).toEqual(['readme.txt']);
});

test('upload by button and by drag-and-drop', async () => {
  await page.goto(filesUrl('e2e'));
  await expect(row('readme.txt')).toBeVisible();
  await page.getByLabel('Files to upload').setInputFiles({
    name: 'upload.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0, 1, 2, 3, 254, 255]),
  });
  await expect(row('upload.bin')).toBeVisible();

  const transfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
    return dt;
  });
  const list = page.getByTestId('file-list-scroller');
  await list.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(page.getByText('Release to Upload File')).toBeVisible();
  await list.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('Release to Upload File')).toBeHidden();
  await expect(row('dropped.txt')).toBeVisible();
  expect(await readText('e2e/dropped.txt')).toBe('dropped bytes');

  await row('upload.bin').click();
  await expect(page.getByRole('alert')).toContainText(
    "This file is binary, so it can't be shown in the editor",
  );
});

test('copy, cut and paste', async () => {
  await page.goto(filesUrl('e2e'));
  await addRemove('New folder');
  await nameDialog('Name your folder', 'Create folder', 'sub');

  await contextMenu(row('readme.txt'), 'Copy');
  await expect(page.getByText('1 item in clipboard')).toBeVisible();
  await row('sub').click();
  await toolbar().getByRole('button', { name: 'Paste 1 file(s)' }).click();
  await expect(row('readme.txt')).toBeVisible();
  await expect(page.getByText('1 item in clipboard')).toBeHidden();

  await page
    .getByRole('navigation', { name: 'Path' })
    .getByRole('button', { name: 'e2e', exact: true })
    .click();
  await select('upload.bin', 'dropped.txt');
  await expect(page.getByText('2 items selected')).toBeVisible();
  await addRemove('Cut selected');
  await expect(toast('2 file(s) cut to clipboard')).toBeVisible();
  await row('sub').click();
  await toolbar().getByRole('button', { name: 'Paste 2 file(s)' }).click();
  await expect(row('upload.bin')).toBeVisible();
  await expect(row('dropped.txt')).toBeVisible();
  expect(await listNames('e2e')).toEqual(['sub', 'readme.txt']);
  expect(await listNames('e2e/sub')).toEqual(['dropped.txt', 'readme.txt', 'upload.bin']);
});

test('zip, then unzip in every mode', async () => {
  await page.goto(filesUrl('e2e/sub'));
  await select('dropped.txt', 'readme.txt');
  await contextMenu(row('readme.txt'), 'Zip');
  await expect(row('archive.zip')).toBeVisible();

  await contextMenu(row('archive.zip'), 'Unzip to archive');
  await expect(row('archive')).toBeVisible();
  expect(await listNames('e2e/sub/archive')).toEqual(['dropped.txt', 'readme.txt']);

  // Two top-level entries: smart extraction makes a folder too (the name is taken: archive_1).
  await contextMenu(row('archive.zip'), 'Unzip here (smart)');
  await expect(row('archive_1')).toBeVisible();
  expect(await listNames('e2e/sub/archive_1')).toEqual(['dropped.txt', 'readme.txt']);

  // Normal: next to the archive; taken names get _1 suffixes.
  await contextMenu(row('archive.zip'), 'Unzip here');
  await expect(row('readme_1.txt')).toBeVisible();
  await expect(row('dropped_1.txt')).toBeVisible();
  expect(await readText('e2e/sub/readme_1.txt')).toBe('hello world');

  await deselect('dropped.txt');
  await addRemove('Unarchive selected');
  await expect(toast('Unsupported zip file type')).toBeVisible();
  await deselect('readme.txt');
  await select('archive.zip');
  await addRemove('Unarchive selected');
  await expect(row('archive_2')).toBeVisible();
});

test('download a file and a folder', async () => {
  await page.goto(filesUrl('e2e'));
  await select('readme.txt');
  const [file] = await Promise.all([page.waitForEvent('download'), addRemove('Download selected')]);
  expect(file.suggestedFilename()).toBe('readme.txt');
  expect((await downloadBytes(file)).toString()).toBe('hello world');

  // Two selected: the file and the zipped folder arrive as two downloads, in either order.
  await select('readme.txt', 'sub');
  const downloads: Download[] = [];
  const collect = (d: Download): void => void downloads.push(d);
  page.on('download', collect);
  await addRemove('Download selected');
  await expect(toast('Zipping directory for download...')).toBeVisible();
  await expect
    .poll(() => downloads.map((d) => d.suggestedFilename()).sort())
    .toEqual(['readme.txt', 'sub.zip']);
  page.off('download', collect);
  const folder = downloads.find((d) => d.suggestedFilename() === 'sub.zip')!;
  const zip = await downloadBytes(folder);
  expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  for (const name of ['upload.bin', 'dropped.txt', 'archive.zip', 'archive/readme.txt'])
    expect(zip.includes(Buffer.from(name))).toBe(true);
});

test('delete with the confirm dialog', async () => {
  await page.goto(filesUrl('e2e'));
  await select('sub', 'readme.txt');
  await addRemove('Delete selected');
  const dialog = page.getByRole('dialog', { name: 'Delete file(s)' });
  await expect(dialog.getByText('Are you sure you want to delete the following?')).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Items to delete' }).getByRole('listitem'),
  ).toHaveText(['e2e/sub', 'e2e/readme.txt']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await listNames('e2e')).toEqual(['sub', 'readme.txt']);

  await addRemove('Delete selected');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No files here...')).toBeVisible();
  expect(await listNames('e2e')).toEqual([]);
});

// ---- gated users -------------------------------------------------------------------------------

/** A second browser signed in as `username` (its core and token stored as the dashboard keeps them). */
async function signedInPage(
  username: string,
  password: string,
): Promise<{ page: Page; token: string }> {
  const res = await fetch(`${core.url}/api/v1/user/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    },
  });
  const { token } = (await res.json()) as { token: string };
  const other = await context.browser()!.newContext();
  const { port } = core;
  await other.addInitScript(
    ({ port, token }) => {
      if (localStorage.getItem('address')) return;
      const core = { address: '127.0.0.1', port, protocol: 'http', apiVersion: 'v1' };
      localStorage.setItem('cores', JSON.stringify([core]));
      localStorage.setItem('address', core.address);
      localStorage.setItem('port', String(port));
      localStorage.setItem('protocol', 'http');
      localStorage.setItem('apiVersion', 'v1');
      localStorage.setItem('tokens', JSON.stringify({ [`127.0.0.1:${port}`]: token }));
    },
    { port, token },
  );
  return { page: await other.newPage(), token };
}

test('a user without write permission sees the gated UI and the core refuses the calls', async () => {
  const created = await apiCall<{ user?: { uid: string }; uid?: string }>(
    core,
    ownerToken,
    'POST',
    '/user',
    { username: 'reader', password: 'reader-password-1' },
  );
  const uid = created.user?.uid ?? created.uid!;
  const perms = await apiCall<{ permissions: Record<string, unknown> }>(
    core,
    ownerToken,
    'GET',
    `/user/${uid}`,
  );
  await apiCall(core, ownerToken, 'PUT', `/user/${uid}/update_perm`, {
    ...perms.permissions,
    can_view_instance: [uuid],
    can_read_instance_file: [uuid],
  });
  expect(
    (await coreFetch(ownerToken, 'PUT', apiPaths.fsWrite(uuid, 'e2e/shared.txt'), 'shared')).status,
  ).toBe(200);

  const { page: reader, token: readerToken } = await signedInPage('reader', 'reader-password-1');
  await reader.goto(filesUrl('e2e'));
  await expect(row('shared.txt', reader)).toBeVisible();
  await expect(toolbar(reader).getByRole('button', { name: /^Upload/ })).toBeDisabled();
  await reader.getByRole('button', { name: 'Add/Remove' }).click();
  for (const item of ['New file', 'New folder']) {
    const entry = reader.getByRole('menuitem', { name: item, exact: true });
    await expect(entry).toHaveAttribute('aria-disabled', 'true');
    await expect(entry).toContainText('No permission');
  }
  await reader.keyboard.press('Escape');
  await row('shared.txt', reader).click({ button: 'right' });
  for (const item of ['Cut', 'Rename', 'Delete', 'Zip'])
    await expect(reader.getByRole('menuitem', { name: item, exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  await reader.keyboard.press('Escape');
  await row('shared.txt', reader).click();
  await expect(reader.getByText('Read only')).toBeVisible();
  await expect(reader.getByRole('textbox', { name: 'Contents of shared.txt' })).toHaveText(
    'shared',
  );

  const refused = [
    await coreFetch(readerToken, 'PUT', apiPaths.fsMkdir(uuid, 'e2e/nope')),
    await coreFetch(readerToken, 'PUT', apiPaths.fsWrite(uuid, 'e2e/shared.txt'), 'changed'),
    await coreFetch(readerToken, 'DELETE', apiPaths.fsRm(uuid, 'e2e/shared.txt')),
  ];
  expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
  expect(await readText('e2e/shared.txt')).toBe('shared');

  await apiCall(core, ownerToken, 'PUT', `/user/${uid}/update_perm`, {
    ...perms.permissions,
    can_view_instance: [uuid],
  });
  await reader.goto(filesUrl('e2e'));
  await expect(reader.getByText("You don't have permission to read this folder")).toBeVisible();
  expect((await coreFetch(readerToken, 'GET', apiPaths.fsLs(uuid, 'e2e'))).status).toBe(403);
  await reader.context().close();
});
