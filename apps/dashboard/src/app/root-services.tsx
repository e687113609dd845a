import { useEventStream } from '@/lib/realtime/use-event-stream.ts';
import { useTokenWatcher } from '@/features/auth/use-token-watcher.ts';
import { useUserEventSync } from '@/features/auth/use-user-event-sync.ts';
import { ConnectionModals } from '@/features/connection/components/connection-modals.tsx';
import { useVersionToast } from '@/features/connection/use-version-toast.ts';
import { useInstanceEventSync } from '@/features/instances/use-instance-event-sync.ts';
import { useNotificationSync } from '@/features/notifications/use-notification-sync.ts';
import { useRunnerStatusSync } from '@/features/tunnels/use-runner-status-sync.ts';
import { useUserListEventSync } from '@/features/users/user-list-events.ts';
import { useOwnPermissionSync } from './own-permission-sync.ts';

/**
 * What runs beside every screen but draws nothing for its first paint: the token's expiry, the
 * version toast, the event stream and the caches it keeps current, and the connection modals. Its own chunk, which
 * root-layout.tsx starts loading with the first render, so the first paint does not wait for it.
 */
export function RootServices({ inMainLayout }: { inMainLayout: boolean }) {
  useTokenWatcher();
  useVersionToast();
  useEventStream();
  useUserEventSync();
  useInstanceEventSync();
  useNotificationSync();
  useUserListEventSync();
  useOwnPermissionSync();
  useRunnerStatusSync();
  return <ConnectionModals inMainLayout={inMainLayout} />;
}
