import type { AccountSecurityAction, Activity, CausedBy } from '@hearth/protocol';
import { notFound, permissionDenied } from '../../errors.ts';
import type { StoredUser, UserRepository } from '../../repositories/user-repository.ts';

/** Where an account change goes in the event log (EventBus.record). */
export type SecuritySink = (activity: Activity, causedBy: CausedBy) => void;

/**
 * Account security (two-factor sign-in, keys, sessions) is changed from a signed-in session: an API
 * key cannot make keys (it could outlive its own expiry that way), turn a second factor off or
 * sign sessions out, nor can a macro task.
 */
export function requireSession(caller: StoredUser): void {
  if (caller.apiKey !== undefined || caller.task !== undefined || caller.sessionId === undefined)
    throw permissionDenied('Account security needs a signed-in session, not an API key or a task');
}

/** The caller's own account, or the owner acting on anyone's; the target must exist. */
export function requireSelfOrOwner(
  users: UserRepository,
  caller: StoredUser,
  uid: string,
): StoredUser {
  if (caller.uid !== uid && !caller.isOwner)
    throw permissionDenied('Only the owner can manage the account security of other users');
  const target = users.byUid(uid);
  if (!target) throw notFound('User not found');
  return target;
}

/** The caller's own account only (even the owner cannot enrol or make keys for someone else). */
export function requireSelf(users: UserRepository, caller: StoredUser, uid: string): StoredUser {
  if (caller.uid !== uid) throw permissionDenied('You can only do this for your own account');
  const target = users.byUid(uid);
  if (!target) throw notFound('User not found');
  return target;
}

export function securityActivity(
  action: AccountSecurityAction,
  target: Pick<StoredUser, 'uid' | 'username'>,
  detail: string | null = null,
): Activity {
  return {
    type: 'AccountSecurity',
    action,
    user_id: target.uid,
    user_name: target.username,
    detail,
  };
}

/** The caller as an entry's cause (account routes are a session's: no key, no task to name). */
export function securityCause(user: Pick<StoredUser, 'uid' | 'username'>): CausedBy {
  return { type: 'User', user_id: user.uid, user_name: user.username };
}
