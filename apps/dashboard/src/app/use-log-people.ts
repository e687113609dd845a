import type { PublicUser } from '@hearth/protocol';
import { useMemo } from 'react';
import { useUserList } from '@/features/users/api/get-user-list.ts';

/** Who the Event Logs can name and filter by: every user for the owner, else just oneself. */
export function useLogPeople(me: PublicUser | undefined): { uid: string; name: string }[] {
  const list = useUserList(me?.is_owner === true);
  return useMemo(() => {
    const users = me?.is_owner ? (list.data ?? []) : me ? [me] : [];
    return users
      .map((u) => ({ uid: u.uid, name: u.username }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [me, list.data]);
}
