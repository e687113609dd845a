import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { getToken } from '@/lib/session.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

async function openLogin(login: FakeHandler) {
  connectTo(TEST_CORE);
  const net = installFakeFetch(
    coreRoutes({
      'GET /info': { body: coreInfo() },
      'POST /user/login': login,
      'GET /user/info': { body: publicUser() },
    }),
  );
  const app = renderApp('/login/user');
  await screen.findByRole('heading', { name: 'Sign in' });
  return { ...app, net };
}

async function signIn(
  user: ReturnType<typeof renderApp>['user'],
  username: string,
  password: string,
) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign in (/login/user)', () => {
  it('requires a username and a password', async () => {
    const { user, net } = await openLogin({ body: {} });
    await signIn(user, '', '');
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/user/login')).toHaveLength(0);
  });

  it('signs in with Basic auth and an empty body, stores the token for this core and goes home', async () => {
    const token = validJwt();
    const { user, net, router } = await openLogin({ body: { token, user: publicUser() } });
    await signIn(user, 'alice', 'secret');
    expect(await screen.findByText(/Welcome back, alice/)).toBeInTheDocument();
    const [call] = net.callsTo('POST', '/user/login');
    expect(call?.headers.get('Authorization')).toBe(`Basic ${btoa('alice:secret')}`);
    expect(call?.body).toEqual({});
    expect(getToken(TEST_CORE)).toBe(token);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each<[string, FakeHandler, string]>([
    [
      'Error: {kind}: {causes} for a refused password',
      { status: 401, body: { kind: 'Unauthorized', causes: ['Credential mismatch'] } },
      'Error: Unauthorized: Credential mismatch',
    ],
    [
      'Login failed: {message} for other failures',
      { status: 400, body: { kind: 'BadRequest', causes: ['You must provide a password'] } },
      'Login failed: Bad Request: You must provide a password',
    ],
    [
      'Wrong username or password when the reply has no token',
      { body: { user: publicUser() } },
      'Wrong username or password',
    ],
  ])('shows %s', async (_, reply, alert) => {
    const { user } = await openLogin(reply);
    await signIn(user, 'alice', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(alert);
    expect(getToken(TEST_CORE)).toBeNull();
  });
});
