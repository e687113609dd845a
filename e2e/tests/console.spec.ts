import { expect, test, type Page } from '@playwright/test';
import { startCore, type RunningCore } from '../support/core-process.ts';
import { apiCall, createFlyingSquidInstance, setupOwnerThroughUi } from '../support/flows.ts';

// Issue 4 part B: the Console tab against a real core and a real flying-squid server. The instance is
// created and started through the API (the wizard has its own spec); everything after that goes
// through the console page: history, live lines, a command that reaches the server, a second page
// that follows without a reload, the command history across a reload, and the stopped state.
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
test.beforeAll(async () => {
  core = await startCore();
});
test.afterAll(async () => {
  await core?.stop();
});

const output = (page: Page) => page.getByRole('log', { name: 'Console output' });
const commandBox = (page: Page) => page.getByRole('textbox', { name: 'Console command' });
const consoleStatus = (page: Page, name: string) => page.getByRole('status', { name, exact: true });

async function waitForState(token: string, uuid: string, state: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ uuid: string; state: string }[]>(core, token, 'GET', '/instance/list')
        ).find((i) => i.uuid === uuid)?.state,
      {
        timeout: 60_000,
      },
    )
    .toBe(state);
}

test('console: server lines, a command reaches the server, a second page follows live', async ({
  page,
  context,
}) => {
  const token = await setupOwnerThroughUi(page, core);
  const uuid = await createFlyingSquidInstance(core, token, 'Console Squid');
  await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
  await waitForState(token, uuid, 'Running');
  const consoleUrl = `${core.url}/dashboard/console?instance=${uuid}`;

  await test.step('the console shows the server lines (history) and goes live', async () => {
    await page.goto(consoleUrl);
    await expect(consoleStatus(page, 'Console is live')).toBeVisible();
    await expect(output(page)).toContainText('Starting minecraft server version');
    await expect(output(page)).toContainText('Done (');
    await expect(commandBox(page)).toHaveAttribute('placeholder', 'Enter command...');
  });

  const second = await context.newPage();
  await test.step('a second page on the same console', async () => {
    await second.goto(consoleUrl);
    await expect(consoleStatus(second, 'Console is live')).toBeVisible();
    await expect(output(second)).toContainText('Done (');
  });

  await test.step('say hello reaches the server; both pages see its answer without a reload', async () => {
    await commandBox(page).fill('say hello');
    await commandBox(page).press('Enter');
    await expect(commandBox(page)).toHaveValue('');
    await expect(output(page)).toContainText('[Server] hello');
    await expect(output(second)).toContainText('[Server] hello');
  });

  await test.step('search filters the lines (regex, case-insensitive)', async () => {
    const search = page.getByRole('searchbox', { name: 'Search console' });
    await search.fill('^\\[.*\\] \\[server thread/info\\]: \\[SERVER\\] HEL+O$');
    await expect(output(page).locator('[data-index]')).toHaveCount(1);
    await expect(output(page)).toContainText('[Server] hello');
    await search.fill('[unclosed');
    await expect(page.getByText('No lines match the search')).toBeVisible();
    await search.fill('');
    await expect(output(page)).toContainText('Done (');
  });

  await test.step('the command history survives a reload', async () => {
    await page.reload();
    await expect(consoleStatus(page, 'Console is live')).toBeVisible();
    await commandBox(page).press('ArrowUp');
    await expect(commandBox(page)).toHaveValue('say hello');
    await commandBox(page).press('ArrowDown');
    await expect(commandBox(page)).toHaveValue('');
  });

  await test.step('a stopped instance disables the input on both pages', async () => {
    await apiCall(core, token, 'PUT', `/instance/${uuid}/stop`);
    await waitForState(token, uuid, 'Stopped');
    for (const p of [page, second]) {
      await expect(consoleStatus(p, 'Instance is stopped')).toBeVisible();
      await expect(commandBox(p)).toBeDisabled();
      await expect(commandBox(p)).toHaveAttribute('placeholder', 'Instance is stopped');
      await expect(output(p)).toContainText('Stopping server');
    }
  });
  await second.close();
});
