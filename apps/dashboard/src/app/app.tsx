import { RouterProvider, createBrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { adoptCoreFromUrl } from './core-params.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

/** The whole dashboard, as mounted by main.tsx. */
export function createApp() {
  adoptCoreFromUrl(window.location.search);
  const services = { queryClient: createQueryClient(), hub: new RealtimeHub() };
  const router = createBrowserRouter(routes);
  return function App() {
    return (
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>
    );
  };
}
