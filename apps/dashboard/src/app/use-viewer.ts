import { viewerOf } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';

/** The signed-in user with the core's safe-mode flag: what every permission gate reads. */
export function useViewer(): Viewer | undefined {
  const user = useCurrentUser().data;
  const safeMode = useGlobalSettings().data?.safe_mode;
  return viewerOf(user, safeMode);
}
