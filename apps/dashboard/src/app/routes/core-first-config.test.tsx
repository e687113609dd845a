import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { publicUser } from '@/test/fixtures.ts';
import { renderApp, signInAs } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

async function openConfig(name: FakeHandler = { raw: '' }) {
  const net = signInAs(publicUser({ is_owner: true }), {
    'GET /global_settings': {
      body: { core_name: 'Old Name', safe_mode: false, domain: null, playit_enabled: false },
    },
    'PUT /global_settings/name': name,
    'PUT /global_settings/domain': { raw: '' },
  });
  const app = renderApp('/login/core/first_config');
  await screen.findByRole('heading', { name: 'Customize your core' });
  await vi.waitFor(() => expect(screen.getByLabelText('Core Name')).toHaveValue('Old Name'));
  return { ...app, net };
}

describe('customize core (/login/core/first_config)', () => {
  it('requires a core name', async () => {
    const { user, net } = await openConfig();
    await user.clear(screen.getByLabelText('Core Name'));
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(screen.getByText('Core name is required')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/global_settings/name')).toHaveLength(0);
  });

  it('limits the name to 32 and the domain to 253 characters', async () => {
    const { user } = await openConfig();
    await user.clear(screen.getByLabelText('Core Name'));
    await user.type(screen.getByLabelText('Core Name'), 'n'.repeat(33));
    await user.click(screen.getByLabelText('Public Domain/IP'));
    await user.paste('d'.repeat(254));
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(screen.getByText('Name cannot be longer than 32 characters')).toBeInTheDocument();
    expect(screen.getByText('Domain cannot be longer than 253 characters')).toBeInTheDocument();
  });

  it('saves the name and the domain as JSON strings and goes home', async () => {
    const { user, net, router } = await openConfig();
    await user.clear(screen.getByLabelText('Core Name'));
    await user.type(screen.getByLabelText('Core Name'), 'Basement');
    await user.type(screen.getByLabelText('Public Domain/IP'), 'mc.example.org');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(net.callsTo('PUT', '/global_settings/name')[0]?.body).toBe('Basement');
    expect(net.callsTo('PUT', '/global_settings/domain')[0]?.body).toBe('mc.example.org');
  });

  it('shows the server error and stays', async () => {
    const { user, router } = await openConfig({
      status: 400,
      body: { kind: 'BadRequest', causes: ['Name too long'] },
    });
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad Request: Name too long');
    expect(router.state.location.pathname).toBe('/login/core/first_config');
  });
});
