import { DropdownMenu } from 'radix-ui';
import { LogIn, LogOut, Server } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageMenuGroup } from '@/components/layout/language-menu-group.tsx';
import { ThemeMenuGroup } from '@/components/layout/theme-menu-group.tsx';
import type { PopupTriggerProps } from '@/components/ui/lazy-popup.tsx';
import { clearCurrentToken } from '@/lib/session.ts';

const ITEM =
  'flex h-11 cursor-pointer items-center gap-2 rounded-md px-2.5 text-sm text-fg outline-none select-none data-[highlighted]:bg-hover wide:h-9';

export interface UserMenuPopupProps extends PopupTriggerProps {
  signedIn: boolean;
  onSignIn: () => void;
  onSignedOut: () => void;
  onChangeCore: () => void;
}

/** The account menu's Radix part, loaded when the account button is first used (user-menu.tsx). */
export function UserMenuPopup({
  trigger,
  signedIn,
  onSignIn,
  onSignedOut,
  onChangeCore,
}: UserMenuPopupProps) {
  const { t } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        {/* Drawn at the end of the page, outside the sidebar: a landmark of its own keeps it in
            one (axe: region). It exists only while the menu is open. */}
        <div role="region" aria-label={t`Account`}>
          <DropdownMenu.Content
            side="top"
            align="start"
            sideOffset={6}
            className="z-50 min-w-52 rounded-lg border border-line bg-raised p-1 shadow-xl shadow-black/40"
          >
            {signedIn ? (
              <DropdownMenu.Item
                className={ITEM}
                onSelect={() => {
                  clearCurrentToken();
                  onSignedOut();
                }}
              >
                <LogOut aria-hidden className="size-4 text-muted" />
                <Trans>Sign out</Trans>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={ITEM} onSelect={onSignIn}>
                <LogIn aria-hidden className="size-4 text-muted" />
                <Trans>Sign in</Trans>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={ITEM} onSelect={onChangeCore}>
              <Server aria-hidden className="size-4 text-muted" />
              <Trans>Change core</Trans>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <ThemeMenuGroup />
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <LanguageMenuGroup />
          </DropdownMenu.Content>
        </div>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
