import type { PublicUser } from '@hearth/protocol';

// dashboard.md §2 and §6: how members are listed and labelled.

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The current user first, then everyone else alphabetically by username. */
export function sortMembers<U extends Pick<PublicUser, 'uid' | 'username'>>(
  users: readonly U[],
  meUid: string | null | undefined,
): U[] {
  return [...users].sort((a, b) => {
    if (a.uid === meUid) return -1;
    if (b.uid === meUid) return 1;
    return collator.compare(a.username, b.username) || a.uid.localeCompare(b.uid);
  });
}

export type RoleLabel = 'You' | 'Admin' | 'Owner';

export function roleLabels(
  user: Pick<PublicUser, 'uid' | 'is_owner' | 'is_admin'>,
  meUid: string | null | undefined,
): RoleLabel[] {
  const labels: RoleLabel[] = [];
  if (user.uid === meUid) labels.push('You');
  if (user.is_admin) labels.push('Admin');
  if (user.is_owner) labels.push('Owner');
  return labels;
}

/** Change Password and Delete User are offered for everyone but yourself (and never the owner). */
export function canActOn(
  user: Pick<PublicUser, 'uid' | 'is_owner'>,
  meUid: string | null | undefined,
): boolean {
  return user.uid !== meUid && !user.is_owner;
}
