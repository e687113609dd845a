import { t as tGlobal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@hearth/protocol';
import { Modal } from '@/components/ui/dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useDeleteUserMutation } from '../api/delete-user.ts';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

export interface DeleteUserDialogProps {
  core: CoreConnection;
  target: Pick<PublicUser, 'uid' | 'username'> | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (uid: string) => void;
}

/** Confirms Delete User; the row disappears at once (dashboard.md §4), a refusal brings it back with a toast. */
export function DeleteUserDialog({ core, target, onOpenChange, onDeleted }: DeleteUserDialogProps) {
  const { t } = useLingui();
  const remove = useDeleteUserMutation();
  const confirm = () => {
    if (!target) return;
    const { uid, username } = target;
    onOpenChange(false);
    onDeleted(uid);
    remove.mutate(
      { core, uid },
      {
        onError: (err) => {
          const reason = toUserMessage(err);
          notify('error', tGlobal`Could not delete ${username}: ${reason}`);
        },
      },
    );
  };
  const username = target?.username ?? '';
  return (
    <Modal
      open={target !== null}
      onOpenChange={onOpenChange}
      title={t`Delete "${username}"`}
      description={t`This action cannot be undone. The user is signed out at once and loses every permission.`}
      actions={
        <DialogActions
          confirmLabel={t`Delete User`}
          variant="danger"
          onCancel={() => onOpenChange(false)}
          onConfirm={confirm}
        />
      }
    />
  );
}
