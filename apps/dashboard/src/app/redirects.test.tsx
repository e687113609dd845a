import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { getSession } from '@/lib/session.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser } from '@/test/fixtures.ts';
import { connectTo, renderApp, signInAs } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

function pathOf(router: ReturnType<typeof renderApp>['router']): string {
  return router.state.location.pathname;
}

describe('redirects (dashboard.md §2, §4)', () => {
  it('sends a browser without saved cores to the welcome page', async () => {
    installFakeFetch({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Hearth' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/first_setup');
    expect(screen.getByText('0.5.1')).toBeInTheDocument();
    expect(screen.getByText(/Hearth is in beta/)).toBeInTheDocument();
    // Issue 15 #3: Hearth's own documentation, served by the core — never another product's pages.
    expect(screen.getByRole('link', { name: 'Wiki' })).toHaveAttribute('href', '/docs/');
    expect(screen.getByRole('link', { name: 'Download the core' })).toHaveAttribute(
      'href',
      '/docs/readme#run-it',
    );
    for (const link of screen.getAllByRole('link'))
      expect(link.getAttribute('href')).toMatch(/^\/(?!\/)/);
    expect(screen.getByRole('button', { name: 'Connect to an existing core' })).toBeInTheDocument();
  });

  it('sends core selection to the add-core screen when no core is saved', async () => {
    installFakeFetch({});
    const { router } = renderApp('/login/core/select');
    expect(await screen.findByRole('heading', { name: 'Connect a new core' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/login/core/new');
  });

  it.each(['/login/user', '/login/user/select'])(
    'sends %s to owner setup while the core is not set up',
    async (path) => {
      connectTo(TEST_CORE);
      installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo({ is_setup: false }) } }));
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Set up your core' })).toBeInTheDocument();
      expect(pathOf(router)).toBe('/login/core/first_setup');
    },
  );

  // User selection has nothing to offer without a token: it goes on to sign-in.
  it.each([
    [
      'the owner setup of a core that is already set up to user selection',
      '/login/core/first_setup',
    ],
    ['instance and settings routes to sign-in without a token', '/dashboard/overview'],
  ])('sends %s', async (_, path) => {
    connectTo(TEST_CORE);
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo({ is_setup: true }) } }));
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/login/user');
  });

  it('keeps the current core in the URL query', async () => {
    connectTo(TEST_CORE);
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo() } }));
    const { router } = renderApp('/login/user?instance=I');
    await screen.findByRole('heading', { name: 'Sign in' });
    await vi.waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        instance: 'I',
        address: 'core.test',
        port: '16662',
        protocol: 'http',
        apiVersion: 'v1',
      }),
    );
  });

  it('adopts the core named by the URL', async () => {
    installFakeFetch({ 'box.lan:9000': { 'GET /info': { body: coreInfo() } } });
    renderApp('/login/user?address=box.lan&port=9000&protocol=http&apiVersion=v1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getSession().current).toEqual({
      address: 'box.lan',
      port: 9000,
      protocol: 'http',
      apiVersion: 'v1',
    });
  });
});

describe('not found', () => {
  it('shows the not-found screen for unknown paths, and Go Home leads home', async () => {
    connectTo(TEST_CORE);
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo() } }));
    const { router, user } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    expect(pathOf(router)).toBe('/');
  });

  it('renders an unknown settings page as not found', async () => {
    signInAs(publicUser());
    renderApp('/settings/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
