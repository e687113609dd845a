import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { PublicUser } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { apiCall, createFlyingSquidInstance, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 6, dashboard part: users, permissions and core settings. One core, the owner in one browser
// context and a regular user in another. The owner creates the user and grants two permissions on
// one of two flying-squid instances; the user sees only that instance, uses its console and is
// refused the rest; the owner revokes and the user's page follows live; safe mode locks the
// Unsafe Settings.
test.describe.configure({ mode: 'serial' });

const USER = { username: 'carol', password: 'carol-password-1' } as const;
const ALPHA = 'Alpha Squid';
const BETA = 'Beta Squid';

let core: RunningCore;
let ownerContext: BrowserContext;
let userContext: BrowserContext;
let owner: Page;
let member: Page;
let ownerToken: string;
let alpha: string;

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  ownerContext = await browser.newContext();
  userContext = await browser.newContext();
  owner = await ownerContext.newPage();
  member = await userContext.newPage();
});

test.afterAll(async () => {
  await ownerContext?.close();
  await userContext?.close();
  await core?.stop();
});

function sidebarEntry(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Instance list' })
    .getByRole('button', { name: new RegExp(name) });
}

function settingsNav(page: Page) {
  return page.getByRole('navigation', { name: 'Settings' });
}

/** Opens the multi-select of `permission` and sets whether `instance` is in it. */
async function setInstancePermission(
  page: Page,
  permission: string,
  instance: string,
  on: boolean,
): Promise<void> {
  // The picker's name holds what it shows: "View instance: No instances".
  await page.getByRole('button', { name: `${permission}: ` }).click();
  const options = page.getByRole('group', { name: permission, exact: true });
  const box = options.getByRole('checkbox', { name: instance });
  if (on) await box.check();
  else await box.uncheck();
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
}

async function storedPermissions(username: string): Promise<PublicUser['permissions']> {
  const users = await apiCall<PublicUser[]>(core, ownerToken, 'GET', '/user/list');
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user.permissions;
}

async function openMember(page: Page): Promise<void> {
  await settingsNav(page).getByRole('link', { name: 'Users' }).click();
  await settingsNav(page)
    .getByRole('list', { name: 'Users' })
    .getByRole('button', { name: USER.username })
    .click();
  await expect(page.getByRole('heading', { name: USER.username, level: 1 })).toBeVisible();
}

