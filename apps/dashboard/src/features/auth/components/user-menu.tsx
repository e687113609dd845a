import { ChevronsUpDown, UserRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazyPopup } from '@/components/ui/lazy-popup.tsx';
import { useCurrentToken } from '@/lib/session.ts';
import { useCurrentUser } from '../api/get-user-info.ts';

const Popup = lazyPopup('menu', async () => (await import('./user-menu-popup.tsx')).UserMenuPopup);

/**
 * The sidebar's account menu: Guest or the username; Sign out or Sign in; Change core; and the
 * colour theme (System, Light, Dark) and the language (System, English, Deutsch, 简体中文). Its name is what it shows (name and role, a space between
 * them), then ", account". The button is
 * drawn here; the menu's code loads when it is first pointed at, focused or pressed.
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
  const { t } = useLingui();
  const token = useCurrentToken();
  const user = useCurrentUser();
  const name = token ? (user.data?.username ?? '…') : t`Guest`;
  const role = !token
    ? t`Not signed in`
    : user.data?.is_owner
      ? t`Owner`
      : user.data?.is_admin
        ? t`Admin`
        : t`User`;

  return (
    <Popup
      signedIn={Boolean(token)}
      onSignIn={onSignIn}
      onSignedOut={onSignedOut}
      onChangeCore={onChangeCore}
      trigger={
        <button
          type="button"
          className="flex min-h-11 w-full min-w-0 items-center gap-2.5 rounded-md px-2 py-1.5 text-left hover:bg-hover data-[state=open]:bg-hover"
        >
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-raised text-muted"
          >
            <UserRound className="size-4" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium text-fg">{name}</span>{' '}
            <span className="truncate text-xs text-faint">{role}</span>
            <span className="sr-only">
              <Trans>, account</Trans>
            </span>
          </span>
          <ChevronsUpDown aria-hidden className="size-4 text-faint" />
        </button>
      }
    />
  );
}
