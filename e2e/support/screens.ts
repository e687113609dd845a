import { expect, type Locator, type Page } from '@playwright/test';

// Every screen the axe pass (tests/a11y.spec.ts) visits once a core is set up, with one instance
// (a flying-squid server, running) and one member. Adding a screen is one line here: its name,
// its path, and — when its content loads after its heading — what shows once it is loaded.

export interface ScreenVars {
  /** The instance's uuid (`{instance}` in a path). */
  instance: string;
  /** The member's uid (`{member}`). */
  member: string;
}

export interface Screen {
  name: string;
  /** Path and query on the core's URL; `{instance}` and `{member}` are filled in. */
  path: string;
  /** Visible once the screen shows what it loads (default: its level-one heading). */
  ready?: (page: Page) => Locator;
  /** Run once it is ready: opens what is checked with it (a dialog, a menu, a file). */
  open?: (page: Page) => Promise<void>;
  /** Seen signed out (default: as the owner). */
  guest?: boolean;
  /** Checked at phone size too (44 px controls, no sideways scroll); default true. */
  phone?: boolean;
}

/** An instance tab of the selected instance: `/dashboard/<segment>?instance=…`. */
export function tab(name: string, segment: string, extra: Partial<Screen> = {}): Screen {
  return { name, path: `/dashboard/${segment}?instance={instance}`, ...extra };
}

const FLYING_SQUID_CONFIG = 'hearth-squid.json';

