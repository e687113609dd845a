import { useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { clearCurrentToken, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { getUserInfoQueryOptions, useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { login } from '@/features/auth/api/login.ts';
import { keepSignIn } from '@/features/auth/keep-sign-in.ts';
import { ApiKeysSection } from '@/features/access/components/api-keys-section.tsx';
import { SessionsSection } from '@/features/access/components/sessions-section.tsx';
import { TwoFactorSection } from '@/features/access/components/two-factor-section.tsx';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { SftpProfileSections } from '@/features/sftp/components/sftp-profile-sections.tsx';
import { ProfilePanel } from '@/features/users/components/profile-panel.tsx';

/**
 * /settings/profile: your account, then its security (two-factor sign-in, API keys, sessions).
 * Changing your own password revokes every token of yours, so the dashboard
 * signs in again with the new password; if that fails the user is sent to sign in, told why.
 */
export function SettingsProfileRoute() {
  const core = useCurrentCore();
  const token = useCurrentToken();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const instances = useInstances();
  if (!core) return null;

  const signInAgain = async (newPassword: string) => {
    const username = me.data?.username;
    try {
      if (!username) throw new Error(t`No signed-in user`);
      const signedIn = await login(core, { username, password: newPassword });
      keepSignIn(queryClient, core, signedIn);
    } catch {
      clearCurrentToken();
      notify('info', t`Your password was changed. Sign in again with your new password.`);
      void navigate('/login/user/select');
    }
  };

  return (
    <ProfilePanel
      core={core}
      me={me.data}
      signedIn={token !== null}
      onOwnPasswordChanged={signInAgain}
      onRenamed={() =>
        void queryClient.invalidateQueries({
          queryKey: getUserInfoQueryOptions(core, true).queryKey,
        })
      }
    >
      {me.data && token !== null ? (
        <>
          {/* Account security (issue 28), then SFTP usernames and SSH keys. */}
          <TwoFactorSection core={core} uid={me.data.uid} username={me.data.username} />
          <ApiKeysSection
            core={core}
            me={me.data}
            instances={(instances.data ?? []).map((i) => ({ uuid: i.uuid, name: i.name }))}
          />
          <SessionsSection core={core} uid={me.data.uid} self />
          <SftpProfileSections core={core} />
        </>
      ) : null}
    </ProfilePanel>
  );
}
