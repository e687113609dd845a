import { UserRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { useUserList } from '../api/get-user-list.ts';
import { sortMembers } from '../members.ts';

export interface NavMemberListProps {
  meUid: string;
  /** The list is fetched for the owner only (dashboard.md §2). */
  isOwner: boolean;
  selectedUid: string | null;
  onSelect: (uid: string) => void;
}

/** The settings nav's user list: you first, then alphabetical, yours marked (You). */
export function NavMemberList({ meUid, isOwner, selectedUid, onSelect }: NavMemberListProps) {
  const { t } = useLingui();
  const list = useUserList(isOwner);
  if (!isOwner || !list.data) return null;
  return (
    <ul aria-label={t`Users`} className="flex flex-col gap-0.5">
      {sortMembers(list.data, meUid).map((user) => {
        const selected = user.uid === selectedUid;
        return (
          <li key={user.uid}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(user.uid)}
              className={cn(
                'flex h-11 w-full min-w-0 items-center gap-2 rounded-md px-2 text-left text-sm hover:bg-hover hover:text-fg wide:h-8',
                selected ? 'bg-hover text-fg' : 'text-muted',
              )}
            >
              <UserRound aria-hidden className="size-3.5 shrink-0 text-faint" />
              <span className="truncate">{user.username}</span>
              {user.uid === meUid ? (
                <span className="shrink-0 text-faint">
                  <Trans>(You)</Trans>
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
