import { KeyRound, MoreHorizontal, Trash2, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@hearth/protocol';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu.tsx';
import { canActOn, roleLabels } from '../members.ts';
import { RoleBadges } from './role-badges.tsx';

export interface MemberRowProps {
  user: PublicUser;
  meUid: string;
  onSelect: (uid: string) => void;
  onChangePassword: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
  /** More about the member, after the role badges (app/ adds whether they have two-factor on). */
  extra?: (user: PublicUser) => ReactNode;
}

/** One member: opens the permission editor; the menu offers Change Password and Delete User. */
export function MemberRow({
  user,
  meUid,
  onSelect,
  onChangePassword,
  onDelete,
  extra,
}: MemberRowProps) {
  const { t } = useLingui();
  const username = user.username;
  return (
    <li className="flex items-center gap-2 px-3 py-2">
      <button
        type="button"
        onClick={() => onSelect(user.uid)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-hover"
      >
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-raised text-muted"
        >
          <UserRound className="size-4" />
        </span>
        <span className="truncate text-sm font-medium text-fg">{user.username}</span>
        <RoleBadges labels={roleLabels(user, meUid)} />
        {extra?.(user)}
      </button>
      {canActOn(user, meUid) ? (
        <DropdownMenu
          align="end"
          width={184}
          trigger={
            <button
              type="button"
              aria-label={t`Actions for ${username}`}
              className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg data-[state=open]:bg-hover"
            >
              <MoreHorizontal aria-hidden className="size-4" />
            </button>
          }
        >
          <DropdownMenuItem
            icon={<KeyRound aria-hidden className="size-4 text-muted" />}
            onSelect={() => onChangePassword(user)}
          >
            <Trans>Change Password</Trans>
          </DropdownMenuItem>
          <DropdownMenuItem
            danger
            icon={<Trash2 aria-hidden className="size-4" />}
            onSelect={() => onDelete(user)}
          >
            <Trans>Delete User</Trans>
          </DropdownMenuItem>
        </DropdownMenu>
      ) : (
        <span aria-hidden className="size-8 shrink-0" />
      )}
    </li>
  );
}
