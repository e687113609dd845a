import type { BackupRecord } from '@hearth/protocol';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      title={`Delete "${backupLabel(backup)}"`}
      description="This action cannot be undone."
      confirmLabel="Delete backup"
      pending={remove.isPending}
      error={remove.isError ? toUserMessage(remove.error) : null}
      onConfirm={() => remove.mutate(backup.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
