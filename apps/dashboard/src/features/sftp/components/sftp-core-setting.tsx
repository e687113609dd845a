import { DEFAULT_SFTP_PORT } from '@hearth/protocol';
import { useLingui } from '@lingui/react/macro';
import { SwitchRow } from '@/components/layout/settings-section.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { TextSetting } from '@/components/ui/text-setting.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useSftpInfo, useUpdateSftpSettingsMutation } from '../api/sftp.ts';
import { validateSftpPort } from '../sftp-text.ts';

/** Core Settings (owner): SFTP on/off and its port, applied at once by the core. */
export function SftpCoreSetting({ core, canEdit }: { core: CoreConnection; canEdit: boolean }) {
  const { t } = useLingui();
  const info = useSftpInfo(core);
  const update = useUpdateSftpSettingsMutation();
  const enabled = info.data?.enabled ?? false;
  const port = info.data?.port ?? DEFAULT_SFTP_PORT;
  const disabled = !canEdit || info.data === undefined || update.isPending;

  return (
    <>
      <SwitchRow
        title={t`Enable SFTP`}
        description={t`Lets users move files with FileZilla, WinSCP or sftp, with the same permissions as the Files tab. Each user finds their usernames in their Profile.`}
        checked={enabled}
        disabled={disabled}
        onCheckedChange={(on) =>
          update.mutate(
            { core, settings: { enabled: on, port } },
            { onError: (err) => notify('error', toUserMessage(err)) },
          )
        }
      >
        {info.data?.problem ? <FormError message={info.data.problem} /> : null}
      </SwitchRow>
      <TextSetting
        label={t`SFTP Port`}
        value={String(port)}
        disabled={disabled}
        validate={validateSftpPort}
        save={(text) =>
          update.mutateAsync({ core, settings: { enabled, port: Number(text.trim()) } })
        }
      />
    </>
  );
}
