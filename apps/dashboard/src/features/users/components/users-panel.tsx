import { useState } from 'react';
import type { ReactNode } from 'react';
import { UserPlus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo, PublicUser } from '@hearth/protocol';
import { SettingsPage } from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useUserList } from '../api/get-user-list.ts';
import { roleLabels, sortMembers } from '../members.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { MemberList } from './member-list.tsx';
import { PermissionEditor } from './permission-editor.tsx';
import { RoleBadges } from './role-badges.tsx';

export interface UsersPanelProps {
  core: CoreConnection;
  me: PublicUser;
  /** The `user` query parameter. */
  selectedUid: string | null;
  onSelect: (uid: string | null) => void;
  safeMode: boolean;
  /** GET /instance/list: the choices of the per-instance permission lists. */
  instances: readonly InstanceInfo[];
  /** Why the instances could not be loaded, if they could not. */
  instancesError?: string | null;
  /** More about each member in the list (app/ adds whether they have two-factor on). */
  memberExtra?: (user: PublicUser) => ReactNode;
  /** Sections under the selected member's permissions (app/ adds their sign-in and sessions). */
  selectedExtra?: (user: PublicUser) => ReactNode;
}

/** User Settings (/settings/users, dashboard.md §2): members, or the selected member's permissions. */
export function UsersPanel({
  core,
  me,
  selectedUid,
  onSelect,
  safeMode,
  instances,
  instancesError = null,
  memberExtra,
  selectedExtra,
}: UsersPanelProps) {
  const { t } = useLingui();
  const isOwner = me.is_owner;
  const list = useUserList(isOwner);
  const selected = list.data?.find((u) => u.uid === selectedUid) ?? null;
  const [creating, setCreating] = useState(false);
  const [passwordFor, setPasswordFor] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);

  if (!isOwner) {
    return (
      <SettingsPage title={t`User Settings`}>
        <p className="rounded-xl border border-line bg-panel px-5 py-4 text-sm text-muted">
          <Trans>Only the owner can manage users.</Trans>
        </p>
      </SettingsPage>
    );
  }
  if (list.isPending) return <PageSpinner />;

  const dialogs = (
    <>
      <CreateUserDialog core={core} open={creating} onOpenChange={setCreating} />
      {passwordFor ? (
        <ChangePasswordDialog
          core={core}
          target={passwordFor}
          isSelf={false}
          open
          onOpenChange={(open) => !open && setPasswordFor(null)}
        />
      ) : null}
      <DeleteUserDialog
        core={core}
        target={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={(uid) => uid === selectedUid && onSelect(null)}
      />
    </>
  );

  if (selected) {
    return (
      <SettingsPage
        title={selected.username}
        description={
          <span className="flex items-center gap-2">
            <Trans>Permissions of this user</Trans>{' '}
            <RoleBadges labels={roleLabels(selected, me.uid)} />
          </span>
        }
      >
        <FormError message={instancesError} />
        <PermissionEditor
          key={selected.uid}
          core={core}
          target={selected}
          instances={instances}
          safeMode={safeMode}
          canEdit={isOwner}
        />
        {selectedExtra?.(selected)}
        {dialogs}
      </SettingsPage>
    );
  }

  return (
    <SettingsPage
      title={t`User Settings`}
      description={t`Create accounts and choose what each user may do.`}
      actions={
        <Button variant="primary" onClick={() => setCreating(true)}>
          <UserPlus aria-hidden className="size-4" />
          <Trans>Create New User</Trans>
        </Button>
      }
    >
      {list.isError ? <FormError message={toUserMessage(list.error)} /> : null}
      {selectedUid && list.data ? (
        <p className="text-sm text-muted">
          <Trans>That user no longer exists.</Trans>
        </p>
      ) : null}
      <MemberList
        users={sortMembers(list.data ?? [], me.uid)}
        meUid={me.uid}
        onSelect={onSelect}
        onChangePassword={setPasswordFor}
        onDelete={setDeleting}
        {...(memberExtra ? { extra: memberExtra } : {})}
      />
      {dialogs}
    </SettingsPage>
  );
}
