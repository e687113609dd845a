import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOGIN_TOAST_MS, LOGIN_WARNING_DELAY_MS } from '@hearth/protocol';
import type { PublicUser } from '@hearth/protocol';
import {
  SettingRow,
  SettingsPage,
  SettingsSection,
} from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextSetting } from '@/components/ui/text-setting.tsx';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useRenameUserMutation } from '../api/rename-user.ts';
import { validateUsername } from '../user-validation.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

/** dashboard.md §2's words for a guest on Profile. */
export const notLoggedIn = () => tGlobal`You're not logged in! Please log in to access this page.`;

/** dashboard.md §2 "Profile": after 5 s without a signed-in user, a toast says so. */
function useNotLoggedInToast(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) return undefined;
    const timer = setTimeout(
      () =>
        notify('warning', notLoggedIn(), { id: 'profile-not-logged-in', duration: LOGIN_TOAST_MS }),
      LOGIN_WARNING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [signedIn]);
}

export interface ProfilePanelProps {
  core: CoreConnection;
  /** The signed-in user; undefined for a guest or while loading. */
  me: PublicUser | undefined;
  signedIn: boolean;
  onOwnPasswordChanged: (newPassword: string) => Promise<void>;
  onRenamed?: () => void;
  /** The Profile's other sections (two-factor sign-in, API keys, sessions, SFTP: app/ adds them). */
  children?: ReactNode;
}

/** Profile (/settings/profile): your username and password, SFTP usernames and SSH keys. */
export function ProfilePanel({
  core,
  me,
  signedIn,
  onOwnPasswordChanged,
  onRenamed,
  children,
}: ProfilePanelProps) {
  const { t } = useLingui();
  useNotLoggedInToast(signedIn);
  const rename = useRenameUserMutation();
  const [changing, setChanging] = useState(false);
  const editable = signedIn && me !== undefined;

  return (
    <SettingsPage
      title={t`Profile`}
      description={editable ? t`Your account on this core.` : t`Sign in to change your account.`}
    >
      <SettingsSection title={t`Account`}>
        <TextSetting
          label={t`Username`}
          value={me?.username ?? ''}
          disabled={!editable}
          validate={validateUsername}
          save={async (username) => {
            if (!me) return;
            await rename.mutateAsync({ core, uid: me.uid, username });
            onRenamed?.();
            notify('success', t`Username changed`);
          }}
        />
        <SettingRow
          title={t`Password`}
          description={t`Changing it signs you out everywhere else.`}
          control={
            <Button disabled={!editable} onClick={() => setChanging(true)}>
              <Trans>Change Password</Trans>
            </Button>
          }
        />
      </SettingsSection>
      {children}
      {me ? (
        <ChangePasswordDialog
          core={core}
          target={me}
          isSelf
          open={changing}
          onOpenChange={setChanging}
          onOwnPasswordChanged={onOwnPasswordChanged}
        />
      ) : null}
    </SettingsPage>
  );
}
