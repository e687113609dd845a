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
  const remove = useDeleteUserMutation();
  const confirm = () => {
    if (!target) return;
    const { uid, username } = target;
    onOpenChange(false);
    onDeleted(uid);
    remove.mutate(
      { core, uid },
      { onError: (err) => notify('error', `Could not delete ${username}: ${toUserMessage(err)}`) },
    );
  };
  return (
    <Modal
      open={target !== null}
      onOpenChange={onOpenChange}
      title={`Delete "${target?.username ?? ''}"`}
      description="This action cannot be undone. The user is signed out at once and loses every permission."
      actions={
        <DialogActions
          confirmLabel="Delete User"
          variant="danger"
          onCancel={() => onOpenChange(false)}
          onConfirm={confirm}
        />
      }
    />
  );
}
