import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SftpInfo, SshKey } from '@hearth/protocol';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, instanceInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = publicUser({ uid: 'U_ME', username: 'alice' });
const INFO: SftpInfo = {
  enabled: true,
  port: 2022,
  listening: true,
  problem: null,
  host_key_fingerprint: 'SHA256:hostkeyfingerprint',
  accounts: [
    { instance_uuid: 'I1', instance_name: 'Survival', username: 'alice.1a2b3c4d', writable: true },
    { instance_uuid: 'I2', instance_name: 'Creative', username: 'alice.9f8e7d6c', writable: false },
  ],
};
const KEY: SshKey = {
  id: 'SSHKEY_1',
  name: 'Laptop',
  algorithm: 'ssh-ed25519',
  fingerprint: 'SHA256:laptopfingerprint',
  comment: 'alice@laptop',
  created_at: 1_700_000_000,
  last_used_at: null,
};

function open(path: string, routes: Record<string, FakeHandler>, owner = false) {
  connectTo(TEST_CORE, validJwt(me.uid));
  const net = installFakeFetch(
    coreRoutes({
      'GET /info': { body: coreInfo() },
      'GET /user/info': { body: { ...me, is_owner: owner } },
      ...routes,
    }),
  );
  return { ...renderApp(path), net };
}

// Typing and the first render are slow on a loaded machine; nothing here waits on time.
const SLOW = { timeout: 30_000 };

describe('Profile: SFTP and SSH keys (issue 28)', SLOW, () => {
  it('shows the address, port, host key and a username to copy for each instance', async () => {
    open('/settings/profile', { 'GET /sftp': { body: INFO }, 'GET /ssh_keys': { body: [] } });
    const section = await screen.findByRole('region', { name: 'SFTP' });
    expect(
      await within(section).findByRole('button', { name: 'Copy alice.1a2b3c4d' }),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Copy alice.9f8e7d6c' })).toBeVisible();
    expect(within(section).getByText('Read only')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Copy 2022' })).toBeVisible();
    expect(
      within(section).getByRole('button', { name: 'Copy SHA256:hostkeyfingerprint' }),
    ).toBeVisible();
  });

  it('says when SFTP is off', async () => {
    open('/settings/profile', {
      'GET /sftp': { body: { ...INFO, enabled: false, listening: false, accounts: [] } },
      'GET /ssh_keys': { body: [] },
    });
    expect(await screen.findByText('SFTP is off')).toBeVisible();
  });

  it('adds a key (name and .pub line), refusing a private key before sending', async () => {
    let keys: SshKey[] = [];
    const { user, net } = open('/settings/profile', {
      'GET /sftp': { body: INFO },
      'GET /ssh_keys': () => ({ body: keys }),
      'POST /ssh_keys': () => {
        keys = [KEY];
        return { body: KEY };
      },
    });
    const form = await screen.findByRole('form', { name: 'Add an SSH key' });
    await user.type(within(form).getByLabelText('Key name'), 'Laptop');
    await user.click(within(form).getByLabelText('Public key'));
    await user.paste('-----BEGIN OPENSSH PRIVATE KEY-----');
    await user.click(within(form).getByRole('button', { name: 'Add key' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('That is a private key');
    expect(net.callsTo('POST', '/ssh_keys')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Public key'));
    await user.paste('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIexample alice@laptop');
    await user.click(within(form).getByRole('button', { name: 'Add key' }));
    await vi.waitFor(() =>
      expect(net.callsTo('POST', '/ssh_keys')[0]?.body).toEqual({
        name: 'Laptop',
        public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIexample alice@laptop',
      }),
    );
    expect(await screen.findByText('SHA256:laptopfingerprint')).toBeVisible();
  });

  it('removes a key after asking', async () => {
    let keys: SshKey[] = [KEY];
    const { user, net } = open('/settings/profile', {
      'GET /sftp': { body: INFO },
      'GET /ssh_keys': () => ({ body: keys }),
      'DELETE /ssh_keys/SSHKEY_1': () => {
        keys = [];
        return { raw: '' };
      },
    });
    await screen.findByText('SHA256:laptopfingerprint');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the key "Laptop"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    await vi.waitFor(() => expect(net.callsTo('DELETE', '/ssh_keys/SSHKEY_1')).toHaveLength(1));
    expect(await screen.findByText('No keys yet')).toBeVisible();
  });
});

describe('Core Settings: SFTP (owner)', SLOW, () => {
  it('turns SFTP on with the port shown, and saves a new port', async () => {
    let stored = { enabled: false, port: 2022 };
    const { user, net } = open(
      '/settings/general',
      {
        'GET /global_settings': {
          body: { core_name: 'Basement', safe_mode: false, domain: null, playit_enabled: false },
        },
        'GET /sftp': () => ({ body: { ...INFO, ...stored, accounts: [] } }),
        'PUT /sftp/settings': (request) => {
          stored = request.body as typeof stored;
          return { raw: '' };
        },
      },
      true,
    );
    const toggle = await screen.findByRole('switch', { name: 'Enable SFTP' });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/sftp/settings')[0]?.body).toEqual({ enabled: true, port: 2022 }),
    );
    const port = screen.getByLabelText('SFTP Port');
    await vi.waitFor(() => expect(port).toBeEnabled());
    await user.clear(port);
    await user.type(port, '70000');
    expect(screen.getByText('The port must be from 1 to 65535')).toBeVisible();
    await user.clear(port);
    await user.type(port, '2222{Enter}');
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/sftp/settings')[1]?.body).toEqual({ enabled: true, port: 2222 }),
    );
  });
});

describe('Files tab: the SFTP address', SLOW, () => {
  const survival = instanceInfo({ uuid: 'I1', name: 'Survival' });
  const routes = (sftp: SftpInfo): Record<string, FakeHandler> => ({
    'GET /instance/list': { body: [survival] },
    'GET /global_settings': {
      body: { core_name: 'Basement', safe_mode: false, domain: null, playit_enabled: false },
    },
    'GET /sftp': { body: sftp },
  });

  it("shows this instance's sftp:// address with the viewer's username, to copy", async () => {
    open('/dashboard/files?instance=I1', routes(INFO), true);
    const footer = await screen.findByRole('contentinfo', { name: 'File status' });
    expect(
      await within(footer).findByRole('button', {
        name: `Copy sftp://alice.1a2b3c4d@${TEST_CORE.address}:2022`,
      }),
    ).toBeVisible();
  });

  it('shows nothing while SFTP is off', async () => {
    const { net } = open('/dashboard/files?instance=I1', routes({ ...INFO, enabled: false }), true);
    const footer = await screen.findByRole('contentinfo', { name: 'File status' });
    await vi.waitFor(() => expect(net.callsTo('GET', '/sftp')).toHaveLength(1));
    expect(within(footer).queryByText('SFTP')).not.toBeInTheDocument();
  });
});
