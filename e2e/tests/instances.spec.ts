import os from 'node:os';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { joinBot } from '../../apps/core/test-support/mineflayer-bot.ts';
import { compileFakeServerJar } from '../../apps/core/test-support/fake-minecraft/compile.ts';
import {
  startUpstreamFixture,
  type UpstreamFixture,
} from '../../apps/core/test-support/upstream-fixture/index.ts';
import { UPSTREAM_ENV_VARS } from '../../apps/core/src/runtime/minecraft/upstreams.ts';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { FLYING_SQUID_DEFINITION_URL, freePort, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 4 part A: instances from the dashboard. One core (its Minecraft upstreams pointed at the local
// fixture that serves the fake server jar), one owner, in order: a flying-squid instance through the
// wizard's Docker Instance card, run, watched and joined by a real client with a second page open;
// then a Minecraft Java (Vanilla) instance through the wizard.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let fixture: UpstreamFixture;
// One browser session for the whole file: the owner set up in the first test stays signed in.
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  fixture = await startUpstreamFixture({ serverJar: await compileFakeServerJar(os.tmpdir()) });
  const env: Record<string, string> = {};
  for (const [key, name] of Object.entries(UPSTREAM_ENV_VARS) as [
    keyof typeof UPSTREAM_ENV_VARS,
    string,
  ][]) {
    env[name] = fixture.upstreams[key];
  }
  core = await startCore({ env });
});

test.afterAll(async () => {
  await context?.close();
  await core?.stop();
  await fixture?.close();
});

const SQUID = 'Squid E2E';
const VANILLA = 'Vanilla E2E';
const BOT = 'HearthBot';

function wizard(page: Page) {
  return page.getByRole('dialog', { name: 'Create a new instance' });
}

function sidebarEntry(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Instance list' })
    .getByRole('button', { name: new RegExp(name) });
}

function stateOf(page: Page) {
  return page.getByRole('status', { name: 'Instance state' });
}

/** Records (in the page) whether a creation placeholder with a progress bar ever showed in the sidebar. */
async function watchForPlaceholder(page: Page, name: string): Promise<void> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { sawPlaceholder?: boolean };
    w.sawPlaceholder = false;
    const check = () => {
      const list = document.querySelector('ul[aria-label="Instance list"]');
      const bars = list ? [...list.querySelectorAll('[role="progressbar"]')] : [];
      if (bars.some((bar) => (bar.getAttribute('aria-label') ?? '').includes(wanted)))
        w.sawPlaceholder = true;
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  }, name);
}

