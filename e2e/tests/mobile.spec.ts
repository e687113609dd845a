import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { expectAccessible } from '../support/a11y.ts';
import { startCore, type RunningCore } from '../support/core-process.ts';
import {
  addAutomation,
  apiCall,
  createFlyingSquidInstance,
  setupOwnerThroughUi,
  signedInContext,
} from '../support/flows.ts';
import { pseudoText } from '../../apps/dashboard/i18n/pseudo.ts';
import { SCREENS, screensIn, screenUrl, type Screen, type ScreenVars } from '../support/screens.ts';
import { expectPhoneFriendly } from '../support/touch.ts';

// Issue 17: the dashboard on a phone (390 × 844, touch). From home, the instance is reached through
// the menu drawer; Overview (start it), Console (send a command), Files (open a file, change it,
// save it) and Settings (change a setting) are used through the tab strip, with every control at
// least 44 px and nothing scrolling sideways. Each screen is photographed at phone size and at a
// desktop size (attached to the test), and the phone-only parts (drawer, tab strip) get an axe pass
// in both themes.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SQUID = 'Pocket Squid';
const NOTE = 'notes.txt';

let core: RunningCore;
let token = '';
let uuid = '';
let context: BrowserContext;
let page: Page;
const vars: ScreenVars = { instance: '', member: '' };

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  const setup = await browser.newPage();
  token = await setupOwnerThroughUi(setup, core);
  await setup.close();
  uuid = await createFlyingSquidInstance(core, token, SQUID);
  vars.instance = uuid;
  const member = await apiCall<{ user: { uid: string } }>(core, token, 'POST', '/user', {
    username: 'member',
    password: 'member-password-1',
  });
  vars.member = member.user.uid;
  await apiCall(core, token, 'PUT', '/global_settings/playit_enabled', true);
  await addAutomation(core, token, uuid);
  const write = await fetch(`${core.url}/api/v1${apiPaths.fsWrite(uuid, NOTE)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: 'first line',
  });
  expect(write.status).toBe(200);
  context = await signedInContext(browser, core, token, {
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await core?.stop();
});

const strip = () => page.getByRole('navigation', { name: 'Instance tabs' });
const stateOf = () => page.getByRole('status', { name: 'Instance state' });

async function openTab(name: string): Promise<void> {
  await strip().getByRole('button', { name, exact: true }).tap();
  await expect(strip().getByRole('button', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

/**
 * Photographs the screen at phone size, then at desktop size: files in the test's output folder
 * (test-results/…), attached to the test.
 */
async function photograph(testInfo: TestInfo, screen: string): Promise<void> {
  const shoot = async (size: { width: number; height: number }) => {
    const file = testInfo.outputPath(`${screen.toLowerCase()}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`${screen} at ${size.width}x${size.height}`, {
      path: file,
      contentType: 'image/png',
    });
  };
  await shoot(PHONE);
  await page.setViewportSize(DESKTOP);
  // The desktop layout is back: the side nav with its resize handle, no Menu button.
  await expect(page.getByRole('separator', { name: 'Resize instance navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await shoot(DESKTOP);
  await page.setViewportSize(PHONE);
  await expect(strip()).toBeVisible();
}

test('phone: drawer to the instance; overview, console, files and settings in use', async () => {
  const testInfo = test.info();
  test.setTimeout(240_000);
  await page.goto(core.url);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expectPhoneFriendly(page, 'Home');

  await test.step('the menu drawer lists the instances and closes on the way there', async () => {
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('list', { name: 'Instance list' })).toBeVisible();
    await expectPhoneFriendly(page, 'Menu drawer');
    await expectAccessible(page, 'Menu drawer (phone)', testInfo, { headings: false });
    await drawer.getByRole('button', { name: new RegExp(SQUID) }).tap();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/overview\?.*instance=/);
  });

  await test.step('overview: start the server from the bar over the tabs', async () => {
    await expect(strip()).toBeVisible();
    await page
      .getByRole('complementary', { name: 'Instance navigation' })
      .getByRole('button', { name: 'Start' })
      .tap();
    await expect(stateOf()).toHaveText('Running', { timeout: 90_000 });
    await expect(page.getByRole('figure', { name: /^CPU chart, [1-9]/ })).toBeVisible({
      timeout: 30_000,
    });
    const chart = await page.getByRole('figure', { name: /^CPU chart/ }).boundingBox();
    expect(chart?.width ?? 0).toBeGreaterThan(PHONE.width - 80);
    await expectPhoneFriendly(page, 'Overview');
    await expectAccessible(page, 'Overview (phone)', testInfo);
    await photograph(testInfo, 'Overview');
  });

  await test.step('console: a command sent from the phone reaches the server', async () => {
    await openTab('Console');
    const box = page.getByRole('textbox', { name: 'Console command' });
    await expect(box).toBeEnabled();
    await box.tap();
    await box.fill('say hello from a phone');
    await page.getByRole('button', { name: 'Send command' }).tap();
    await expect(page.getByRole('log', { name: 'Console output' })).toContainText(
      '[Server] hello from a phone',
    );
    const rows = page.getByRole('log', { name: 'Console output' }).locator('[data-index]');
    await expect(rows.first()).toHaveCSS('height', '20px');
    await expectPhoneFriendly(page, 'Console');
    await photograph(testInfo, 'Console');
  });

  await test.step('files: open a file, change it, save it', async () => {
    await openTab('Files');
    const grid = page.getByRole('grid', { name: 'Files' });
    await grid.getByRole('button', { name: NOTE, exact: true }).tap();
    const content = page.getByRole('textbox', { name: `Contents of ${NOTE}` });
    await expect(content).toHaveText('first line');
    await content.tap();
    await page.keyboard.press('End');
    await page.keyboard.type(', and one from a phone');
    await page.getByRole('toolbar', { name: 'Files' }).getByRole('button', { name: 'Save' }).tap();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `Saved ${NOTE}` }),
    ).toBeVisible();
    const read = await fetch(`${core.url}/api/v1${apiPaths.fsRead(uuid, NOTE)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await read.text()).toBe('first line, and one from a phone');
    await expectPhoneFriendly(page, 'Files');
    await expectAccessible(page, 'Files with the editor (phone)', testInfo);
    await photograph(testInfo, 'Files');
  });

  await test.step('settings: a setting changed from the phone is stored', async () => {
    await openTab('Settings');
    const autoStart = page.getByRole('switch', { name: 'Auto Start' });
    await expect(autoStart).not.toBeChecked();
    await autoStart.tap();
    await expect(autoStart).toBeChecked();
    await expect
      .poll(async () => {
        const list = await apiCall<{ uuid: string; auto_start?: boolean }[]>(
          core,
          token,
          'GET',
          '/instance/list',
        );
        return JSON.stringify(list.find((i) => i.uuid === uuid));
      })
      .toContain('"auto_start":true');
    await expectPhoneFriendly(page, 'Settings');
    await photograph(testInfo, 'Settings');
  });
});

/** The server running (the first test starts it from the phone; run alone, this one does). */
async function ensureRunning(): Promise<void> {
  const state = async () =>
    (await apiCall<{ uuid: string; state: string }[]>(core, token, 'GET', '/instance/list')).find(
      (i) => i.uuid === uuid,
    )?.state;
  if ((await state()) === 'Stopped') await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
  await expect.poll(state, { timeout: 90_000 }).toBe('Running');
}

/**
 * Opens every phone screen as the owner (or signed out, for the guest screens) and checks it:
 * nothing scrolls sideways and every control is finger-sized.
 */
async function walkScreens(
  screens: readonly Screen[],
  owner: Page,
  guest: Page,
  check: (target: Page, screen: Screen) => Promise<void> = async () => {},
): Promise<void> {
  for (const screen of screens.filter((s) => s.phone !== false)) {
    await test.step(screen.name, async () => {
      const target = screen.guest ? guest : owner;
      await target.goto(screenUrl(core.url, screen, vars));
      await expect(screen.ready?.(target) ?? target.locator('h1:visible').first()).toBeAttached({
        timeout: 30_000,
      });
      await screen.open?.(target);
      await expectPhoneFriendly(target, screen.name);
      await check(target, screen);
    });
  }
}

test('phone: every screen fits the width and has finger-sized controls', async ({ browser }) => {
  test.setTimeout(240_000);
  await ensureRunning();
  const guest = await signedInContext(browser, core, null, {
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  try {
    await walkScreens(SCREENS, page, await guest.newPage());
  } finally {
    await guest.close();
  }
});

// Issue 29: the same walk in the pseudo-locale — every text accented and ~30 % longer, as German
// often is — so a text cut off or pushing the page sideways shows, and so does a text that never
// went through the catalog (it stays plain ASCII).
const PSEUDO = { viewport: PHONE, hasTouch: true, isMobile: true } as const;

/** What a user or a game wrote, product names and units: not the dashboard's text to translate. */
const NOT_OURS = new Set(
  [
    ...[SQUID, NOTE, 'hearth-squid.json', 'member', 'owner', 'Hearth', 'Minecraft', 'flying-squid'],
    ...['Modrinth', 'playit.gg', 'SFTP', 'MiB', 'GiB', 'KiB', 'CPU', 'RAM', 'UTC', 'Java', 'JSON'],
  ].flatMap((text) => text.split(/[^A-Za-z]+/)),
);

/**
 * The page's visible texts that no catalog gave: letters, none of them accented (a translated
 * message with a name or a number in it has accented letters around them, so it passes). What
 * users, games and the core wrote on its own is marked `translate="no"` (as for a browser's
 * translator), and a language's own name carries its `lang`: both are skipped.
 */
async function plainTexts(target: Page): Promise<string[]> {
  const texts = await target.evaluate(() => {
    const found: string[] = [];
    const theirs = '[translate="no"], body [lang], [role="log"], textarea, input, code, pre';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(theirs) || parent.closest('[aria-hidden="true"]')) continue;
      if (!parent.checkVisibility()) continue;
      const text = (node.textContent ?? '').trim();
      if (text) found.push(text);
    }
    return found;
  });
  const plain = (text: string) =>
    !/[^\P{L}A-Za-z]/u.test(text) &&
    text.split(/[^A-Za-z]+/).some((word) => word.length >= 3 && !NOT_OURS.has(word));
  return [...new Set(texts.filter(plain))];
}

test('phone, in the pseudo-locale: every screen fits, and no text skipped the catalog', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await ensureRunning();
  const pseudo = async (jwt: string | null) => {
    const context = await signedInContext(browser, core, jwt, PSEUDO);
    await context.addInitScript(() => localStorage.setItem('hearth.locale', 'pseudo'));
    return context;
  };
  const owner = await pseudo(token);
  const guest = await pseudo(null);
  const plain = new Map<string, string[]>();
  try {
    const ownerPage = await owner.newPage();
    await walkScreens(
      screensIn(pseudoText),
      ownerPage,
      await guest.newPage(),
      async (target, screen) => {
        await expect(target.locator('html')).toHaveAttribute('lang', 'en-XA');
        const words = await plainTexts(target);
        if (words.length > 0) plain.set(screen.name, words);
      },
    );
  } finally {
    await owner.close();
    await guest.close();
  }
  expect(Object.fromEntries(plain)).toEqual({});
});
