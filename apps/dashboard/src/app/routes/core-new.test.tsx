import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { getSession } from '@/lib/session.ts';
import { installFakeFetch } from '@/test/fake-fetch.ts';
import { coreInfo } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

async function openForm() {
  const app = renderApp('/login/core/new');
  await screen.findByRole('heading', { name: 'Connect a new core' });
  return app;
}

describe('add core (/login/core/new)', () => {
  it('offers API Version v1 only, http or https, and port 16662 by default', async () => {
    installFakeFetch({});
    await openForm();
    const version = screen.getByLabelText('API Version');
    expect([...(version as HTMLSelectElement).options].map((o) => o.value)).toEqual(['v1']);
    const protocol = screen.getByLabelText('Protocol');
    expect([...(protocol as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'http',
      'https',
    ]);
    expect(screen.getByLabelText('Port')).toHaveValue('16662');
    expect(screen.getByLabelText('IP Address/Domain')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('marks the empty address and port Required and sends nothing', async () => {
    const net = installFakeFetch({});
    const { user } = await openForm();
    await user.clear(screen.getByLabelText('Port'));
    await user.click(screen.getByRole('button', { name: 'Add and Continue' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('IP Address/Domain')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Port')).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('GET', '/info')).toHaveLength(0);
  });

  it('wraps an IPv6 address in brackets, checks /info there and goes on to owner setup', async () => {
    const net = installFakeFetch({
      '[::1]:16662': { 'GET /info': { body: coreInfo({ is_setup: false }) } },
    });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('IP Address/Domain'), '::1');
    await user.click(screen.getByRole('button', { name: 'Add and Continue' }));
    expect(await screen.findByRole('heading', { name: 'Set up your core' })).toBeInTheDocument();
    expect(net.calls[0]?.url.href).toBe('http://[::1]:16662/api/v1/info');
    expect(getSession().current).toEqual({
      address: '[::1]',
      port: 16662,
      protocol: 'http',
      apiVersion: 'v1',
    });
    expect(getSession().cores).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login/core/first_setup');
  });

  it('goes to user selection for a core that is already set up', async () => {
    installFakeFetch({ 'box.lan:9000': { 'GET /info': { body: coreInfo() } } });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('IP Address/Domain'), 'box.lan');
    await user.clear(screen.getByLabelText('Port'));
    await user.type(screen.getByLabelText('Port'), '9000');
    await user.click(screen.getByRole('button', { name: 'Add and Continue' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/user');
  });

  it('refuses an address whose /info does not answer 200', async () => {
    installFakeFetch({ 'web.server:16662': { 'GET /info': { status: 404, raw: 'Not Found' } } });
    const { user } = await openForm();
    await user.type(screen.getByLabelText('IP Address/Domain'), 'web.server');
    await user.click(screen.getByRole('button', { name: 'Add and Continue' }));
    expect(await screen.findByText('Invalid response, setup may be invalid')).toBeInTheDocument();
    expect(getSession().cores).toHaveLength(0);
  });

  it('reports an unreachable address as a network error', async () => {
    installFakeFetch({});
    const { user } = await openForm();
    await user.type(screen.getByLabelText('IP Address/Domain'), 'nowhere');
    await user.click(screen.getByRole('button', { name: 'Add and Continue' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
  });
});