test('the owner creates a user and grants View instance and Access console on one instance', async () => {
  ownerToken = await setupOwnerThroughUi(owner, core);
  alpha = await createFlyingSquidInstance(core, ownerToken, ALPHA);
  await createFlyingSquidInstance(core, ownerToken, BETA);

  await owner.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(owner).toHaveURL(/\/settings\/general/);
  await settingsNav(owner).getByRole('link', { name: 'Users' }).click();
  await expect(owner.getByRole('heading', { name: 'All Members (1)' })).toBeVisible();

  await test.step('Create New User', async () => {
    await owner.getByRole('button', { name: 'Create New User' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create New User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await dialog.getByLabel('Username').fill(USER.username);
    await dialog.getByLabel('Password', { exact: true }).fill(USER.password);
    await dialog.getByLabel('Confirm Password').fill(USER.password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('heading', { name: 'All Members (2)' })).toBeVisible();
    // Current user first, marked (You), in the nav.
    await expect(
      settingsNav(owner).getByRole('list', { name: 'Users' }).getByRole('button'),
    ).toHaveText(['owner(You)', USER.username]);
  });

  await test.step('grant two permissions on Alpha only', async () => {
    await owner
      .getByRole('list', { name: 'Members' })
      .getByRole('button', { name: USER.username, exact: true })
      .click();
    await expect(owner.getByRole('heading', { name: USER.username, level: 1 })).toBeVisible();
    await setInstancePermission(owner, 'View instance', ALPHA, true);
    await setInstancePermission(owner, 'Access console', ALPHA, true);
    await expect(owner.getByRole('button', { name: /^View instance: / })).toHaveText(ALPHA);
    await expect
      .poll(async () => {
        const p = await storedPermissions(USER.username);
        return [p.can_view_instance, p.can_access_instance_console, p.can_start_instance];
      })
      .toEqual([[alpha], [alpha], []]);
  });
});

test('the user sees only that instance, uses its console, and gets No permission for start and files', async () => {
  await member.goto(
    `${core.url}/login/user?address=127.0.0.1&port=${core.port}&protocol=http&apiVersion=v1`,
  );
  await member.getByLabel('Username').fill(USER.username);
  await member.getByLabel('Password', { exact: true }).fill(USER.password);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member).not.toHaveURL(/\/login\//);

  await expect(sidebarEntry(member, ALPHA)).toBeVisible();
  await expect(sidebarEntry(member, BETA)).toHaveCount(0);

  await sidebarEntry(member, ALPHA).click();
  await expect(member).toHaveURL(/\/dashboard\/overview\?.*instance=/);
  const nav = member.getByRole('complementary', { name: 'Instance navigation' });
  const start = nav.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAttribute('title', 'No permission');

  await test.step('the console works once the owner starts the server', async () => {
    await apiCall(core, ownerToken, 'PUT', `/instance/${alpha}/start`);
    await expect(sidebarEntry(member, ALPHA)).toHaveAccessibleName(/Running/, { timeout: 90_000 });
    await member
      .getByRole('navigation', { name: 'Instance tabs' })
      .getByRole('button', { name: 'Console' })
      .click();
    const input = member.getByRole('textbox', { name: 'Console command' });
    await expect(input).toBeEnabled();
    await input.fill('list');
    await input.press('Enter');
    await expect(
      member.getByText(/There are 0 of a max of \d+ players online/).first(),
    ).toBeVisible();
  });

  await test.step('files: no permission', async () => {
    await member
      .getByRole('navigation', { name: 'Instance tabs' })
      .getByRole('button', { name: 'Files' })
      .click();
    await expect(member.getByText("You don't have permission to read this folder")).toBeVisible();
  });

  await member
    .getByRole('navigation', { name: 'Instance tabs' })
    .getByRole('button', { name: 'Console' })
    .click();
  await expect(member.getByRole('textbox', { name: 'Console command' })).toBeEnabled();
});

test("the owner revokes, and the user's page loses access live", async () => {
  await setInstancePermission(owner, 'Access console', ALPHA, false);
  await expect(member.getByText("You don't have permission to access this console")).toBeVisible();
  const input = member.getByRole('textbox', { name: 'Console command' });
  await expect(input).toBeDisabled();
  await expect(input).toHaveAttribute('placeholder', 'No permission');

  await setInstancePermission(owner, 'View instance', ALPHA, false);
  await expect(sidebarEntry(member, ALPHA)).toHaveCount(0);
  // An instance the user can no longer see is not one to stay on: the page goes home (issue 15 #6).
  await expect.poll(() => new URL(member.url()).pathname).toBe('/');
  expect(new URL(member.url()).searchParams.has('instance')).toBe(false);
  await expect(member.getByRole('article', { name: ALPHA })).toHaveCount(0);
  await expect
    .poll(async () => (await storedPermissions(USER.username)).can_view_instance)
    .toEqual([]);
  await apiCall(core, ownerToken, 'PUT', `/instance/${alpha}/stop`);
});

test('safe mode on greys the Unsafe Settings', async () => {
  const unsafe = owner.getByRole('region', { name: 'Unsafe Settings' });
  const safeMode = owner.getByRole('switch', { name: 'Safe Mode' });

  await test.step('safe mode is on by default: the section is locked', async () => {
    await expect(unsafe.getByRole('button', { name: /^Write files: / })).toBeDisabled();
    await expect(unsafe.getByRole('switch', { name: 'Manage permissions' })).toBeDisabled();
  });

  await test.step('turning it off asks first, then unlocks the section', async () => {
    await settingsNav(owner).getByRole('link', { name: 'General' }).click();
    await expect(safeMode).toBeChecked();
    await safeMode.click();
    const confirm = owner.getByRole('dialog', { name: 'Turn off safe mode?' });
    await confirm.getByRole('button', { name: 'Turn off safe mode' }).click();
    await expect(confirm).toBeHidden();
    await expect(safeMode).not.toBeChecked();
    await openMember(owner);
    await expect(unsafe.getByRole('button', { name: /^Write files: / })).toBeEnabled();
    await expect(unsafe.getByRole('switch', { name: 'Manage permissions' })).toBeEnabled();
  });

  await test.step('turning it on applies at once and greys the section again', async () => {
    await settingsNav(owner).getByRole('link', { name: 'General' }).click();
    await safeMode.click();
    await expect(owner.getByRole('dialog')).toHaveCount(0);
    await expect(safeMode).toBeChecked();
    await expect
      .poll(
        async () =>
          (await apiCall<{ safe_mode: boolean }>(core, ownerToken, 'GET', '/global_settings'))
            .safe_mode,
      )
      .toBe(true);
    await openMember(owner);
    for (const name of ['Write resources', 'Access macros', 'Write files']) {
      await expect(unsafe.getByRole('button', { name: new RegExp(`^${name}: `) })).toBeDisabled();
    }
    for (const name of ['Write global files', 'Manage permissions']) {
      await expect(unsafe.getByRole('switch', { name })).toBeDisabled();
    }
    await expect(owner.getByRole('button', { name: /^View instance: / })).toBeEnabled();
  });
});
