import { canPerform, principalOf } from '@hearth/protocol';
import type { PublicUser, UserAction } from '@hearth/protocol';

// The dashboard's view of core-api.md §1.5: the very rule the core enforces (from the protocol),
// so a control is offered exactly when the core would allow it — safe mode included.

/** Who is looking: the signed-in user, and whether the core is in safe mode. */
export interface Viewer {
  user: PublicUser;
  safeMode: boolean;
}

/** The viewer of a user; safe mode is assumed on (the core's default) until the settings say. */
export function viewerOf(
  user: PublicUser | null | undefined,
  safeMode: boolean | undefined,
): Viewer | undefined {
  return user ? { user, safeMode: safeMode ?? true } : undefined;
}

/** Whether the core would let the viewer do `action`; nobody signed in may do nothing. */
export function viewerCan(viewer: Viewer | null | undefined, action: UserAction): boolean {
  if (!viewer) return false;
  return canPerform(principalOf(viewer.user), action, viewer.safeMode);
}
