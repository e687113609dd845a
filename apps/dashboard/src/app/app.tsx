import { BrowserRouter } from '@/lib/router/router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { adoptCoreFromUrl } from './core-params.ts';
import { prefetchFirstScreen } from './first-screen.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The whole dashboard, as mounted by main.tsx. */
export function createApp() {
  adoptCoreFromUrl(window.location.search);
  const services = { queryClient: createQueryClient(), hub: new RealtimeHub() };
  prefetchFirstScreen(services.queryClient);
  return function App() {
    return (
      <AppProviders services={services}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    );
  };
}
