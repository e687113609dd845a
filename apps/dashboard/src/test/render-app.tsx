import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ClientEvent, InstanceInfo, PublicUser } from '@hearth/protocol';
import { Toaster } from '@/components/ui/toaster.tsx';
import { MemoryRouter } from '@/lib/router/router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { publishEvent } from '@/lib/realtime/event-handlers.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import type { SocketFactory, Timers } from '@/lib/realtime/socket-hub.ts';
import { selectCore, setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { adoptCoreFromUrl } from '@/app/core-params.ts';
import { AppProviders } from '@/app/providers.tsx';
import { AppRoutes } from '@/app/router.tsx';
import { LocationProbe, locationRecorder } from './location-probe.tsx';
import { FakeSocket } from './fake-socket.ts';
import { coreRoutes, installFakeFetch } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { TEST_CORE, coreInfo, globalSettings, validJwt } from './fixtures.ts';

export interface RenderAppOptions {
  createSocket?: SocketFactory;
  /** The hub's timers (reconnects); real ones unless given. */
  timers?: Timers;
  /** Runs with the query client before the first render (as app.tsx prefetches). */
  prefetch?: (queryClient: QueryClient) => void;
}

/** The whole app (real routes, guards, providers) in a memory router at `path`. */
export function renderApp(path = '/', options: RenderAppOptions = {}) {
  adoptCoreFromUrl(new URL(path, 'http://localhost').search);
  const queryClient = createQueryClient({ retry: false });
  options.prefetch?.(queryClient);
  const hub = new RealtimeHub({
    createSocket: options.createSocket ?? ((url) => new FakeSocket(url)),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const router = locationRecorder(path);
  const user = userEvent.setup();
  const view = render(
    <AppProviders services={{ queryClient, hub }}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe into={router} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient, hub, user };
}

/** Saves `core` as the current core, optionally with a token. */
export function connectTo(core: CoreConnection, token?: string): void {
  selectCore(core);
  if (token) setToken(core, token);
}

/**
 * Signs `user` in to the test core, which answers `GET /info`, `GET /user/info` (that user) and
 * `routes`. Returns the fake fetch, to read what was asked.
 */
export function signInAs(user: PublicUser, routes: Record<string, FakeHandler> = {}) {
  connectTo(TEST_CORE, validJwt(user.uid));
  return installFakeFetch(
    coreRoutes({ 'GET /info': { body: coreInfo() }, 'GET /user/info': { body: user }, ...routes }),
  );
}

/**
 * `signInAs` on a core that lists these instances, with the default global settings; `routes`
 * add to the core or replace either.
 */
export function signInWithInstances(
  user: PublicUser,
  instances: InstanceInfo[],
  routes: Record<string, FakeHandler> = {},
) {
  return signInAs(user, {
    'GET /instance/list': { body: instances },
    'GET /global_settings': { body: globalSettings() },
    ...routes,
  });
}

/**
 * One screen alone (not the whole app) against the test core, signed in, in a query cache with
 * the toasts it reports into. `show` renders it again with other props (the screen keeps its
 * state); `publish` delivers a live event as the event stream would.
 */
export function renderScreen(ui: ReactElement, routes: Record<string, FakeHandler> = {}) {
  connectTo(TEST_CORE, validJwt());
  const network = installFakeFetch(coreRoutes(routes));
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const withCache = (screen: ReactElement) => (
    <QueryClientProvider client={queryClient}>
      {screen}
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(withCache(ui));
  return {
    network,
    queryClient,
    user,
    show: (screen: ReactElement) => view.rerender(withCache(screen)),
    publish: (event: ClientEvent) => act(() => publishEvent(event, { fresh: true, queryClient })),
  };
}

/**
 * Opens the app's event socket once it exists and waits for the refetch its first open asks for
 * (what was read before it listened may be stale): the events a test pushes then come after the
 * core's answers, as they would on the core.
 */
export async function openEventSocket(queryClient: QueryClient): Promise<FakeSocket> {
  const socket = await vi.waitFor(() => {
    const open = FakeSocket.instances
      .filter((s) => s.url.includes('/events/all/stream') && s.closedWith === null)
      .at(-1);
    if (!open) throw new Error('no event socket');
    return open;
  });
  act(() => socket.open());
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return socket;
}
