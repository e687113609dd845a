import { useState } from 'react';
import type { PublicUser } from '@hearth/protocol';
import { SettingRow, SettingsSection } from '@/components/layout/settings-section.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
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
  const status = useTwoFactorStatus(core, user.uid);
  const reset = useDisableTwoFactorMutation();
  const [confirming, setConfirming] = useState(false);
  if (status.isError && isNotOffered(status.error)) return null;
  const on = status.data?.enabled === true;
  return (
    <>
      <SettingsSection title="Sign-in">
        <SettingRow
          title={
            <span className="flex items-center gap-2">
              Two-factor sign-in
              {status.data ? (
                <Badge tone={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
              ) : null}
            </span>
          }
          description={
            on && status.data?.enabled_at
              ? `On since ${formatDay(status.data.enabled_at)}.`
              : `${user.username} signs in with a password only.`
          }
          control={
            on ? (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Turn off
              </Button>
            ) : undefined
          }
        />
      </SettingsSection>
      <SessionsSection core={core} uid={user.uid} self={false} />
      {confirming ? (
        <ConfirmDialog
          title="Turn off two-factor sign-in"
          description={`For ${user.username}, who lost their authenticator: their password alone signs them in until they turn it on again.`}
          confirmLabel="Turn off"
          pending={reset.isPending}
          error={reset.isError ? toUserMessage(reset.error) : null}
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
                  notify('success', `Two-factor sign-in of ${user.username} is off`);
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
