import { viewerCan } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';

/** Who may import a server (the core's `requireGenericRights` and the host-folder rule). */
export interface ImportAccess {
  /** Whatever an imported folder holds runs as the game: as for generic games, `CreateInstance`,
   * and while safe mode is on, the owner. */
  allowed: boolean;
  /** A folder on the core's machine: the owner, with safe mode off. */
  hostFolder: boolean;
}

export function importAccessOf(viewer: Viewer | null | undefined): ImportAccess {
  if (!viewer) return { allowed: false, hostFolder: false };
  const owner = viewer.user.is_owner;
  return {
    allowed: viewerCan(viewer, { type: 'CreateInstance' }) && (owner || !viewer.safeMode),
    hostFolder: owner && !viewer.safeMode,
  };
}
