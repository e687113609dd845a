import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import { LazyToaster } from '@/lib/toast.ts';
import { bindSessionToQueryClient } from './session-cache.ts';

export interface AppServices {
  queryClient: QueryClient;
  hub: RealtimeHub;
}

/** Everything the screens share: the query cache, the socket hub and toasts. */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  const [{ queryClient, hub }] = useState(services);
  useEffect(() => bindSessionToQueryClient(queryClient), [queryClient]);
  useEffect(() => () => hub.closeAll(), [hub]);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider hub={hub}>
        {children}
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
