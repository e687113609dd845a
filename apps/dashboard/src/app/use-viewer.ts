import type { UserAction } from '@hearth/protocol';
import { viewerCan, viewerOf } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';

/** The signed-in user with the core's safe-mode flag: what every permission gate reads. */
export function useViewer(): Viewer | undefined {
  const user = useCurrentUser().data;
  const safeMode = useGlobalSettings().data?.safe_mode;
  return viewerOf(user, safeMode);
}

/**
 * An instance tab's permission gate: undefined while the signed-in user is still being read (the
 * tab shows a spinner rather than a "No permission" that would flash), then whether the viewer
 * may do an action.
 */
export function useViewerCan(): ((action: UserAction) => boolean) | undefined {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return undefined;
  return (action) => viewerCan(viewer, action);
}
