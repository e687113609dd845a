// Issue 15 #4: after Sign out the guest home made /user/info and /instance/list calls without a
// token (the session reset refetched the queries mounted for the signed-in user) and showed
// "Unauthorized: Authorization header is missing". A guest makes no authenticated calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, instanceInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Public routes a guest may call; anything else without a token is the bug. */
const PUBLIC = new Set(['GET /info', 'GET /games/definitions']);

describe('signing out (issue 15 #4)', () => {
  it('leaves a guest home that calls nothing it needs a token for', async () => {
    connectTo(TEST_CORE, validJwt());
    const net = installFakeFetch(
      coreRoutes({
        'GET /info': { body: coreInfo() },
        'GET /user/info': (req) =>
          req.headers.has('authorization')
            ? { body: publicUser() }
            : {
                status: 401,
                body: { kind: 'Unauthorized', causes: ['Authorization header is missing'] },
              },
        'GET /instance/list': (req) =>
          req.headers.has('authorization')
            ? { body: [instanceInfo()] }
            : {
                status: 401,
                body: { kind: 'Unauthorized', causes: ['Authorization header is missing'] },
              },
        'GET /global_settings': {
          body: { core_name: 'Test Core', safe_mode: false, domain: null, playit_enabled: false },
        },
      }),
    );
    const { user, queryClient } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    const menu = await screen.findByRole('menu');
    const before = net.calls.length;
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    // Whatever the sign-out set off has been answered.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const unauthenticated = net.calls
      .slice(before)
      .filter((c) => !c.headers.has('authorization'))
      .map((c) => `${c.method} ${c.path}`)
      .filter((call) => !PUBLIC.has(call));
    expect(unauthenticated).toEqual([]);
    expect(screen.queryByText(/Unauthorized/)).not.toBeInTheDocument();
    expect(screen.queryByText('My Server')).not.toBeInTheDocument();
  });
});
