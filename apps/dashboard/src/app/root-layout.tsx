import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useConnectionWatch } from '@/features/connection/use-connection-watch.ts';
import { useCoreParamSync, useRememberRoute } from './core-params.ts';

export interface RouteHandle {
  /** Routes inside the main layout (home, instance tabs, settings). */
  layout?: 'main';
}

const RootServices = lazy(async () => ({
  default: (await import('./root-services.tsx')).RootServices,
}));

/**
 * Wraps every screen: URL ↔ core sync and the connection status at once; the token rules, the
 * event stream and the connection modals as soon as their chunk is there (root-services.tsx).
 */
export function RootLayout({
  inMainLayout,
  children,
}: {
  /** The matched route is inside the main layout (its route handle says so). */
  inMainLayout: boolean;
  children: ReactNode;
}) {
  useCoreParamSync();
  useRememberRoute();
  useConnectionWatch();
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <RootServices inMainLayout={inMainLayout} />
      </Suspense>
    </>
  );
}
