import { useQueryClient } from '@tanstack/react-query';
import { useCurrentCore } from '@/lib/session.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { CoreSettingsPanel } from '@/features/settings/components/core-settings-panel.tsx';
import { SftpCoreSetting } from '@/features/sftp/components/sftp-core-setting.tsx';

/** /settings/general — Core Settings; only the owner edits (dashboard.md §6). */
export function SettingsGeneralRoute() {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  if (!core) return null;
  const canEdit = me.data?.is_owner === true;
  return (
    <CoreSettingsPanel
      core={core}
      canEdit={canEdit}
      sftp={<SftpCoreSetting core={core} canEdit={canEdit} />}
      onSaved={() =>
        void queryClient.invalidateQueries({ queryKey: getCoreInfoQueryOptions(core).queryKey })
      }
    />
  );
}
