import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { emptyPermissions } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { apiCall, createFlyingSquidInstance, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 14: the Event Logs tab against a real core and a real flying-squid server — start, a
// console command and stop through the dashboard, seen live with who did them; filters kept in the
// URL; and a webhook set up in the dashboard that a local HTTP server receives (signed) when the
// server crashes.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let owner = '';
let uuid = '';
const SQUID = 'Logged Squid';

test.beforeAll(async () => {
  core = await startCore();
});
test.afterAll(async () => {
  await core?.stop();
});

const eventLog = (page: Page) => page.getByRole('table', { name: 'Event log' });
const row = (page: Page, title: string | RegExp) =>
  eventLog(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: title }) });
const nav = (page: Page) => page.getByRole('complementary', { name: 'Instance navigation' });
const stateOf = (page: Page) => page.getByRole('status', { name: 'Instance state' });

/** A browser context already connected to the core and signed in with `token`. */
async function signedIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ({ port, token: jwt }) => {
      if (localStorage.getItem('address')) return;
      localStorage.setItem(
        'cores',
        JSON.stringify([{ address: '127.0.0.1', port, protocol: 'http', apiVersion: 'v1' }]),
      );
      localStorage.setItem('address', '127.0.0.1');
      localStorage.setItem('port', String(port));
      localStorage.setItem('tokens', JSON.stringify({ [`127.0.0.1:${port}`]: jwt }));
    },
    { port: core.port, token },
  );
}

