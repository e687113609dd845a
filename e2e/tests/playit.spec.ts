import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { joinBot } from '../../apps/core/test-support/mineflayer-bot.ts';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { startPlayitForCore, type FakePlayit } from '../support/fake-playit.ts';
import {
  apiCall,
  createFlyingSquidInstance,
  freePort,
  setupOwnerThroughUi,
} from '../support/flows.ts';

// Issue 12: the Playitgg tab against a real core whose playit agent talks to the fake playit
// service (its own implementation of playit's API and control protocol). Players reach a real
// flying-squid server through the fake's public tunnel port, carried by the core's agent.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let fake: FakePlayit;

test.beforeAll(async () => {
  const playit = await startPlayitForCore();
  fake = playit.fake;
  core = await startCore({ env: playit.env });
});

test.afterAll(async () => {
  await core?.stop();
  await fake?.close();
  if (core) await fs.rm(core.dataDir, { recursive: true, force: true });
});

const SQUID = 'Tunnelled Squid';
const BOT = 'TunnelBot';

const badge = (page: Page) => page.getByRole('status', { name: 'Runner status' });
const runnerSwitch = (page: Page) => page.getByRole('switch', { name: 'Playitgg runner' });
const tunnels = (page: Page) => page.getByRole('region', { name: 'Tunnels' });

test('playit: sign up, run the agent, a player joins through the tunnel, stop', async ({
  page,
}) => {
  const token = await setupOwnerThroughUi(page, core);
  const squidPort = await freePort();
  const uuid = await createFlyingSquidInstance(core, token, SQUID, squidPort);

  await test.step('the Playitgg tab appears once the integration is enabled', async () => {
    await page.goto(`${core.url}/dashboard/overview?instance=${uuid}`);
    const tabs = page.getByRole('navigation', { name: 'Instance tabs' });
    await expect(tabs.getByRole('button', { name: 'Overview' })).toBeVisible();
    await expect(tabs.getByRole('button', { name: 'Playitgg' })).toHaveCount(0);
    await page.goto(`${core.url}/settings/general`);
    const toggle = page.getByRole('switch', { name: 'Enable Playit Integration' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await page.goto(`${core.url}/dashboard/overview?instance=${uuid}`);
    await page
      .getByRole('navigation', { name: 'Instance tabs' })
      .getByRole('button', { name: 'Playitgg' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/playitgg\?/);
    await expect(page.getByRole('heading', { name: 'Playitgg', exact: true })).toBeVisible();
    await expect(tunnels(page).getByText("You haven't signed up yet")).toBeVisible();
    await expect(badge(page)).toHaveText('Stopped');
  });

  await test.step('the toggle opens Set Up Playitgg: Generate Link, then Verify', async () => {
    await runnerSwitch(page).click();
    const dialog = page.getByRole('dialog', { name: 'Set Up Playitgg' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate Link' }).click();
    const link = dialog.getByRole('link', {
      name: new RegExp(`^${fake.claimPageUrl}/[0-9a-f]{10}`),
    });
    await expect(link).toBeVisible();
    // The core polls the claim in the background; the fake accepts it at the first poll.
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Verify' }).click();
      await expect(dialog).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Signing up from the runner toggle is asking for the runner: it starts (issue 23 #25).
    await expect(badge(page)).toHaveText('Started', { timeout: 30_000 });
    // Signed up, the tab lists the account's tunnels: none yet (before one is made on playit).
    await expect(tunnels(page).getByText("You haven't created any tunnels yet")).toBeVisible();
  });

  const tunnel = await fake.addTunnel({ name: 'squid', localPort: squidPort });
  const address = `127.0.0.1:${tunnel.publicPort}`;

  await test.step('the tunnel created on playit shows after a refresh, with its address', async () => {
    await page.getByRole('button', { name: 'Refresh tunnels' }).click();
    const row = tunnels(page).getByRole('row', { name: /squid/ });
    await expect(row.getByRole('button', { name: `Copy ${address}` })).toBeVisible();
    await expect(row.getByText(String(squidPort), { exact: false })).toBeVisible();
    await expect(row.getByText('this instance')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });

  await test.step('start the server; the runner started at sign-up stays Started', async () => {
    await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
    const nav = page.getByRole('complementary', { name: 'Instance navigation' });
    await expect(nav.getByRole('status', { name: 'Instance state' })).toHaveText('Running', {
      timeout: 90_000,
    });
    await expect(badge(page)).toHaveText('Started', { timeout: 30_000 });
    await expect(runnerSwitch(page)).toBeChecked();
  });

  const bot =
    await test.step('a mineflayer client joins through the tunnel and chats', async () => {
      const joined = await joinBot({
        host: '127.0.0.1',
        port: tunnel.publicPort,
        username: BOT,
        timeoutMs: 60_000,
      });
      await page
        .getByRole('navigation', { name: 'Instance tabs' })
        .getByRole('button', { name: 'Console' })
        .click();
      const output = page.getByRole('log', { name: 'Console output' });
      await expect(output).toContainText(`${BOT} joined the game`, { timeout: 30_000 });
      joined.bot.chat('hello through the tunnel');
      await expect(output).toContainText(`<${BOT}> hello through the tunnel`, { timeout: 30_000 });
      return joined;
    });

  await test.step('stopping the runner ends the tunnelled connection and carries no more', async () => {
    const ended = new Promise<void>((resolve) => bot.bot.once('end', () => resolve()));
    await page
      .getByRole('navigation', { name: 'Instance tabs' })
      .getByRole('button', { name: 'Playitgg' })
      .click();
    await expect(badge(page)).toHaveText('Started');
    await runnerSwitch(page).click();
    await expect(badge(page)).toHaveText('Stopped');
    await ended;
    await bot.leave();
    await expect(
      joinBot({
        host: '127.0.0.1',
        port: tunnel.publicPort,
        username: 'LateBot',
        timeoutMs: 15_000,
      }),
    ).rejects.toThrow(/could not join/);
    // The server itself still runs: the tunnel, not the game, stopped.
    const direct = await joinBot({ host: '127.0.0.1', port: squidPort, username: 'DirectBot' });
    await direct.leave();
  });
});
