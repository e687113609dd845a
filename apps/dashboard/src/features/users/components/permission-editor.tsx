import { useRef, useState } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
export function PermissionEditor({
  core,
  target,
  instances,
  safeMode,
  canEdit,
}: PermissionEditorProps) {
  const { t } = useLingui();
  const update = useUpdateUserPermissionsMutation();
  // The latest change shows in the same frame as the click; the cache (patched optimistically,
  // then by the PermissionChanged event) takes over once the core has answered.
  const [draft, setDraft] = useState<UserPermission | null>(null);
  const latest = useRef<UserPermission | null>(null);
  const shown = draft ?? target.permissions;
  const save = (permissions: UserPermission) => {
    latest.current = permissions;
    setDraft(permissions);
    // mutateAsync: every change gets its own outcome (mutate's callbacks fire for the last call only).
    void update
      .mutateAsync({ core, uid: target.uid, permissions })
      .catch((err: unknown) => {
        const reason = toUserMessage(err);
        notify('error', tGlobal`Could not update permissions: ${reason}`);
      })
      .finally(() => {
        if (latest.current !== permissions) return;
        latest.current = null;
        setDraft(null);
      });
  };

  if (target.is_owner) {
    return (
      <p className="rounded-xl border border-line bg-panel px-5 py-4 text-sm text-muted">
        <Trans>The owner has every permission.</Trans>
      </p>
    );
  }

  const rows = (entries: readonly PermissionEntry[], locked: boolean) =>
    entries.map((entry) => (
      <PermissionRow
        key={entry.key}
        entry={entry}
        permissions={shown}
        instances={instances}
        disabled={!canEdit || locked}
        onChange={save}
      />
    ));

  return (
    <>
      <SettingsSection
        title={t`Permissions`}
        description={t`What this user may do on the whole core.`}
      >
        {rows(SAFE_GLOBAL, false)}
      </SettingsSection>
      <SettingsSection
        title={t`Instance Permissions`}
        description={t`Choose the instances each permission applies to.`}
      >
        {rows(SAFE_INSTANCE, false)}
      </SettingsSection>
      <SettingsSection
        title={t`Unsafe Settings`}
        danger
        description={
          safeMode
            ? t`Safe mode is on: these permissions cannot be changed. Turn safe mode off in Core Settings to grant them.`
            : t`These let a user run code or change files on this machine. Grant them only to people you trust.`
        }
      >
        {rows(UNSAFE, safeMode)}
      </SettingsSection>
    </>
  );
}
