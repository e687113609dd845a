import { expect, test, type Page } from '@playwright/test';
import { encodePathSegment } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { OWNER, apiCall, createFlyingSquidInstance } from '../support/flows.ts';

// Issue 26 §1 with two real cores on loopback, each its own process, port and data directory: both
// on the fleet home, a flying-squid instance moved from core A to core B from its Danger Zone (core B
// pulls it from core A; only the key passes the browser) and started there with its world, then core A
// stopped and shown down while core B goes on.
test.describe.configure({ mode: 'serial' });

let coreA: RunningCore;
let coreB: RunningCore;
let tokenA: string;
let tokenB: string;
const NAME = 'Moving Castle';

async function ownerOf(core: RunningCore, name: string): Promise<string> {
  if (!core.setupKey) throw new Error('this core is already set up');
  const { token } = await apiCall<{ token: string }>(
    core,
    null,
    'POST',
    `/setup/${core.setupKey}`,
    OWNER,
  );
  await apiCall(core, token, 'PUT', '/global_settings/name', name);
  return token;
}

async function stateOn(
  core: RunningCore,
  token: string,
  name: string,
): Promise<string | undefined> {
  const list = await apiCall<{ name: string; state: string }[]>(
    core,
    token,
    'GET',
    '/instance/list',
  );
  return list.find((i) => i.name === name)?.state;
}

async function worldFiles(core: RunningCore, token: string, uuid: string): Promise<string[]> {
  const entries = await apiCall<{ name: string }[]>(
    core,
    token,
    'GET',
    `/instance/${uuid}/fs/${encodePathSegment('world')}/ls`,
  );
  return entries.map((e) => e.name).sort();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.beforeAll(async () => {
  // One after the other: the first start builds what is out of date.
  coreA = await startCore();
  coreB = await startCore();
  tokenA = await ownerOf(coreA, 'Core A');
  tokenB = await ownerOf(coreB, 'Core B');
});

test.afterAll(async () => {
  await coreA?.stop();
  await coreB?.stop();
});

test('two cores on the fleet home; an instance moves from A to B and runs there', async ({
  browser,
}) => {
  const uuidA = await createFlyingSquidInstance(coreA, tokenA, NAME);
  // A run makes the world; it stops before it moves.
  await apiCall(coreA, tokenA, 'PUT', `/instance/${uuidA}/start`);
  await expect.poll(() => stateOn(coreA, tokenA, NAME), { timeout: 90_000 }).toBe('Running');
  await apiCall(coreA, tokenA, 'PUT', `/instance/${uuidA}/stop`);
  await expect.poll(() => stateOn(coreA, tokenA, NAME), { timeout: 60_000 }).toBe('Stopped');
  const world = await worldFiles(coreA, tokenA, uuidA);
  expect(world).toContain('level.dat');

  // The browser knows both cores, signed in to each; core A is the current one. The dashboard is
  // the one core B serves, so it stays up when core A stops.
  const context = await browser.newContext();
  await context.addInitScript(
    ({ a, b, ta, tb }) => {
      if (localStorage.getItem('address')) return;
      const core = (port: number) => ({
        address: '127.0.0.1',
        port,
        protocol: 'http',
        apiVersion: 'v1',
      });
      localStorage.setItem('cores', JSON.stringify([core(a), core(b)]));
      localStorage.setItem(
        'tokens',
        JSON.stringify({ [`127.0.0.1:${a}`]: ta, [`127.0.0.1:${b}`]: tb }),
      );
      localStorage.setItem('address', '127.0.0.1');
      localStorage.setItem('port', String(a));
    },
    { a: coreA.port, b: coreB.port, ta: tokenA, tb: tokenB },
  );
  const page = await context.newPage();

  await test.step('both cores on the fleet home', async () => {
    await page.goto(`${coreB.url}/`);
    await expect(page.getByRole('status', { name: 'Core A: Connected' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Core B: Connected' })).toBeVisible();
    await expect(section(page, 'Core A').getByRole('article', { name: NAME })).toBeVisible();
    await expect(section(page, 'Core B').getByText('No instances yet.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Fleet summary' }).getByLabel('Cores up'),
    ).toHaveText('2 of 2');
  });

  await test.step('moved from its Danger Zone', async () => {
    const card = section(page, 'Core A').getByRole('article', { name: NAME });
    await card.getByRole('button', { name: NAME }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview/);
    const nav = page.getByRole('complementary', { name: 'Instance navigation' });
    await page
      .getByRole('link', { name: 'Settings' })
      .or(nav.getByRole('button', { name: 'Settings' }))
      .click();
    await expect(page.getByRole('heading', { name: 'Instance Settings' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Move…' }).click();
    const dialog = page.getByRole('dialog', { name: `Move "${NAME}"` });
    await expect(dialog.getByLabel('Target core', { exact: true })).toHaveValue(
      `127.0.0.1:${coreB.port}`,
    );
    await expect(
      dialog.getByLabel("This core's address, as the target core reaches it"),
    ).toHaveValue(coreA.url);
    await dialog.getByRole('button', { name: 'Move instance' }).click();
    await expect(page.getByText(`${NAME} is on Core B now`)).toBeVisible({ timeout: 120_000 });
    await expect.poll(() => stateOn(coreB, tokenB, NAME), { timeout: 120_000 }).toBe('Stopped');
    // The source keeps its copy.
    expect(await stateOn(coreA, tokenA, NAME)).toBe('Stopped');
  });

  const uuidB = (
    await apiCall<{ uuid: string; name: string }[]>(coreB, tokenB, 'GET', '/instance/list')
  ).find((i) => i.name === NAME)!.uuid;
  expect(await worldFiles(coreB, tokenB, uuidB)).toEqual(world);

  await test.step('started on core B from its card', async () => {
    await page.goto(`${coreB.url}/`);
    const card = section(page, 'Core B').getByRole('article', { name: NAME });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Start' }).click();
    await expect(card.getByText('Running')).toBeVisible({ timeout: 90_000 });
    expect(await stateOn(coreA, tokenA, NAME)).toBe('Stopped');
  });

  await test.step('core A stopped: shown down, core B goes on', async () => {
    // Core B is the current one here: a current core that goes down still shows its Core
    // Connection Error dialog over the home (named in the closing note as left to do).
    await page.evaluate((port) => localStorage.setItem('port', String(port)), coreB.port);
    await page.goto(`${coreB.url}/`);
    await expect(page.getByRole('status', { name: 'Core A: Connected' })).toBeVisible();
    await coreA.stop();
    await expect(page.getByRole('status', { name: 'Core A: Down' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(section(page, 'Core A').getByText(/cannot be reached/)).toBeVisible();
    await expect(
      section(page, 'Core B').getByRole('article', { name: NAME }).getByText('Running'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Fleet summary' }).getByLabel('Cores up'),
    ).toHaveText('1 of 2');
  });

  await apiCall(coreB, tokenB, 'PUT', `/instance/${uuidB}/stop`);
  await expect.poll(() => stateOn(coreB, tokenB, NAME), { timeout: 60_000 }).toBe('Stopped');
  await context.close();
});