async function login(username: string, password: string): Promise<string> {
  const res = await fetch(`${core.url}/api/v1/user/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function waitForState(token: string, state: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ uuid: string; state: string }[]>(core, token, 'GET', '/instance/list')
        ).find((i) => i.uuid === uuid)?.state,
      { timeout: 60_000 },
    )
    .toBe(state);
}

test('start, a command and stop show up live in Event Logs with who did them; filters live in the URL', async ({
  page,
  browser,
}) => {
  owner = await setupOwnerThroughUi(page, core);
  uuid = await createFlyingSquidInstance(core, owner, SQUID);
  const logsUrl = `${core.url}/dashboard/logs?instance=${uuid}`;

  await test.step('the Event Logs tab opens on the instance’s history', async () => {
    await page.goto(logsUrl);
    await expect(eventLog(page)).toBeVisible();
    await expect(page.getByText('Coming soon to a dashboard near you!')).toHaveCount(0);
  });

  await test.step('Start from the sidebar: "Started by owner" appears without a reload', async () => {
    await nav(page).getByRole('button', { name: 'Start' }).click();
    await expect(row(page, /^Started by owner/)).toBeVisible();
    await expect(stateOf(page)).toHaveText('Running', { timeout: 60_000 });
    await expect(row(page, /^Running/)).toBeVisible();
  });

  await test.step('a console command, sent from the Console tab', async () => {
    await nav(page).getByRole('button', { name: 'Console' }).click();
    const box = page.getByRole('textbox', { name: 'Console command' });
    await box.fill('say hello from the log');
    await box.press('Enter');
    await expect(page.getByRole('log', { name: 'Console output' })).toContainText(
      '[Server] hello from the log',
    );
    await nav(page).getByRole('button', { name: 'Event Logs' }).click();
    const command = row(page, /^Command "say hello from the log" sent by owner/);
    await expect(command).toBeVisible();
    await expect(command.getByRole('cell').nth(3)).toHaveText('owner');
  });

  const bob = await test.step('another user stops it: the log says who', async () => {
    const created = await apiCall<{ user: { uid: string } }>(core, owner, 'POST', '/user', {
      username: 'bob',
      password: 'bob-password-1',
    });
    await apiCall(core, owner, 'PUT', `/user/${created.user.uid}/update_perm`, {
      ...emptyPermissions(),
      can_view_instance: [uuid],
      can_stop_instance: [uuid],
    });
    const bobToken = await login('bob', 'bob-password-1');
    await apiCall(core, bobToken, 'PUT', `/instance/${uuid}/stop`);
    await expect(row(page, /^Stop requested by bob/)).toBeVisible();
    await expect(row(page, /^Stopped by bob/)).toBeVisible({ timeout: 60_000 });
    await expect(
      row(page, /^Stopped by bob/)
        .getByRole('cell')
        .nth(3),
    ).toHaveText('bob');
    return created.user.uid;
  });

  await test.step('all three, newest first, each with who did it', async () => {
    const titles = await eventLog(page)
      .getByRole('row')
      .locator('[role="cell"]:nth-child(3)')
      .allTextContents();
    const at = (re: RegExp) => titles.findIndex((t) => re.test(t));
    expect(at(/^Stopped by bob/)).toBeGreaterThanOrEqual(0);
    expect(at(/^Stopped by bob/)).toBeLessThan(
      at(/^Command "say hello from the log" sent by owner/),
    );
    expect(at(/^Command "say hello/)).toBeLessThan(at(/^Started by owner/));
  });

  await test.step('filter by kind and by text: the URL keeps them across a reload', async () => {
    await page.getByRole('button', { name: 'Kind' }).click();
    await page.getByRole('checkbox', { name: 'Console commands' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/kind=console/);
    await expect(eventLog(page).getByRole('row')).toHaveCount(2);
    await expect(row(page, /^Command "say hello from the log"/)).toBeVisible();
    await page.reload();
    await expect(row(page, /^Command "say hello from the log"/)).toBeVisible();
    await expect(eventLog(page).getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/kind=/);
    await page.getByRole('searchbox', { name: 'Search events' }).fill('bob');
    await expect(page).toHaveURL(/q=bob/);
    await expect(row(page, /^Started by owner/)).toHaveCount(0);
    await expect(row(page, /^Stopped by bob/)).toBeVisible();
  });

  await test.step('a shared link opens the same filtered view (who = bob)', async () => {
    const other = await browser.newContext();
    await signedIn(other, owner);
    const second = await other.newPage();
    await second.goto(`${logsUrl}&who=${bob}`);
    await expect(row(second, /^Stopped by bob/)).toBeVisible();
    await expect(row(second, /^Started by owner/)).toHaveCount(0);
    await other.close();
  });
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('a webhook set up in the dashboard receives the crash of the flying-squid server, signed', async ({
  context,
  page,
}) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    await signedIn(context, owner);
    await page.goto(`${core.url}/settings/webhooks`);

    let secret = '';
    await test.step('a loopback target needs "Allow private targets"', async () => {
      await page.getByRole('switch', { name: 'Allow private targets' }).click();
      await expect(page.getByRole('switch', { name: 'Allow private targets' })).toBeChecked();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByLabel('Name').fill('Local receiver');
      await dialog.getByLabel('Type').selectOption('json');
      await dialog.getByLabel('URL').fill(`http://127.0.0.1:${port}/hook/token-abc`);
      await expect(dialog.getByRole('checkbox', { name: 'Crashes and errors' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      const shown = page.getByRole('dialog', { name: 'Signing secret' });
      secret = (await shown.getByLabel('Signing secret').textContent()) ?? '';
      expect(secret.length).toBeGreaterThan(20);
      await shown.getByRole('button', { name: 'Done' }).click();
      const target = page.getByRole('listitem', { name: 'Local receiver' });
      await expect(target.getByText(`http://127.0.0.1:${port}/…`)).toBeVisible();
      await expect(page.getByText('token-abc')).toHaveCount(0);
    });

    await test.step('Send test reaches the receiver', async () => {
      await page
        .getByRole('listitem', { name: 'Local receiver' })
        .getByRole('button', { name: 'Send test' })
        .click();
      await expect(page.getByText(/Test delivered to Local receiver \(204\)/)).toBeVisible();
      expect(received.at(-1)?.headers['x-hearth-event']).toBe('test');
    });

    await test.step('the server crashes (its process killed by the pid the core recorded)', async () => {
      await apiCall(core, owner, 'PUT', `/instance/${uuid}/start`);
      await waitForState(owner, 'Running');
      const db = new Database(path.join(core.dataDir, 'hearth.db'), { readonly: true });
      const recorded = db.prepare('SELECT pid FROM instance_processes WHERE uuid = ?').get(uuid) as
        { pid: number } | undefined;
      db.close();
      expect(recorded?.pid).toBeGreaterThan(0);
      process.kill(recorded!.pid, 'SIGKILL');
      await waitForState(owner, 'Error');
    });

    await test.step('the receiver gets the crash, and the signature checks out', async () => {
      await expect
        .poll(() => received.filter((r) => r.headers['x-hearth-event'] === 'crash').length, {
          timeout: 30_000,
        })
        .toBe(1);
      const crash = received.find((r) => r.headers['x-hearth-event'] === 'crash')!;
      const body = JSON.parse(crash.body) as {
        summary: string;
        detail: string;
        instance: { name: string };
      };
      expect(body.summary).toBe('Crashed');
      expect(body.detail).toMatch(/^Server crashed \(killed by SIGKILL\)/);
      expect(body.instance.name).toBe(SQUID);
      const timestamp = String(crash.headers['x-hearth-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${crash.body}`).digest('hex')}`;
      expect(crash.headers['x-hearth-signature']).toBe(expected);
      await expect(
        page.getByRole('listitem', { name: 'Local receiver' }).getByText('Delivered (204)'),
      ).toBeVisible({ timeout: 15_000 });
    });

    await test.step('the crash is in the Event Logs too', async () => {
      await page.goto(`${core.url}/dashboard/logs?instance=${uuid}&level=Error`);
      await expect(row(page, /^Crashed/)).toBeVisible();
    });
  } finally {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
});
