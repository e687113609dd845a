import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from '@/lib/router/router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import type { SocketFactory, Timers } from '@/lib/realtime/socket-hub.ts';
import { selectCore, setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { adoptCoreFromUrl } from '@/app/core-params.ts';
import { AppProviders } from '@/app/providers.tsx';
import { AppRoutes } from '@/app/router.tsx';
import { LocationProbe, locationRecorder } from './location-probe.tsx';
import { FakeSocket } from './fake-socket.ts';

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
