import type { ReactNode } from 'react';
import { useEventStream } from '@/lib/realtime/realtime-hooks.ts';
import { useTokenWatcher } from '@/features/auth/use-token-watcher.ts';
import { useUserEventSync } from '@/features/auth/use-user-event-sync.ts';
import { ConnectionModals } from '@/features/connection/components/connection-modals.tsx';
import { useConnectionWatch } from '@/features/connection/use-connection-watch.ts';
import { useInstanceEventSync } from '@/features/instances/use-instance-event-sync.ts';
import { useNotificationSync } from '@/features/notifications/use-notifications.ts';
import { useRunnerStatusSync } from '@/features/tunnels/use-runner-status-sync.ts';
import { useUserListEventSync } from '@/features/users/user-list-events.ts';
import { useCoreParamSync, useRememberRoute } from './core-params.ts';
import { useOwnPermissionSync } from './own-permission-sync.ts';

export interface RouteHandle {
  /** Routes inside the main layout (home, instance tabs, settings). */
  layout?: 'main';
}

/** Wraps every screen: URL ↔ core sync, token rules, the event stream and the connection modals. */
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
  useTokenWatcher();
  useConnectionWatch();
  useEventStream();
  useUserEventSync();
  useInstanceEventSync();
  useNotificationSync();
  useUserListEventSync();
  useOwnPermissionSync();
  useRunnerStatusSync();
  return (
    <>
      {children}
      <ConnectionModals inMainLayout={inMainLayout} />
    </>
  );
}
