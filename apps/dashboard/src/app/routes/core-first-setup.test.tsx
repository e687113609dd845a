import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setDesktopBridge } from '@/lib/desktop-bridge.ts';
import { getToken } from '@/lib/session.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const KEY = 'AbCdEfGh12345678';

async function openSetup(setup: FakeHandler) {
  connectTo(TEST_CORE);
  const net = installFakeFetch(
    coreRoutes({
      'GET /info': { body: coreInfo({ is_setup: false }) },
      [`POST /setup/${KEY}`]: setup,
      'GET /global_settings': {
        body: { core_name: 'Test Core', safe_mode: false, domain: null, playit_enabled: false },
      },
    }),
  );
  const app = renderApp('/login/core/first_setup');
  await screen.findByRole('heading', { name: 'Set up your core' });
  return { ...app, net };
}

describe('owner setup (/login/core/first_setup)', () => {
  it('labels the fields with the spec names', async () => {
    await openSetup({ body: {} });
    for (const label of [
      'Username',
      'Setup Key',
      'Password',
      'Confirm Password',
      'Password confirmation',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('shows every required message', async () => {
    const { user, net } = await openSetup({ body: {} });
    await user.click(screen.getByRole('button', { name: 'Create owner account' }));
    for (const text of [
      'Username is required',
      'Setup key is required',
      'Password is required',
      'Password confirmation is required',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(net.callsTo('POST', `/setup/${KEY}`)).toHaveLength(0);
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('requires the confirmation to match', async () => {
    const { user } = await openSetup({ body: {} });
    await user.type(screen.getByLabelText('Password'), 'one');
    await user.type(screen.getByLabelText('Confirm Password'), 'two');
    await user.click(screen.getByRole('button', { name: 'Create owner account' }));
    expect(screen.getByText('Password confirmation must match password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('creates the owner with the key, signs in and goes on to Customize core', async () => {
    const token = validJwt();
    const { user, net, router } = await openSetup({
      body: { token, user: publicUser({ username: 'owner', is_owner: true }) },
    });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Setup Key'), KEY);
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.type(screen.getByLabelText('Confirm Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Create owner account' }));
    expect(await screen.findByRole('heading', { name: 'Customize your core' })).toBeInTheDocument();
    expect(net.callsTo('POST', `/setup/${KEY}`)[0]?.body).toEqual({
      username: 'owner',
      password: 'pw',
    });
    expect(getToken(TEST_CORE)).toBe(token);
    expect(router.state.location.pathname).toBe('/login/core/first_config');
  });

  it('reports a refused setup with the spec message', async () => {
    const { user } = await openSetup({
      status: 403,
      body: { kind: 'PermissionDenied', causes: ['Invalid setup key.'] },
    });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Setup Key'), KEY);
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.type(screen.getByLabelText('Confirm Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Create owner account' }));
    expect(
      await screen.findByText('Something went wrong while setting up the core'),
    ).toBeInTheDocument();
    expect(screen.getByText('Permission Denied: Invalid setup key.')).toBeInTheDocument();
  });

  it('prefills the setup key from the desktop wrapper', async () => {
    setDesktopBridge({
      getFirstTimeSetupKey: () => Promise.resolve(KEY),
      getOwnerJwt: () => Promise.reject(new Error('none')),
      isSetup: () => Promise.resolve(false),
    });
    await openSetup({ body: {} });
    await vi.waitFor(() => expect(screen.getByLabelText('Setup Key')).toHaveValue(KEY));
  });
});
