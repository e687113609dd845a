import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { apiPaths } from '@hearth/protocol';
import { pollFor } from '../../apps/core/test-support/poll.ts';
import type { RunningCore } from './core-process.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shipped flying-squid generic definition (a Java-free Minecraft-compatible server). */
export const FLYING_SQUID_DEFINITION_URL = pathToFileURL(
  path.join(repoRoot, 'apps/core/definitions/flying-squid/definition.ts'),
).href;

export const OWNER = { username: 'owner', password: 'owner-password-1' } as const;

export type FirstRunScreen = 'detected' | 'owner-setup' | 'customise';

/**
 * A fresh browser on a fresh core: the dashboard detects the local core, the owner is created with
 * the key the core printed, the core is named, and we land on home. Returns the owner's token.
 */
export async function setupOwnerThroughUi(
  page: Page,
  core: RunningCore,
  options: {
    username?: string;
    password?: string;
    coreName?: string;
    /** Called on each first-run screen once it shows, before anything is done on it. */
    onScreen?: (screen: FirstRunScreen) => Promise<void>;
  } = {},
): Promise<string> {
  const username = options.username ?? OWNER.username;
  const password = options.password ?? OWNER.password;
  if (!core.setupKey) throw new Error('this core is already set up');
  await page.goto(core.url);
  const dialog = page.getByRole('dialog', { name: 'New Local Core Detected' });
  await expect(dialog).toBeVisible();
  await options.onScreen?.('detected');
  await dialog.getByRole('button', { name: 'Setup' }).click();
  await expect(page).toHaveURL(/\/login\/core\/first_setup/);
  await expect(page.getByLabel('Setup Key')).toBeVisible();
  await options.onScreen?.('owner-setup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Setup Key').fill(core.setupKey);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create owner account' }).click();
  await expect(page).toHaveURL(/\/login\/core\/first_config/);
  await expect(page.getByLabel('Core Name')).toBeVisible();
  await options.onScreen?.('customise');
  await page.getByLabel('Core Name').fill(options.coreName ?? 'E2E Core');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${core.url}/(\\?|$)`));
  return tokenOf(page);
}

/** The JWT the dashboard stored for the current core. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('tokens');
    if (!raw) return null;
    const map = JSON.parse(raw) as Record<string, string>;
    return Object.values(map)[0] ?? null;
  });
  if (!token) throw new Error('no token stored');
  return token;
}

/** Signs in through /login/user (the core must already be saved in this browser). */
export async function signInThroughUi(
  page: Page,
  core: RunningCore,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${core.url}/login/user`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login\//);
}

/** Calls the core API with a bearer token; throws on a non-2xx answer. */
export async function apiCall<T = unknown>(
  core: RunningCore,
  token: string | null,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${core.url}/api/v1${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A free TCP port on 127.0.0.1 (bound then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface SetupManifestLike {
  setting_sections: Record<
    string,
    { settings: Record<string, { value: unknown; value_type: { type: string } }> }
  >;
}

/**
 * Creates a flying-squid generic instance through the API (faster than the wizard) and waits until
 * it appears in /instance/list. Returns its uuid.
 */
export async function createFlyingSquidInstance(
  core: RunningCore,
  token: string,
  name: string,
  port?: number,
  /** Setup values by setting id (e.g. `{ version: '1.16.5' }`), over the manifest's defaults. */
  values: Record<string, string | number> = {},
): Promise<string> {
  const serverPort = port ?? (await freePort());
  const manifest = await apiCall<SetupManifestLike>(core, token, 'PUT', '/generic_setup_manifest', {
    url: FLYING_SQUID_DEFINITION_URL,
  });
  const setting_sections: Record<string, { settings: Record<string, { value: unknown }> }> = {};
  for (const [sectionId, section] of Object.entries(manifest.setting_sections)) {
    setting_sections[sectionId] = { settings: {} };
    for (const [settingId, setting] of Object.entries(section.settings)) {
      const given = values[settingId];
      const value =
        settingId === 'port'
          ? { type: 'UnsignedInteger', value: serverPort }
          : given !== undefined
            ? { type: setting.value_type.type, value: given }
            : setting.value;
      setting_sections[sectionId].settings[settingId] = { value };
    }
  }
  await apiCall(core, token, 'POST', '/instance/create_generic', {
    url: FLYING_SQUID_DEFINITION_URL,
    setup_value: {
      name,
      description: '',
      auto_start: false,
      restart_on_crash: false,
      setting_sections,
    },
  });
  return pollFor(
    `instance ${name} to be created`,
    async () => {
      const list = await apiCall<{ uuid: string; name: string }[]>(
        core,
        token,
        'GET',
        '/instance/list',
      );
      return list.find((i) => i.name === name)?.uuid ?? null;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
}

/**
 * A browser context that already knows the core (saved and current), signed in with `token` or,
 * with null, as a guest.
 */
export async function signedInContext(
  browser: Browser,
  core: RunningCore,
  token: string | null,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ({ port, jwt }) => {
      if (localStorage.getItem('address')) return;
      localStorage.setItem(
        'cores',
        JSON.stringify([{ address: '127.0.0.1', port, protocol: 'http', apiVersion: 'v1' }]),
      );
      localStorage.setItem('address', '127.0.0.1');
      localStorage.setItem('port', String(port));
      if (jwt) localStorage.setItem('tokens', JSON.stringify({ [`127.0.0.1:${port}`]: jwt }));
    },
    { port: core.port, jwt: token },
  );
  return context;
}

/**
 * Gives the Backups, Schedules and Webhooks screens something to list, with the long words a user
 * types (issue 23 item 17: an empty screen hides a table that widens the page): a backup, a
 * schedule, and a webhook whose test delivery to a closed port leaves a last error. The core is
 * told to allow a loopback target for it.
 */
export async function addAutomation(core: RunningCore, token: string, uuid: string): Promise<void> {
  await apiCall(core, token, 'POST', apiPaths.backupCreate(uuid), {
    name: 'Before the weekend build contest',
  });
  await apiCall(core, token, 'POST', apiPaths.scheduleCreate(uuid), {
    description: 'Nightly greeting for the players who are still online after midnight',
    trigger: { type: 'Cron', expression: '0 4 * * *', timezone: 'UTC' },
    steps: [{ type: 'Command', command: 'say hi' }],
    enabled: true,
    only_when_running: true,
    continue_on_failure: false,
  });
  await apiCall(core, token, 'PUT', apiPaths.webhookPrivateTargets(), true);
  const hook = await apiCall<{ target: { id: string } }>(
    core,
    token,
    'POST',
    apiPaths.webhookCreate(),
    {
      name: 'Community Discord announcements',
      kind: 'json',
      url: 'http://127.0.0.1:9/hook',
      events: ['crash'],
    },
  );
  await apiCall(core, token, 'POST', apiPaths.webhookTest(hook.target.id));
}
