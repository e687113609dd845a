import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setDesktopBridge } from '@/lib/desktop-bridge.ts';
import { getSession, getToken, setToken } from '@/lib/session.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const LOCAL = { address: 'localhost', port: 16662, protocol: 'http', apiVersion: 'v1' } as const;

function signedInWith(info: ReturnType<typeof coreInfo>) {
  connectTo(TEST_CORE, validJwt());
  return installFakeFetch(
    coreRoutes({ 'GET /info': { body: info }, 'GET /user/info': { body: publicUser() } }),
  );
}

describe('local-core probe (dashboard.md §4)', () => {
  it('offers a fresh local core on the welcome page; Setup saves it and opens owner setup', async () => {
    const net = installFakeFetch({
      'localhost:16662': { 'GET /info': { body: coreInfo({ is_setup: false }) } },
    });
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Hearth', hidden: true });
    const dialog = await screen.findByRole('dialog', { name: 'New Local Core Detected' });
    expect(dialog).toHaveTextContent('has not been set up yet');
    expect(net.calls[0]?.headers.has('Authorization')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Setup' }));
    expect(await screen.findByRole('heading', { name: 'Set up your core' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/core/first_setup');
    expect(getSession().cores).toEqual([LOCAL]);
    expect(getSession().current).toEqual(LOCAL);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Add for an already set up local core, which leads to sign-in (issue 15 #5, #10)', async () => {
    installFakeFetch({ 'localhost:16662': { 'GET /info': { body: coreInfo() } } });
    const { user, router } = renderApp('/first_setup');
    const dialog = await screen.findByRole('dialog', { name: 'New Local Core Detected' });
    expect(dialog).toHaveTextContent('Add it to connect to it.');
    expect(screen.queryByRole('button', { name: 'Setup' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/user');
  });

  it('offers Continue for a set up local core this browser holds a token for', async () => {
    setToken(LOCAL, validJwt());
    installFakeFetch({
      'localhost:16662': {
        'GET /info': { body: coreInfo() },
        'GET /user/info': { body: publicUser() },
        'GET /events/all/buffer': { body: [] },
        'GET /games/definitions': { body: [] },
      },
    });
    const { user, router } = renderApp('/first_setup');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Skip hides the offer and saves nothing', async () => {
    installFakeFetch({ 'localhost:16662': { 'GET /info': { body: coreInfo() } } });
    const { user } = renderApp('/first_setup');
    await screen.findByRole('dialog', { name: 'New Local Core Detected' });
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getSession().cores).toEqual([]);
  });

  it('does not offer a local core that is already saved (by another loopback name)', async () => {
    connectTo({ ...LOCAL, address: '127.0.0.1' });
    const net = installFakeFetch({
      '127.0.0.1:16662': { 'GET /info': { body: coreInfo() } },
      'localhost:16662': { 'GET /info': { body: coreInfo() } },
    });
    renderApp('/login/user');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(net.calls.filter((c) => c.url.host === 'localhost:16662')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers nothing when no local core answers', async () => {
    installFakeFetch({});
    renderApp('/first_setup');
    await screen.findByRole('heading', { name: 'Welcome to Hearth' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('connection modals', () => {
  it('Setup Required on home for a core without an owner', async () => {
    connectTo(TEST_CORE);
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo({ is_setup: false }) } }));
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Setup Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Core' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Setup' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login/core/first_setup'));
  });

  it('Core Connection Error when /info fails: continue or go back to core selection', async () => {
    connectTo(TEST_CORE);
    installFakeFetch({});
    const { user, router } = renderApp('/');
    expect(
      await screen.findByRole('dialog', { name: 'Core Connection Error' }),
    ).toBeInTheDocument();
    // The badge is in the main layout, whose code may still be loading under the modal.
    expect(
      await screen.findByRole('status', { name: /Core connection/, hidden: true }),
    ).toHaveTextContent('Error');
    await user.click(screen.getByRole('button', { name: 'Continue with current Core' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
  });

  it('Back to Core selection leaves the broken core', async () => {
    connectTo(TEST_CORE);
    installFakeFetch({});
    const { user, router } = renderApp('/');
    await screen.findByRole('dialog', { name: 'Core Connection Error' });
    await user.click(screen.getByRole('button', { name: 'Back to Core selection' }));
    expect(await screen.findByRole('heading', { name: 'Select a core' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/core/select');
  });

  it('Update Required when the minor version differs', async () => {
    signedInWith(coreInfo({ version: '0.4.9' }));
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Update Required' });
    expect(dialog).toHaveTextContent('0.4.9');
    expect(dialog).toHaveTextContent('0.5.1');
  });

  it('a patch-only difference is a toast, not a modal', async () => {
    signedInWith(coreInfo({ version: '0.5.0' }));
    renderApp('/');
    expect(
      await screen.findByText(
        'Version mismatch! Is your core out of date? Core: 0.5.0, Dashboard: 0.5.1.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('thanks beta testers once', async () => {
    signedInWith(coreInfo({ version: '0.5.1-beta.1' }));
    const { user, unmount } = renderApp('/');
    expect(
      await screen.findByRole('dialog', { name: 'Thanks for Trying the Beta' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    unmount();
    renderApp('/');
    await screen.findByText('Test Core');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('welcome page in the desktop wrapper', () => {
  const bridge = (isSetup: boolean) => ({
    isSetup: () => Promise.resolve(isSetup),
    getOwnerJwt: () => Promise.resolve(validJwt('USER_OWNER')),
    getFirstTimeSetupKey: () => Promise.resolve('KEY'),
  });

  it('Setup opens owner setup on the local core when it has no owner', async () => {
    setDesktopBridge(bridge(false));
    installFakeFetch({
      'localhost:16662': { 'GET /info': { body: coreInfo({ is_setup: false }) } },
    });
    sessionStorage.setItem('localCoreSkipped', 'http://localhost:16662');
    const { user } = renderApp('/first_setup');
    await user.click(await screen.findByRole('button', { name: 'Setup' }));
    expect(await screen.findByRole('heading', { name: 'Set up your core' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Setup Key')).toHaveValue('KEY'));
  });

  it('Continue signs the owner in with the wrapper token', async () => {
    setDesktopBridge(bridge(true));
    installFakeFetch({
      'localhost:16662': {
        'GET /info': { body: coreInfo() },
        'GET /user/info': {
          body: publicUser({ uid: 'USER_OWNER', username: 'owner', is_owner: true }),
        },
        'GET /events/all/buffer': { body: [] },
      },
    });
    sessionStorage.setItem('localCoreSkipped', 'http://localhost:16662');
    const { user } = renderApp('/first_setup');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Welcome back, owner/)).toBeInTheDocument();
    expect(getToken(LOCAL)).not.toBeNull();
  });
});
