import { useState, type ReactNode } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  SettingRow,
  SettingsPage,
  SettingsSection,
  SwitchRow,
} from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useGlobalSettings } from '../api/get-global-settings.ts';
import { useUpdateCoreDomainMutation } from '../api/update-core-domain.ts';
import { useUpdateCoreNameMutation } from '../api/update-core-name.ts';
import { useUpdateModrinthEnabledMutation } from '../api/update-modrinth-enabled.ts';
import { useUpdatePlayitEnabledMutation } from '../api/update-playit-enabled.ts';
import { useUpdateRequireTwoFactorMutation } from '../api/update-require-two-factor.ts';
import { validateCoreName, validateDomain } from '../core-settings-validation.ts';
import { OpenPortDialog } from './open-port-dialog.tsx';
import { SafeModeSetting } from './safe-mode-setting.tsx';
import { TextSetting } from '@/components/ui/text-setting.tsx';

const domainTip = () =>
  tGlobal`The public IP address or domain name players use to reach this machine from the Internet. It only works when the game ports are forwarded to this machine (for example with Open Port below). Leave it empty to show the core address.`;

/**
 * Core Settings (/settings/general, dashboard.md §2). Only the owner may change anything here
 * (§6); everyone else sees the values with the controls disabled.
 */
export function CoreSettingsPanel({
  core,
  canEdit,
  onSaved,
  sftp,
}: {
  core: CoreConnection;
  canEdit: boolean;
  onSaved?: () => void;
  /** The SFTP server's setting (features/sftp; app/ puts it here). */
  sftp?: ReactNode;
}) {
  const { t } = useLingui();
  const settings = useGlobalSettings();
  const updateName = useUpdateCoreNameMutation();
  const updateDomain = useUpdateCoreDomainMutation();
  const updatePlayit = useUpdatePlayitEnabledMutation();
  const updateModrinth = useUpdateModrinthEnabledMutation();
  const updateRequireTwoFactor = useUpdateRequireTwoFactorMutation();
  const [openPort, setOpenPort] = useState(false);

  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) {
    return (
      <SettingsPage title={t`Core Settings`}>
        <FormError message={toUserMessage(settings.error)} />
      </SettingsPage>
    );
  }
  const data = settings.data;
  const noPermission = canEdit ? undefined : t`No permission`;
  const failed = (err: unknown) => notify('error', toUserMessage(err));

  return (
    <SettingsPage
      title={t`Core Settings`}
      description={
        canEdit
          ? t`Settings of this core, shared by every user.`
          : t`Only the owner can change the core settings.`
      }
    >
      <SettingsSection title={t`General`}>
        <TextSetting
          label={t`Core Name`}
          value={data.core_name}
          disabled={!canEdit}
          validate={validateCoreName}
          save={async (name) => {
            await updateName.mutateAsync({ core, name });
            onSaved?.();
          }}
        />
        <TextSetting
          label={t`Public Domain/IP`}
          tip={domainTip()}
          value={data.domain ?? ''}
          placeholder={core.address}
          disabled={!canEdit}
          validate={validateDomain}
          save={(domain) => updateDomain.mutateAsync({ core, domain })}
        />
        <SwitchRow
          title={t`Enable Playit Integration`}
          description={t`Shows the Playitgg tab on every instance, to reach your servers through a playit.gg tunnel without opening ports.`}
          checked={data.playit_enabled}
          disabled={!canEdit}
          onCheckedChange={(on) => updatePlayit.mutate({ core, on }, { onError: failed })}
        />
        <SwitchRow
          title={t`Enable Modrinth Add-ons`}
          description={t`Shows the Add-ons tab on every instance: the core searches Modrinth and installs mods, plugins and datapacks from it.`}
          checked={data.modrinth_enabled}
          disabled={!canEdit}
          onCheckedChange={(on) => updateModrinth.mutate({ core, on }, { onError: failed })}
        />
      </SettingsSection>
      {data.require_two_factor === undefined ? null : (
        <SettingsSection title={t`Sign-in`}>
          <SwitchRow
            title={t`Require two-factor sign-in`}
            description={t`Everyone must turn on two-factor sign-in in their profile before using this core. Turn it on for your own account first.`}
            checked={data.require_two_factor}
            disabled={!canEdit}
            onCheckedChange={(on) =>
              updateRequireTwoFactor.mutate({ core, on }, { onError: failed })
            }
          />
        </SettingsSection>
      )}
      {sftp ? <SettingsSection title="SFTP">{sftp}</SettingsSection> : null}
      <SettingsSection title={t`Danger Zone`} danger>
        <SafeModeSetting core={core} on={data.safe_mode} disabled={!canEdit} />
        <SettingRow
          title={t`Open Port (UPnP)`}
          description={t`Asks your router to forward a port to this machine, so players outside your network can join.`}
          control={
            <Button
              variant="danger"
              disabled={!canEdit}
              title={noPermission}
              onClick={() => setOpenPort(true)}
            >
              {canEdit ? t`Open Port` : t`No permission`}
            </Button>
          }
        />
      </SettingsSection>
      <OpenPortDialog core={core} open={openPort} onOpenChange={setOpenPort} />
    </SettingsPage>
  );
}
