import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import {
  TEST_CORE,
  coreInfo,
  instanceInfo,
  makeJwt,
  publicUser,
  validJwt,
} from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';
import { prefetchFirstScreen } from './first-screen.ts';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = { core_name: 'Test Core', safe_mode: false, domain: null, playit_enabled: false };

function fakeCore() {
  return installFakeFetch(
    coreRoutes({
      'GET /info': { body: coreInfo() },
      'GET /user/info': { body: publicUser() },
      'GET /instance/list': { body: [instanceInfo({ name: 'Alpha' })] },
      'GET /global_settings': { body: SETTINGS },
    }),
  );
}

const asked = (net: ReturnType<typeof fakeCore>) =>
  net.calls.map((c) => `${c.method} ${c.path}${c.headers.has('authorization') ? ' (token)' : ''}`);

describe('prefetchFirstScreen', () => {
  it('asks for what the main layout and home show before anything is drawn', () => {
    connectTo(TEST_CORE, validJwt());
    const net = fakeCore();
    prefetchFirstScreen(createQueryClient({ retry: false }));
    expect(asked(net)).toEqual([
      'GET /info',
      'GET /user/info (token)',
      'GET /instance/list (token)',
      'GET /global_settings (token)',
    ]);
  });

  it('asks a guest, or a user whose token has expired, for the core’s info only', () => {
    connectTo(TEST_CORE, makeJwt({ uid: 'USER_1', exp: 1 }));
    const net = fakeCore();
    prefetchFirstScreen(createQueryClient({ retry: false }));
    expect(asked(net)).toEqual(['GET /info']);
  });

  it('is taken over by the screens: home shows the list without asking again', async () => {
    connectTo(TEST_CORE, validJwt());
    const net = fakeCore();
    renderApp('/', { prefetch: prefetchFirstScreen });
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Alpha' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/instance/list')).toHaveLength(1);
    expect(net.callsTo('GET', '/user/info')).toHaveLength(1);
  });
});
