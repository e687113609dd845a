import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type WebSocketRoute } from '@playwright/test';
import type { InstanceInfo } from '@hearth/protocol';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { apiCall, freePort, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 9: an instance that stops while the dashboard's event socket is down. Before the fix the
// sidebar kept showing it as running after the socket came back. The event socket goes through
// Playwright's WebSocket route so the test can cut it and keep it cut while the core changes.

const NAME = 'Gap E2E';

let core: RunningCore;
let scratch: string;

test.beforeAll(async () => {
  core = await startCore();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-e2e-gap-'));
  // The core runs definitions sandboxed as an unprivileged user: it must be able to read them.
  await fs.chmod(scratch, 0o755);
});

test.afterAll(async () => {
  await core?.stop();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

/** A generic definition whose game is an idle Node process: cheap to start and stop. */
async function idleDefinition(): Promise<string> {
  const file = path.join(scratch, 'idle-definition.mjs');
  await fs.writeFile(
    file,
    `export default {
  game_name: 'idle',
  game_display_name: 'Idle',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: ${await freePort()} }),
  start: () => ({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }),
  stop: { signal: 'SIGTERM' },
};
`,
  );
  return pathToFileURL(file).href;
}

async function stateOnCore(token: string, uuid: string): Promise<string | undefined> {
  const list = await apiCall<InstanceInfo[]>(core, token, 'GET', '/instance/list');
  return list.find((i) => i.uuid === uuid)?.state;
}

test('a state change made while the event socket is down shows once it reconnects', async ({
  page,
}) => {
  let down = false;
  let current: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  await page.routeWebSocket(/\/events\/all\/stream/, async (ws) => {
    if (down) {
      await ws.close({ code: 4000, reason: 'network down (e2e)' });
      return;
    }
    current = { page: ws, server: ws.connectToServer() };
  });

  const token = await setupOwnerThroughUi(page, core);
  const uuid = await apiCall<string>(core, token, 'POST', '/instance/create_generic', {
    url: await idleDefinition(),
    setup_value: { name: NAME, setting_sections: {} },
  });
  const entry = (state: string) =>
    page
      .getByRole('list', { name: 'Instance list' })
      .getByRole('button', { name: `${NAME} (${state})` });
  await expect(entry('Stopped')).toBeVisible({ timeout: 60_000 });

  await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
  await expect(entry('Running')).toBeVisible({ timeout: 30_000 });
  expect(current).not.toBeNull();

  down = true;
  const cut = current!;
  await cut.page.close({ code: 4000, reason: 'network down (e2e)' });
  await cut.server.close();
  await apiCall(core, token, 'PUT', `/instance/${uuid}/stop`);
  await expect.poll(() => stateOnCore(token, uuid), { timeout: 30_000 }).toBe('Stopped');
  await expect(entry('Running')).toBeVisible();

  down = false;
  await expect(entry('Stopped')).toBeVisible();
});
