import { expect, test } from '@playwright/test';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { OWNER, setupOwnerThroughUi, signInThroughUi } from '../support/flows.ts';

// Issue 2: a fresh core, first-run setup through the dashboard, sign out/in, session persistence,
// token tampering and the not-found screen — one browser session, in order.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
test.beforeAll(async () => {
  core = await startCore();
});
test.afterAll(async () => {
  await core?.stop();
});

test('first run, sign out and in, reload, tampered token, not found', async ({ page }) => {
  expect(core.setupKey).toMatch(/^[A-Za-z0-9]{16}$/);

  await test.step('fresh core → detected → owner setup with the printed key → customize → home', async () => {
    await setupOwnerThroughUi(page, core, { coreName: 'E2E Core' });
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${OWNER.username}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create a new instance' })).toBeEnabled();
    await expect(page.getByText('E2E Core').first()).toBeVisible();
  });

  await test.step('sign out leaves a guest on home', async () => {
    await page
      .getByRole('button', { name: new RegExp(OWNER.username) })
      .last()
      .click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByText('Log in to view your server instances')).toBeVisible();
  });

  await test.step('a wrong password shows the error', async () => {
    await page.goto(`${core.url}/login/user`);
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Error: Unauthorized: Credential mismatch')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/user/);
  });

  await test.step('the right password signs in, and a reload keeps the session', async () => {
    await signInThroughUi(page, core, OWNER.username, OWNER.password);
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${OWNER.username}` }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${OWNER.username}` }),
    ).toBeVisible();
  });

  await test.step('a tampered token is cleared with its toast', async () => {
    await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('tokens') ?? '{}') as Record<string, string>;
      for (const key of Object.keys(tokens)) tokens[key] = 'not-a-jwt';
      localStorage.setItem('tokens', JSON.stringify(tokens));
    });
    await page.reload();
    await expect(page.getByText('Invalid token').first()).toBeVisible();
    await expect(page.getByText('Log in to view your server instances')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('tokens'));
    expect(stored ?? '').not.toContain('not-a-jwt');
  });

  await test.step('an unknown path shows not-found and Go Home works', async () => {
    await page.goto(`${core.url}/no/such/page`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(new RegExp(`^${core.url}/(\\?|$)`));
    await expect(page.getByText('Log in to view your server instances')).toBeVisible();
  });
});
