import type { InstanceInfo, PublicUser, UserPermission } from '@hearth/protocol';
import { SettingsSection } from '@/components/layout/settings-section.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useUpdateUserPermissionsMutation } from '../api/update-user-permissions.ts';
import { SAFE_GLOBAL, SAFE_INSTANCE, UNSAFE } from '../permission-catalogue.ts';
import type { PermissionEntry } from '../permission-catalogue.ts';
import { PermissionRow } from './permission-rows.tsx';

export interface PermissionEditorProps {
  core: CoreConnection;
  target: PublicUser;
  instances: readonly InstanceInfo[];
  safeMode: boolean;
  /** Only the owner edits other users' permissions (dashboard.md §6). */
  canEdit: boolean;
}

/**
 * The selected user's permissions. Every change sends the full object (PUT update_perm) and shows
 * at once; the Unsafe Settings section is locked while safe mode is on (dashboard.md §6).
 */
export function PermissionEditor({ core, target, instances, safeMode, canEdit }: PermissionEditorProps) {
  const update = useUpdateUserPermissionsMutation();
  const save = (permissions: UserPermission) =>
    update.mutate(
      { core, uid: target.uid, permissions },
      { onError: (err) => notify('error', `Could not update permissions: ${toUserMessage(err)}`) },
    );

  if (target.is_owner) {
    return <p className="rounded-xl border border-line bg-panel px-5 py-4 text-sm text-muted">The owner has every permission.</p>;
  }

  const rows = (entries: readonly PermissionEntry[], locked: boolean) =>
    entries.map((entry) => (
      <PermissionRow
        key={entry.key}
        entry={entry}
        permissions={target.permissions}
        instances={instances}
        disabled={!canEdit || locked}
        onChange={save}
      />
    ));

  return (
    <>
      <SettingsSection title="Permissions" description="What this user may do on the whole core.">
        {rows(SAFE_GLOBAL, false)}
      </SettingsSection>
      <SettingsSection title="Instance Permissions" description="Choose the instances each permission applies to.">
        {rows(SAFE_INSTANCE, false)}
      </SettingsSection>
      <SettingsSection
        title="Unsafe Settings"
        danger
        description={
          safeMode
            ? 'Safe mode is on: these permissions cannot be changed. Turn safe mode off in Core Settings to grant them.'
            : 'These let a user run code or change files on this machine. Grant them only to people you trust.'
        }
      >
        {rows(UNSAFE, safeMode)}
      </SettingsSection>
    </>
  );
}
