import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { GlobalSettingsData } from '@hearth/protocol';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: GlobalSettingsData = {
  core_name: 'Basement',
  safe_mode: false,
  domain: null,
  playit_enabled: false,
  modrinth_enabled: true,
};

async function openGeneral(
  options: {
    owner?: boolean;
    settings?: Partial<GlobalSettingsData>;
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  connectTo(TEST_CORE, validJwt());
  // A core that remembers what it was told, so refetches after a change return the new value.
  const stored: GlobalSettingsData = { ...SETTINGS, ...options.settings };
  const setter =
    (field: keyof GlobalSettingsData): FakeHandler =>
    (request) => {
      Object.assign(stored, { [field]: request.body });
      return { raw: '' };
    };
  const net = installFakeFetch(
    coreRoutes({
      'GET /info': { body: coreInfo() },
      'GET /user/info': { body: publicUser({ is_owner: options.owner ?? true }) },
      'GET /global_settings': () => ({ body: stored }),
      'PUT /global_settings/name': setter('core_name'),
      'PUT /global_settings/domain': setter('domain'),
      'PUT /global_settings/safe_mode': setter('safe_mode'),
      'PUT /global_settings/playit_enabled': setter('playit_enabled'),
      'PUT /global_settings/modrinth_enabled': setter('modrinth_enabled'),
      ...options.routes,
    }),
  );
  const app = renderApp('/settings/general');
  await screen.findByRole('heading', { name: 'Core Settings' });
  return { ...app, net };
}

describe('Core Settings: Core Name and Public Domain/IP (dashboard.md §5)', () => {
  it('says Name cannot be empty and does not save', async () => {
    const { user, net } = await openGeneral();
    const name = screen.getByLabelText('Core Name');
    expect(name).toHaveValue('Basement');
    await user.clear(name);
    expect(screen.getByText('Name cannot be empty')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, '{Enter}');
    expect(net.callsTo('PUT', '/global_settings/name')).toHaveLength(0);
  });

  it('says Name cannot be longer than 32 characters', async () => {
    const { user, net } = await openGeneral();
    const name = screen.getByLabelText('Core Name');
    await user.clear(name);
    await user.type(name, 'n'.repeat(33));
    expect(screen.getByText('Name cannot be longer than 32 characters')).toBeInTheDocument();
    const form = name.closest('form')!;
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(screen.queryByText('Name cannot be longer than 32 characters')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/name')[0]?.body).toBe('n'.repeat(32)),
    );
  });

  it('Enter saves the name, Escape puts the stored one back', async () => {
    const { user, net } = await openGeneral();
    const name = screen.getByLabelText('Core Name');
    await user.clear(name);
    await user.type(name, 'Attic{Escape}');
    expect(name).toHaveValue('Basement');
    await user.clear(name);
    await user.type(name, 'Attic{Enter}');
    await vi.waitFor(() => expect(net.callsTo('PUT', '/global_settings/name')).toHaveLength(1));
    expect(net.callsTo('PUT', '/global_settings/name')[0]?.body).toBe('Attic');
  });

  it('shows a refusal from the core under the field', async () => {
    const { user } = await openGeneral({
      routes: {
        'PUT /global_settings/name': {
          status: 400,
          body: { kind: 'BadRequest', causes: ['Name too long'] },
        },
      },
    });
    const name = screen.getByLabelText('Core Name');
    await user.clear(name);
    await user.type(name, 'Attic{Enter}');
    expect(await screen.findByText('Bad Request: Name too long')).toBeInTheDocument();
  });

  it('uses the core address as the domain placeholder, explains it, and limits it to 253 characters', async () => {
    const { user, net } = await openGeneral();
    const domain = screen.getByLabelText('Public Domain/IP');
    expect(domain).toHaveAttribute('placeholder', 'core.test');
    await user.hover(screen.getByRole('button', { name: 'About Public Domain/IP' }));
    expect((await screen.findAllByText(/ports are forwarded/)).length).toBeGreaterThan(0);
    await user.click(domain);
    await user.paste('d'.repeat(254));
    expect(screen.getByText('Domain cannot be longer than 253 characters')).toBeInTheDocument();
    await user.keyboard('{Backspace}{Enter}');
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/domain')[0]?.body).toBe('d'.repeat(253)),
    );
  });
});

