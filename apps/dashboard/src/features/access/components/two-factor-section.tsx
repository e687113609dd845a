import { useState } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

export const twoFactorRequiredNotice = () =>
  tGlobal`This core requires two-factor sign-in. Turn it on to use the rest of the dashboard.`;

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
  const { t } = useLingui();
  const status = useTwoFactorStatus(core, uid);
  const disable = useDisableTwoFactorMutation();
  const renew = useRenewRecoveryCodesMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [codes, setCodes] = useState<Codes | null>(null);

  if (status.isError && isNotOffered(status.error)) return null;
  const data = status.data;
  const on = data?.enabled === true;
  const since = data?.enabled_at ? formatDay(data.enabled_at) : '';
  const left = data?.recovery_codes_left ?? 0;

  return (
    <SettingsSection
      title={t`Two-factor sign-in`}
      description={t`After your password, sign-in asks for a code from an authenticator app on your phone.`}
    >
      {data?.required && !on ? (
        <p role="alert" className="px-5 py-3 text-sm text-warning">
          {twoFactorRequiredNotice()}
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
            <Trans>Authenticator app</Trans>
            {data ? <Badge tone={on ? 'success' : 'neutral'}>{on ? t`On` : t`Off`}</Badge> : null}
          </span>
        }
        description={
          on && data?.enabled_at
            ? t`On since ${since}. ${left} recovery codes left.`
            : t`Off: your password alone signs you in.`
        }
        control={
          on ? (
            <Button variant="danger" onClick={() => setDialog('disable')}>
              <Trans>Turn off</Trans>
            </Button>
          ) : (
            <Button variant="primary" disabled={!data} onClick={() => setDialog('setup')}>
              <Trans>Turn on</Trans>
            </Button>
          )
        }
      />
      {on ? (
        <SettingRow
          title={t`Recovery codes`}
          description={t`Each signs you in once without your phone. New ones replace the old ones.`}
          control={
            <Button onClick={() => setDialog('renew')}>
              <Trans>New recovery codes</Trans>
            </Button>
          }
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
          title={t`Turn off two-factor sign-in`}
          description={t`Enter a code from your app, or a recovery code. Your password alone will sign you in again.`}
          submitLabel={t`Turn off`}
          allowRecovery
          danger
          onClose={() => setDialog(null)}
          onSubmit={async (code) => {
            await disable.mutateAsync({ core, uid, code });
            setDialog(null);
            notify('success', t`Two-factor sign-in is off`);
          }}
        />
      ) : null}
      {dialog === 'renew' ? (
        <TwoFactorCodeDialog
          title={t`New recovery codes`}
          description={t`Enter a code from your app. Your old recovery codes stop working.`}
          submitLabel={t`Make new codes`}
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
          title={t`Save your recovery codes`}
        >
          <RecoveryCodes codes={codes.recovery_codes} username={username} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => setCodes(null)}>
              <Trans>Done</Trans>
            </Button>
          </div>
        </Modal>
      ) : null}
    </SettingsSection>
  );
}
