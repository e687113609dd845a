import { useState } from 'react';
import type { RecoveryCodes as Codes } from '@hearth/protocol';
import { SettingRow, SettingsSection } from '@/components/layout/settings-section.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useDisableTwoFactorMutation } from '../api/disable-two-factor.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';
import { useRenewRecoveryCodesMutation } from '../api/renew-recovery-codes.ts';
import { formatDay, isNotOffered } from '../not-offered.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorCodeDialog } from './two-factor-code-dialog.tsx';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

export const TWO_FACTOR_REQUIRED_NOTICE =
  'This core requires two-factor sign-in. Turn it on to use the rest of the dashboard.';

type Dialog = 'setup' | 'disable' | 'renew' | null;

/** Profile: your two-factor sign-in — turn it on (QR code, first code), off, or renew the codes. */
export function TwoFactorSection({
  core,
  uid,
  username,
}: {
  core: CoreConnection;
  uid: string;
  username: string;
}) {
  const status = useTwoFactorStatus(core, uid);
  const disable = useDisableTwoFactorMutation();
  const renew = useRenewRecoveryCodesMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [codes, setCodes] = useState<Codes | null>(null);

  if (status.isError && isNotOffered(status.error)) return null;
  const data = status.data;
  const on = data?.enabled === true;

  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
    >
      {data?.required && !on ? (
        <p role="alert" className="px-5 py-3 text-sm text-warning">
          {TWO_FACTOR_REQUIRED_NOTICE}
        </p>
      ) : null}
      {status.isError ? (
        <div className="px-5 py-3">
          <FormError message={toUserMessage(status.error)} />
        </div>
      ) : null}
      <SettingRow
        title={
          <span className="flex items-center gap-2">
            Authenticator app
            {data ? <Badge tone={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge> : null}
          </span>
        }
        description={
          on && data?.enabled_at
            ? `On since ${formatDay(data.enabled_at)}. ${data.recovery_codes_left} recovery codes left.`
            : 'Off: your password alone signs you in.'
        }
        control={
          on ? (
            <Button variant="danger" onClick={() => setDialog('disable')}>
              Turn off
            </Button>
          ) : (
            <Button variant="primary" disabled={!data} onClick={() => setDialog('setup')}>
              Turn on
            </Button>
          )
        }
      />
      {on ? (
        <SettingRow
          title="Recovery codes"
          description="Each signs you in once without your phone. New ones replace the old ones."
          control={<Button onClick={() => setDialog('renew')}>New recovery codes</Button>}
        />
      ) : null}
      <TwoFactorSetupDialog
        core={core}
        uid={uid}
        username={username}
        open={dialog === 'setup'}
        onOpenChange={(open) => setDialog(open ? 'setup' : null)}
      />
      {dialog === 'disable' ? (
        <TwoFactorCodeDialog
          title="Turn off two-factor sign-in"
          description="Enter a code from your app, or a recovery code. Your password alone will sign you in again."
          submitLabel="Turn off"
          allowRecovery
          danger
          onClose={() => setDialog(null)}
          onSubmit={async (code) => {
            await disable.mutateAsync({ core, uid, code });
            setDialog(null);
            notify('success', 'Two-factor sign-in is off');
          }}
        />
      ) : null}
      {dialog === 'renew' ? (
        <TwoFactorCodeDialog
          title="New recovery codes"
          description="Enter a code from your app. Your old recovery codes stop working."
          submitLabel="Make new codes"
          allowRecovery={false}
          onClose={() => setDialog(null)}
          onSubmit={async (code) => {
            setCodes(await renew.mutateAsync({ core, uid, code }));
            setDialog(null);
          }}
        />
      ) : null}
      {codes ? (
        <Modal
          open
          onOpenChange={(open) => !open && setCodes(null)}
          title="Save your recovery codes"
        >
          <RecoveryCodes codes={codes.recovery_codes} username={username} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => setCodes(null)}>
              Done
            </Button>
          </div>
        </Modal>
      ) : null}
    </SettingsSection>
  );
}
