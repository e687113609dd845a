import { DropdownMenu } from 'radix-ui';
import { ThemeMenuGroup } from '@/components/layout/theme-menu-group.tsx';
import { ChevronsUpDown, LogIn, LogOut, Server, UserRound } from 'lucide-react';
import { clearCurrentToken, useCurrentToken } from '@/lib/session.ts';
import { useCurrentUser } from '../api/get-user-info.ts';

const ITEM =
  'flex h-11 cursor-pointer items-center gap-2 rounded-md px-2.5 text-sm text-fg outline-none select-none data-[highlighted]:bg-hover wide:h-9';

/**
 * The sidebar's account menu: Guest or the username; Sign out or Sign in; Change core; and the
 * colour theme (System, Light, Dark). Its name holds what it shows (name and role).
 */
export function UserMenu({
  onSignIn,
  onSignedOut,
  onChangeCore,
}: {
  onSignIn: () => void;
  onSignedOut: () => void;
  onChangeCore: () => void;
}) {
  const token = useCurrentToken();
  const user = useCurrentUser();
  const name = token ? (user.data?.username ?? '…') : 'Guest';
  const role = !token
    ? 'Not signed in'
    : user.data?.is_owner
      ? 'Owner'
      : user.data?.is_admin
        ? 'Admin'
        : 'User';

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account: ${name} ${role}`}
        className="flex min-h-11 w-full min-w-0 items-center gap-2.5 rounded-md px-2 py-1.5 text-left hover:bg-hover data-[state=open]:bg-hover"
      >
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-raised text-muted"
        >
          <UserRound className="size-4" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium text-fg">{name}</span>
          <span className="truncate text-xs text-faint">{role}</span>
        </span>
        <ChevronsUpDown aria-hidden className="size-4 text-faint" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-line bg-raised p-1 shadow-xl shadow-black/40"
        >
          {token ? (
            <DropdownMenu.Item
              className={ITEM}
              onSelect={() => {
                clearCurrentToken();
                onSignedOut();
              }}
            >
              <LogOut aria-hidden className="size-4 text-muted" />
              Sign out
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={ITEM} onSelect={onSignIn}>
              <LogIn aria-hidden className="size-4 text-muted" />
              Sign in
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={ITEM} onSelect={onChangeCore}>
            <Server aria-hidden className="size-4 text-muted" />
            Change core
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <ThemeMenuGroup />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
