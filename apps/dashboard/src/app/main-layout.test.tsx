import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import { getConnectionStatus } from '@/lib/connection-status.ts';
import { getToken } from '@/lib/session.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { landmarkOf, visibleText } from '@/test/layout.ts';
import { connectTo, renderApp, signInAs } from '@/test/render-app.tsx';
import { activateLocale } from '@/lib/i18n/i18n.ts';

afterEach(() => vi.unstubAllGlobals());

describe('main layout (dashboard.md §2)', () => {
  it('shows the logo, the core name, the connection badge and the bell', async () => {
    signInAs(publicUser());
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Hearth home' })).toBeInTheDocument();
    expect(await screen.findByText('Test Core')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Instances' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: /Core connection/ })).toHaveTextContent(
        'Connected',
      ),
    );
  });

  it('follows the event socket: error, degraded with its banner, connected again', async () => {
    signInAs(publicUser());
    renderApp('/');
    await screen.findByText('Test Core');
    await vi.waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeSocket.last();
    expect(socket.url).toContain('/api/v1/events/all/stream?filter=');
    act(() => socket.fail());
    expect(getConnectionStatus()).toBe('error');
    expect(
      await screen.findByRole('dialog', { name: 'Core Connection Error' }),
    ).toBeInTheDocument();
    act(() => socket.open());
    expect(screen.getByRole('status', { name: /Core connection/ })).toHaveTextContent('Connected');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the degraded banner when the socket cannot be created', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInAs(publicUser());
    renderApp('/', {
      createSocket: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(await screen.findByText(/Try refreshing the page/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: /Core connection/ })).toHaveTextContent('Degraded');
  });

  it('shows Guest and Sign in without a token', async () => {
    connectTo(TEST_CORE);
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo() } }));
    const { user, router } = renderApp('/');
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Guest/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign in' }));
    // Nothing to select without a token: user selection goes on to sign-in (issue 15 #10).
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login/user'));
  });

  it('signs out from the user menu', async () => {
    signInAs(publicUser());
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Change core' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    expect(getToken(TEST_CORE)).toBeNull();
    expect(screen.getByRole('button', { name: /Guest/ })).toBeInTheDocument();
  });

  it('the account button is named by what it shows, and its menu is inside a landmark', async () => {
    signInAs(publicUser());
    const { user } = renderApp('/');
    const account = await screen.findByRole('button', { name: /alice/ });
    expect(visibleText(account)).toBe('alice User');
    expect(account).toHaveAccessibleName('alice User, account');
    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(landmarkOf(menu)).not.toBeNull();
  });

  it('Change core leads to core selection', async () => {
    signInAs(publicUser());
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change core' }));
    expect(await screen.findByRole('heading', { name: 'Select a core' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/core/select');
  });

  it('the logo clears the selected instance and user', async () => {
    signInAs(publicUser());
    const { user, router } = renderApp(
      '/settings/users?instance=INSTANCE_1&user=USER_2&path=world',
    );
    await user.click(await screen.findByRole('button', { name: 'Hearth home' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.has('instance')).toBe(false);
    expect(params.has('user')).toBe(false);
    expect(params.get('path')).toBe('world');
    expect(params.get('address')).toBe('core.test');
  });

  it('the settings button opens settings and returns to the last route', async () => {
    signInAs(publicUser());
    const { user, router } = renderApp('/dashboard/console?instance=INSTANCE_1');
    // The tooltip loads under the mouse and replaces the button (userEvent would send the click
    // to the replaced one): hover, then click the button that is there.
    await user.hover(await screen.findByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('tooltip', { name: 'Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings/general'));
    await user.click(await screen.findByRole('button', { name: 'Close settings' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/console'));
    expect(new URLSearchParams(router.state.location.search).get('instance')).toBe('INSTANCE_1');
  });
});

describe('main layout in German (issue 29)', () => {
  it('names the sidebar, the settings button and the settings nav in German', async () => {
    await activateLocale('de');
    signInAs(publicUser({ is_owner: true }));
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Hearth-Startseite' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Instanzen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Einstellungen' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings/general'));
    const nav = await screen.findByRole('navigation', { name: 'Einstellungen' });
    expect(within(nav).getByRole('link', { name: 'Allgemein' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Ereignisprotokolle' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einstellungen schließen' })).toBeInTheDocument();
  });
});

describe('home (dashboard.md §2)', () => {
  it('disables Create a new instance without can_create_instance', async () => {
    signInAs(publicUser({ permissions: emptyPermissions() }));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Create a new instance' })).toBeDisabled();
  });

  it('enables it for a user who may create instances', async () => {
    signInAs(publicUser({ permissions: { ...emptyPermissions(), can_create_instance: true } }));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Create a new instance' })).toBeEnabled();
  });

  it('shows the owner the core warnings, and never asks for them as another user', async () => {
    connectTo(TEST_CORE, validJwt('OWNER'));
    installFakeFetch(
      coreRoutes({
        'GET /info': { body: coreInfo() },
        'GET /user/info': { body: publicUser({ uid: 'OWNER', is_owner: true }) },
        'GET /system/warnings': {
          body: ['Game servers run unsandboxed: bubblewrap (bwrap) was not found.'],
        },
      }),
    );
    renderApp('/');
    const banner = await screen.findByRole('alert', { name: 'Core warnings' });
    expect(banner).toHaveTextContent(
      'Game servers run unsandboxed: bubblewrap (bwrap) was not found.',
    );
  });

  it('asks no warnings for a non-owner and shows none from a core without the route', async () => {
    const fake = signInAs(publicUser());
    renderApp('/');
    await screen.findByText('Test Core');
    expect(fake.calls.some((c) => c.path === '/system/warnings')).toBe(false);
    expect(screen.queryByRole('alert', { name: 'Core warnings' })).not.toBeInTheDocument();
  });
});
