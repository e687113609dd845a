import { canPerform, permissionDenialText } from '@hearth/protocol';
import type { Principal, UserAction } from '@hearth/protocol';
import { permissionDenied } from '../errors.ts';

// The rules themselves live in @hearth/protocol (permissions.ts), shared with the dashboard.
export { canPerform, isUnsafeAction } from '@hearth/protocol';
export type { Principal, UserAction } from '@hearth/protocol';

/** The one guard every route and socket uses. */
export class PermissionGuard {
  constructor(private readonly safeMode: () => boolean) {}

  can(user: Principal, action: UserAction): boolean {
    return canPerform(user, action, this.safeMode());
  }

  require(user: Principal, action: UserAction): void {
    if (this.can(user, action)) return;
    throw permissionDenied(permissionDenialText(user, action, this.safeMode()));
  }
}
