import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { getToken } from '@/lib/session.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, makeJwt, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const now = () => Math.floor(Date.now() / 1000);

function routes() {
  return coreRoutes({
    'GET /info': { body: coreInfo() },
    'GET /user/info': { body: publicUser() },
  });
}

describe('token handling (dashboard.md §4, §5)', () => {
  it.each([
    ['Invalid token', 'not.a.jwt'],
    ['Invalid exp in token', makeJwt({ uid: 'USER_1' })],
    ['Invalid uid in token', makeJwt({ uid: 42, exp: now() + 3600 })],
    ['Token expired', makeJwt({ uid: 'USER_1', exp: now() - 10 })],
  ])('shows %s, drops the stored token and treats the user as a guest', async (message, token) => {
    connectTo(TEST_CORE, token);
    const net = installFakeFetch(routes());
    renderApp('/');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(getToken(TEST_CORE)).toBeNull();
    expect(JSON.parse(localStorage.getItem('tokens') ?? '{}')).toEqual({});
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.headers.has('Authorization'))).toHaveLength(0);
  });

  it('keeps a valid token and sends it as a bearer header', async () => {
    const token = validJwt();
    connectTo(TEST_CORE, token);
    const net = installFakeFetch(routes());
    renderApp('/');
    expect(await screen.findByText(/Welcome back, alice/)).toBeInTheDocument();
    expect(net.callsTo('GET', '/user/info')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${token}`,
    );
    expect(getToken(TEST_CORE)).toBe(token);
  });

  it('drops a token the core answers Unauthorized for (e.g. a tampered signature)', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(
      coreRoutes({
        'GET /info': { body: coreInfo() },
        'GET /user/info': { status: 401, body: { kind: 'Unauthorized', causes: ['Unauthorized'] } },
      }),
    );
    renderApp('/');
    expect(await screen.findByText('Invalid token')).toBeInTheDocument();
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    expect(getToken(TEST_CORE)).toBeNull();
  });
});
