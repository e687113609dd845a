import { expect, test, type Page } from '@playwright/test';
import { joinBot, type JoinedBot } from '../../apps/core/test-support/mineflayer-bot.ts';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { printCoreOnFailure } from '../support/diagnostics.ts';
import {
  apiCall,
  createFlyingSquidInstance,
  freePort,
  setupOwnerThroughUi,
  signedInContext,
  tokenOf,
} from '../support/flows.ts';

// Issue 27, part 1: player actions from the panel against real players. Two mineflayer clients on
// the shipped flying-squid server: one is kicked from the Overview and sees the reason, then banned
// from the Players tab and refused when it comes back, pardoned and let back in; with the
// whitelist on and one name on it, the other player is refused. The server is the source of truth
// throughout: its launcher keeps vanilla's list files and refuses players at join.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let token: string;
let uuid: string;
let port: number;
const bots: JoinedBot[] = [];

const VERSION = '1.21.4';

function join(username: string): Promise<JoinedBot> {
  return joinBot({ host: '127.0.0.1', port, username, version: VERSION, timeoutMs: 60_000 }).then(
    (joined) => {
      bots.push(joined);
      return joined;
    },
  );
}

/** Why the server refused `username` (the join's error), or fails when it let them in. */
async function refusal(username: string): Promise<string> {
  try {
    const joined = await join(username);
    await joined.leave();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error(`${username} was let in`);
}

/** The reason a bot is given when the server drops it. */
function kickedReason(joined: JoinedBot): Promise<string> {
  return new Promise((resolve) => {
    joined.bot.once('kicked', (reason) => resolve(JSON.stringify(reason)));
  });
}

async function openTab(page: Page, tab: 'overview' | 'players'): Promise<void> {
  await page.goto(`${core.url}/dashboard/${tab}?instance=${uuid}`);
  await expect(page.getByRole('status', { name: 'Instance state' })).toHaveText(/Running/, {
    timeout: 90_000,
  });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  core = await startCore();
  const context = await browser.newContext();
  const page = await context.newPage();
  await setupOwnerThroughUi(page, core);
  token = await tokenOf(page);
  await context.close();
  port = await freePort();
  uuid = await createFlyingSquidInstance(core, token, 'Moderated', port, { version: VERSION });
  await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
});

test.afterEach(async () => {
  await printCoreOnFailure(test.info(), core, token, uuid);
});

test.afterAll(async () => {
  await Promise.all(bots.map((b) => b.leave().catch(() => undefined)));
  if (uuid) await apiCall(core, token, 'PUT', `/instance/${uuid}/kill`).catch(() => undefined);
  await core?.stop();
});

test('kick a player from the Overview: the player sees the reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await signedInContext(browser, core, token);
  const page = await context.newPage();
  try {
    await openTab(page, 'overview');
    const steve = await join('Steve');
    await join('Alex');
    await expect(page.getByLabel(/^Player count 2/)).toBeVisible({ timeout: 30_000 });
    const kicked = kickedReason(steve);
    const players = page.getByRole('region', { name: 'Players' });
    await players.getByRole('button', { name: 'Actions for Steve' }).click();
    await page.getByRole('menuitem', { name: 'Kick…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kick Steve' });
    await dialog.getByLabel('Reason').fill('take a break');
    await dialog.getByRole('button', { name: 'Kick' }).click();
    await expect(page.getByText('Kicked Steve')).toBeVisible();
    expect(await kicked).toContain('take a break');
    await expect(page.getByLabel(/^Player count 1/)).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.close();
  }
});

test('ban a player from the Players tab: the rejoin is refused; pardon: the player is back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await signedInContext(browser, core, token);
  const page = await context.newPage();
  try {
    await openTab(page, 'players');
    const steve = await join('Steve');
    const online = page.getByRole('list', { name: 'Online players' });
    await expect(online.getByText('Steve')).toBeVisible({ timeout: 30_000 });
    const kicked = kickedReason(steve);
    await online.getByRole('button', { name: 'Actions for Steve' }).click();
    await page.getByRole('menuitem', { name: 'Ban…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban Steve' });
    await dialog.getByLabel('Reason').fill('griefing');
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await expect(page.getByText('Banned Steve', { exact: true })).toBeVisible();
    expect(await kicked).toContain('You are banned from this server. Reason: griefing');
    const bans = page.getByRole('list', { name: 'Banned players' });
    await expect(bans.getByText('Steve', { exact: true })).toBeVisible();
    // Sent to the running server's console: the server wrote the ban, as its console's (vanilla too).
    await expect(bans.getByText(/^griefing · by Server · /)).toBeVisible();

    expect(await refusal('Steve')).toContain('You are banned from this server. Reason: griefing');

    await bans.getByRole('button', { name: 'Pardon Steve' }).click();
    await expect(page.getByText('Pardoned Steve')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Banned players' })).toContainText(
      'Nobody is banned',
    );
    const back = await join('Steve');
    await expect(online.getByText('Steve')).toBeVisible({ timeout: 30_000 });
    await back.leave();

    // The Event Logs say who did what.
    await page.goto(`${core.url}/dashboard/logs?instance=${uuid}`);
    await expect(
      page.getByRole('table', { name: 'Event log' }).getByText('owner banned Steve: griefing'),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

test('whitelist on with one name: the other player is refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await signedInContext(browser, core, token);
  const page = await context.newPage();
  try {
    await openTab(page, 'players');
    const whitelist = page.getByRole('region', { name: 'Whitelist' });
    await whitelist.getByRole('button', { name: 'Add player' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the whitelist' });
    await dialog.getByLabel('Player name').fill('Alex');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Added Alex to the whitelist')).toBeVisible();
    await expect(
      whitelist.getByRole('list', { name: 'Whitelist' }).getByText('Alex'),
    ).toBeVisible();
    const toggle = whitelist.getByRole('switch', { name: 'Whitelist' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(whitelist).toContainText(
      'On: only players on the whitelist and operators can join.',
    );

    expect(await refusal('Steve')).toContain('You are not white-listed on this server!');
    const alex = bots.find((b) => b.bot.username === 'Alex');
    await alex?.leave();
    const again = await join('Alex');
    expect(again.bot.entity).toBeTruthy();
  } finally {
    await context.close();
  }
});
