import type { BackupRecord } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useDeleteBackupMutation } from '../api/delete-backup.ts';
import { backupLabel } from '../backup-format.ts';

export function DeleteBackupDialog({
  instanceUuid,
  backup,
  onClose,
}: {
  instanceUuid: string;
  backup: BackupRecord;
  onClose: () => void;
}) {
  const remove = useDeleteBackupMutation(instanceUuid);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={`Delete "${backupLabel(backup)}"`}
      description="This action cannot be undone."
      actions={
        <>
          <Button onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate(backup.id, { onSuccess: onClose })}
          >
            Delete backup
          </Button>
        </>
      }
    >
      <FormError message={remove.isError ? toUserMessage(remove.error) : null} />
    </Modal>
  );
}