/** On a phone the sidebar (instances, account menu) is in the Menu drawer: open it first. */
async function openSidebar(page: Page, tx: (english: string) => string): Promise<void> {
  const menu = page.getByRole('button', { name: tx('Open menu') });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('dialog', { name: tx('Menu') })).toBeVisible();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openDialogFrom(page: Page, button: Locator, dialog: string): Promise<void> {
  await button.click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

/**
 * The screens, their texts through `tx`: the English as it is, or what a language makes of it (the
 * phone walk in the pseudo-locale passes its accenting function; names and data stay as they are).
 */
export function screensIn(tx: (english: string) => string): readonly Screen[] {
  /** A name that starts with the text `english`, then matches `rest` (a regular expression). */
  const startsWith = (english: string, rest = '') =>
    new RegExp(`^${escapeRegExp(tx(english))}${rest}`);
  return [
    { name: 'Home', path: '/', ready: (p) => p.getByRole('list', { name: tx('Instances') }) },
    { name: 'Home (guest)', path: '/', guest: true },
    {
      name: 'Create-instance wizard',
      path: '/',
      ready: (p) => p.getByRole('list', { name: tx('Instances') }),
      open: async (p) => {
        await openDialogFrom(
          p,
          p.getByRole('button', { name: tx('Create a new instance') }),
          tx('Create a new instance'),
        );
        await p.waitForTimeout(1500);
      },
    },
    {
      name: 'Notification panel',
      path: '/',
      open: async (p) => {
        await p.getByRole('button', { name: startsWith('Notifications') }).click();
        await expect(p.getByRole('dialog', { name: tx('Notification panel') })).toBeVisible();
      },
    },
    {
      name: 'Account menu',
      path: '/',
      open: async (p) => {
        await openSidebar(p, tx);
        await p
          .getByRole('button', { name: new RegExp(`${escapeRegExp(tx(', account'))}$`) })
          .click();
        await expect(p.getByRole('menu')).toBeVisible();
      },
    },
    tab('Overview', 'overview', {
      ready: (p) => p.getByRole('figure', { name: startsWith('CPU chart, ', '[1-9]') }),
    }),
    tab('Instance Settings', 'settings', {
      ready: (p) => p.getByRole('heading', { name: tx('Danger Zone') }),
    }),
    tab('Delete instance dialog', 'settings', {
      ready: (p) => p.getByRole('heading', { name: tx('Danger Zone') }),
      open: async (p) => {
        await p.getByRole('button', { name: tx('Delete'), exact: true }).click();
        await expect(p.getByRole('dialog', { name: startsWith('Delete "') })).toBeVisible();
      },
    }),
    tab('Console', 'console', {
      ready: (p) =>
        p
          .getByRole('log', { name: tx('Console output') })
          .locator('[data-index]')
          .first(),
    }),
    tab('Files', 'files', {
      ready: (p) =>
        p
          .getByRole('grid', { name: tx('Files') })
          .getByRole('button', { name: FLYING_SQUID_CONFIG, exact: true }),
    }),
    tab('Files: a file open', 'files', {
      ready: (p) =>
        p
          .getByRole('grid', { name: tx('Files') })
          .getByRole('button', { name: FLYING_SQUID_CONFIG, exact: true }),
      open: async (p) => {
        await p
          .getByRole('grid', { name: tx('Files') })
          .getByRole('button', { name: FLYING_SQUID_CONFIG, exact: true })
          .click();
        await expect(
          p.getByRole('textbox', { name: `${tx('Contents of ')}${FLYING_SQUID_CONFIG}` }),
        ).toBeVisible();
      },
    }),
    // The context menu keeps the spec's fixed 176 × 259 size (its entries are not 44 px high).
    tab('Files: context menu', 'files', {
      phone: false,
      ready: (p) =>
        p
          .getByRole('grid', { name: tx('Files') })
          .getByRole('button', { name: FLYING_SQUID_CONFIG, exact: true }),
      open: async (p) => {
        await p
          .getByRole('grid', { name: tx('Files') })
          .getByRole('button', { name: FLYING_SQUID_CONFIG, exact: true })
          .click({ button: 'right' });
        await expect(p.getByRole('menu')).toBeVisible();
      },
    }),
    tab('Files: new file dialog', 'files', {
      ready: (p) => p.getByRole('grid', { name: tx('Files') }),
      open: async (p) => {
        await p.getByRole('button', { name: tx('Add/Remove') }).click();
        await p.getByRole('menuitem', { name: tx('New file') }).click();
        await expect(p.getByRole('dialog', { name: tx('Name your file') })).toBeVisible();
      },
    }),
    tab('Event Logs', 'logs', {
      ready: (p) =>
        p
          .getByRole('table', { name: tx('Event log') })
          .getByRole('row')
          .nth(1),
    }),
    tab('Macros', 'macros', { ready: (p) => p.getByRole('tablist', { name: tx('Macro tables') }) }),
    tab('Backups', 'backups', {
      ready: (p) => p.getByRole('button', { name: tx('Create backup') }),
    }),
    tab('Schedules', 'schedules', {
      // exact: the tab's own h2, not also the page's sr-only h1 "Schedules - {instance}".
      ready: (p) => p.getByRole('heading', { name: tx('Schedules'), exact: true }),
    }),
    tab('Players', 'players', {
      ready: (p) => p.getByRole('region', { name: tx('Banned players') }),
    }),
    tab('Players: ban dialog', 'players', {
      ready: (p) => p.getByRole('button', { name: tx('Ban player') }),
      open: async (p) => {
        await p.getByRole('button', { name: tx('Ban player') }).click();
        await expect(p.getByRole('dialog', { name: tx('Ban a player') })).toBeVisible();
      },
    }),
    tab('Playitgg', 'playitgg'),
    tab('Unknown tab', 'nothing'),
    { name: 'Instance not found', path: '/dashboard/overview' },
    {
      name: 'Core Settings',
      path: '/settings/general',
      ready: (p) => p.getByRole('heading', { name: tx('Danger Zone') }),
    },
    {
      name: 'User Settings',
      path: '/settings/users?user={member}',
      ready: (p) => p.getByRole('heading', { name: tx('Unsafe Settings') }),
    },
    {
      name: 'Create user dialog',
      path: '/settings/users',
      ready: (p) => p.getByRole('button', { name: tx('Create New User') }),
      open: async (p) => {
        await p.getByRole('button', { name: tx('Create New User') }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    { name: 'Profile', path: '/settings/profile' },
    {
      name: 'Core Event Logs',
      path: '/settings/events',
      ready: (p) =>
        p
          .getByRole('table', { name: tx('Event log') })
          .getByRole('row')
          .nth(1),
    },
    { name: 'Webhooks', path: '/settings/webhooks' },
    { name: 'Select core', path: '/login/core/select' },
    { name: 'Add core', path: '/login/core/new' },
    { name: 'Select user', path: '/login/user/select' },
    { name: 'Sign in', path: '/login/user' },
    { name: 'Not found', path: '/no/such/page' },
  ];
}

/** The screens in English. */
export const SCREENS: readonly Screen[] = screensIn((english) => english);

export function screenUrl(base: string, screen: Screen, vars: ScreenVars): string {
  return base + screen.path.replace('{instance}', vars.instance).replace('{member}', vars.member);
}
