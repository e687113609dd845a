import { useState } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@hearth/protocol';
import { SettingRow, SettingsSection } from '@/components/layout/settings-section.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useDisableTwoFactorMutation } from '../api/disable-two-factor.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';
import { formatDay, isNotOffered } from '../not-offered.ts';
import { SessionsSection } from './sessions-section.tsx';

/**
 * Users (owner), one member: whether they have two-factor sign-in (and turning it off for them
 * when they lost their phone), and their sessions. Your own are managed in your Profile.
 */
export function MemberAccess({ core, user }: { core: CoreConnection; user: PublicUser }) {
  const { t } = useLingui();
  const status = useTwoFactorStatus(core, user.uid);
  const reset = useDisableTwoFactorMutation();
  const [confirming, setConfirming] = useState(false);
  if (status.isError && isNotOffered(status.error)) return null;
  const on = status.data?.enabled === true;
  const username = user.username;
  const since = status.data?.enabled_at ? formatDay(status.data.enabled_at) : '';
  return (
    <>
      <SettingsSection title={t`Sign-in`}>
        <SettingRow
          title={
            <span className="flex items-center gap-2">
              <Trans>Two-factor sign-in</Trans>
              {status.data ? (
                <Badge tone={on ? 'success' : 'neutral'}>{on ? t`On` : t`Off`}</Badge>
              ) : null}
            </span>
          }
          description={
            on && status.data?.enabled_at
              ? t`On since ${since}.`
              : t`${username} signs in with a password only.`
          }
          control={
            on ? (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <Trans>Turn off</Trans>
              </Button>
            ) : undefined
          }
        />
      </SettingsSection>
      <SessionsSection core={core} uid={user.uid} self={false} />
      {confirming ? (
        <ConfirmDialog
          title={t`Turn off two-factor sign-in`}
          description={t`For ${username}, who lost their authenticator: their password alone signs them in until they turn it on again.`}
          confirmLabel={t`Turn off`}
          {...mutationFeedback(reset)}
          onClose={() => {
            reset.reset();
            setConfirming(false);
          }}
          onConfirm={() =>
            reset.mutate(
              { core, uid: user.uid, code: null },
              {
                onSuccess: () => {
                  setConfirming(false);
                  notify('success', tGlobal`Two-factor sign-in of ${username} is off`);
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