test('flying-squid through the wizard: progress, sidebar, start, players, charts, stop, live on a second page', async () => {
  const port = await freePort();

  await test.step('owner setup through the UI', async () => {
    await setupOwnerThroughUi(page, core);
  });

  await test.step('wizard: Docker Instance card → load the definition → settings → Create', async () => {
    await page.getByRole('button', { name: 'Create a new instance' }).click();
    const dialog = wizard(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Minecraft Java \(Vanilla\)/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Select a game')).toBeVisible();

    await dialog.getByRole('radio', { name: /Docker Instance/ }).click();
    await dialog.getByLabel('Definition URL').fill('file:///nowhere/definition.ts');
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(dialog.getByText('Error fetching the instance')).toBeVisible({ timeout: 60_000 });

    await dialog.getByLabel('Definition URL').fill(FLYING_SQUID_DEFINITION_URL);
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(dialog.getByText('Definition loaded')).toBeVisible({ timeout: 90_000 });
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByRole('heading', { name: 'Basic Settings' })).toBeVisible();
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill(SQUID);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByRole('heading', { name: 'Instance Settings' })).toBeVisible();
    await dialog.getByLabel('Port').fill('70000');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Port must be less than or equal to 65535')).toBeVisible();
    await dialog.getByLabel('Port').fill(String(port));
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByRole('heading', { name: 'Auto Settings' })).toBeVisible();
    await watchForPlaceholder(page, SQUID);
    await dialog.getByRole('button', { name: 'Create Instance' }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
  });

  await test.step('the instance appears in the sidebar after its progress entry', async () => {
    await expect(sidebarEntry(page, SQUID)).toBeVisible({ timeout: 90_000 });
    await expect(sidebarEntry(page, SQUID)).toHaveAccessibleName(/Stopped/);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notification panel' });
    await expect(panel.getByText('Instance created successfully')).toBeVisible();
    await expect(panel.getByText(new RegExp(`Setting up .*${SQUID}`)).first()).toBeVisible();
    await page.keyboard.press('Escape');
    // Before it was listed, the creation showed as a placeholder with a progress bar in the sidebar.
    expect(
      await page.evaluate(() => (window as unknown as { sawPlaceholder?: boolean }).sawPlaceholder),
    ).toBe(true);
  });

  await sidebarEntry(page, SQUID).click();
  await expect(page).toHaveURL(/\/dashboard\/overview\?.*instance=/);
  await expect(
    page.getByRole('button', { name: new RegExp(`Instance name: ${SQUID}`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Copy 127.0.0.1:${port}` })).toBeVisible();

  const second = await context.newPage();
  await test.step('a second page on the same instance', async () => {
    await second.goto(page.url());
    await expect(stateOf(second)).toHaveText('Stopped');
  });

  await test.step('Start → Running, seen live by the second page', async () => {
    const nav = page.getByRole('complementary', { name: 'Instance navigation' });
    await nav.getByRole('button', { name: 'Start' }).click();
    await expect(stateOf(page)).toHaveText('Running', { timeout: 60_000 });
    await expect(sidebarEntry(page, SQUID)).toHaveAccessibleName(/Running/);
    await expect(nav.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(nav.getByRole('button', { name: 'Restart' })).toBeEnabled();
    await expect(stateOf(second)).toHaveText('Running');
    await expect(sidebarEntry(second, SQUID)).toHaveAccessibleName(/Running/);
  });

  await test.step('a mineflayer bot joins: player list and the Joined notification', async () => {
    const bot = await joinBot({ host: '127.0.0.1', port, username: BOT, timeoutMs: 60_000 });
    try {
      const players = page.getByRole('region', { name: 'Players' });
      await expect(players.getByRole('cell', { name: BOT, exact: true })).toBeVisible({
        timeout: 30_000,
      });
      // The avatar comes from the core (never a third party); offline, the core draws the initial.
      await expect(players.locator('img[src*="/players/avatar/"]')).toBeVisible();
      await expect(page.getByLabel(/^Player count 1/)).toBeVisible();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(
        page
          .getByRole('dialog', { name: 'Notification panel' })
          .getByText(`${BOT} Joined ${SQUID}`),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(
        second
          .getByRole('region', { name: 'Players' })
          .getByRole('cell', { name: BOT, exact: true }),
      ).toBeVisible();
    } finally {
      await bot.leave();
    }
    await expect(
      page.getByRole('region', { name: 'Players' }).getByText('No players online'),
    ).toBeVisible({ timeout: 30_000 });
  });

  await test.step('CPU and memory charts draw points', async () => {
    const cpu = page.getByRole('figure', { name: /^CPU chart, [1-9]\d* data points$/ });
    const memory = page.getByRole('figure', { name: /^Memory chart, [1-9]\d* data points$/ });
    await expect(cpu).toBeVisible({ timeout: 30_000 });
    await expect(memory).toBeVisible();
    await expect(cpu.locator('canvas')).toHaveCount(1);
    await expect(memory.locator('canvas')).toHaveCount(1);
    await expect(memory.getByLabel('Memory now')).toHaveText(/^(\d+ MiB|\d+\.\d\d GiB)$/);
    const before = Number(
      /(\d+) data points/.exec((await cpu.getAttribute('aria-label')) ?? '')?.[1],
    );
    await expect(page.getByRole('figure', { name: /^CPU chart/ })).not.toHaveAttribute(
      'aria-label',
      `CPU chart, ${before} data points`,
      {
        timeout: 10_000,
      },
    );
  });

  await test.step('Stop → Stopped, on both pages', async () => {
    const nav = page.getByRole('complementary', { name: 'Instance navigation' });
    await nav.getByRole('button', { name: 'Stop' }).click();
    await expect(stateOf(page)).toHaveText('Stopped', { timeout: 60_000 });
    await expect(nav.getByRole('button', { name: 'Start' })).toBeEnabled();
    await expect(stateOf(second)).toHaveText('Stopped');
  });
  await second.close();
});

test('Minecraft Java (Vanilla) against the local upstream fixture reaches Running', async () => {
  const port = await freePort();
  await page.getByRole('button', { name: 'Hearth home' }).click();
  await page.getByRole('button', { name: 'Create a new instance' }).click();
  const dialog = wizard(page);
  await dialog.getByRole('radio', { name: /Minecraft Java \(Vanilla\)/ }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Name').fill(VANILLA);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Instance Settings' })).toBeVisible();
  await dialog.getByLabel('Version').selectOption('1.20.4');
  await dialog.getByLabel('Port').fill(String(port));
  await dialog.getByLabel('Minimum RAM').fill('32');
  await dialog.getByLabel('Maximum RAM').fill('256');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Create Instance' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  await expect(sidebarEntry(page, VANILLA)).toBeVisible({ timeout: 120_000 });
  await sidebarEntry(page, VANILLA).click();
  await expect(page.getByText('Minecraft Java (Vanilla)').first()).toBeVisible();
  const nav = page.getByRole('complementary', { name: 'Instance navigation' });
  await nav.getByRole('button', { name: 'Start' }).click();
  await expect(stateOf(page)).toHaveText('Running', { timeout: 120_000 });
  await page
    .getByRole('link', { name: 'Settings' })
    .or(nav.getByRole('button', { name: 'Settings' }))
    .click();
  await expect(page.getByRole('heading', { name: 'Instance Settings' })).toBeVisible();
  await nav.getByRole('button', { name: 'Stop' }).click();
  await expect(stateOf(page)).toHaveText('Stopped', { timeout: 60_000 });
});