describe('Core Settings: toggles', () => {
  it('turning safe mode on applies at once, without asking', async () => {
    let answer: (() => void) | undefined;
    const { user, net } = await openGeneral({
      settings: { safe_mode: false },
      routes: {
        // The core has not answered yet while the switch already shows the new value.
        'PUT /global_settings/safe_mode': () =>
          new Promise((resolve) => (answer = () => resolve({ raw: '' }))),
      },
    });
    const toggle = screen.getByRole('switch', { name: 'Safe Mode' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/safe_mode')[0]?.body).toBe(true),
    );
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer?.();
  });

  it('turning safe mode off asks first; Cancel keeps it on', async () => {
    const { user, net } = await openGeneral({ settings: { safe_mode: true } });
    const toggle = screen.getByRole('switch', { name: 'Safe Mode' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off safe mode?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(net.callsTo('PUT', '/global_settings/safe_mode')).toHaveLength(0);

    await user.click(toggle);
    const again = await screen.findByRole('dialog', { name: 'Turn off safe mode?' });
    await user.click(within(again).getByRole('button', { name: 'Turn off safe mode' }));
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/safe_mode')[0]?.body).toBe(false),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Safe Mode' })).not.toBeChecked();
  });

  it('a refused safe-mode change is undone and shown in a toast', async () => {
    const { user } = await openGeneral({
      settings: { safe_mode: false },
      routes: {
        'PUT /global_settings/safe_mode': {
          status: 403,
          body: { kind: 'PermissionDenied', causes: ['Nope'] },
        },
      },
    });
    const toggle = screen.getByRole('switch', { name: 'Safe Mode' });
    await user.click(toggle);
    expect(await screen.findByText('Permission Denied: Nope')).toBeInTheDocument();
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('Enable Playit Integration sends the new value', async () => {
    const { user, net } = await openGeneral();
    await user.click(screen.getByRole('switch', { name: 'Enable Playit Integration' }));
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/playit_enabled')[0]?.body).toBe(true),
    );
  });

  it('Enable Modrinth Add-ons is on by default and turning it off sends false', async () => {
    const { user, net } = await openGeneral();
    const toggle = screen.getByRole('switch', { name: 'Enable Modrinth Add-ons' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/modrinth_enabled')[0]?.body).toBe(false),
    );
    expect(toggle).not.toBeChecked();
  });

  it('turning Playit Integration off also stops the runner (stop_cli)', async () => {
    const { user, net } = await openGeneral({
      settings: { playit_enabled: true },
      routes: { 'POST /playitgg/stop_cli': { body: null } },
    });
    const toggle = screen.getByRole('switch', { name: 'Enable Playit Integration' });
    await user.click(toggle);
    await vi.waitFor(() => expect(net.callsTo('POST', '/playitgg/stop_cli')).toHaveLength(1));
    expect(net.callsTo('PUT', '/global_settings/playit_enabled')[0]?.body).toBe(false);
    expect(toggle).not.toBeChecked();
  });
});

describe('Core Settings: Open Port (UPnP)', () => {
  async function openDialog(response: FakeHandler = { body: null }) {
    const app = await openGeneral({
      routes: {
        'PUT /gateway/open_port/8080': response,
        'PUT /gateway/open_port/25565': { body: null },
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Open Port' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Port (UPnP)' });
    return { ...app, dialog };
  }

  it('defaults to 25565 and checks the port', async () => {
    const { user, dialog, net } = await openDialog();
    const port = within(dialog).getByLabelText('Port to open');
    expect(port).toHaveValue('25565');
    await user.clear(port);
    expect(within(dialog).getByText('Port is required')).toBeInTheDocument();
    await user.type(port, 'abc');
    expect(within(dialog).getByText('Port must be a number')).toBeInTheDocument();
    await user.clear(port);
    await user.type(port, '70000');
    expect(within(dialog).getByText('Port must be between 1 and 65535')).toBeInTheDocument();
    await user.clear(port);
    await user.type(port, '0{Enter}');
    expect(within(dialog).getByText('Port must be between 1 and 65535')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.path.startsWith('/gateway'))).toHaveLength(0);
  });

  it('opens the port, says Port {n} opened and closes', async () => {
    const { user, dialog, net } = await openDialog();
    const port = within(dialog).getByLabelText('Port to open');
    await user.clear(port);
    await user.type(port, '8080');
    await user.click(within(dialog).getByRole('button', { name: 'Open Port' }));
    expect(await screen.findByText('Port 8080 opened')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/gateway/open_port/8080')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the gateway error', async () => {
    const { user, dialog } = await openDialog({
      status: 500,
      body: { kind: 'Internal', causes: ['Could not find gateway'] },
    });
    const port = within(dialog).getByLabelText('Port to open');
    await user.clear(port);
    await user.type(port, '8080{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not find gateway');
    expect(screen.getByRole('dialog', { name: 'Open Port (UPnP)' })).toBeInTheDocument();
  });

  it('Escape closes the dialog', async () => {
    await openDialog();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Core Settings for everyone but the owner (dashboard.md §6)', () => {
  it('shows the values with every control disabled', async () => {
    await openGeneral({ owner: false, settings: { safe_mode: true } });
    expect(screen.getByLabelText('Core Name')).toBeDisabled();
    expect(screen.getByLabelText('Public Domain/IP')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Safe Mode' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Enable Playit Integration' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No permission' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Open Port' })).not.toBeInTheDocument();
  });
});
