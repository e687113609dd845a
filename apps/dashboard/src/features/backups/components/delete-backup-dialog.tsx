import { useLingui } from '@lingui/react/macro';
import type { BackupRecord } from '@hearth/protocol';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
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
  const { t } = useLingui();
  const label = backupLabel(backup);
  return (
    <ConfirmDialog
      title={t`Delete "${label}"`}
      description={t`This action cannot be undone.`}
      confirmLabel={t`Delete backup`}
      {...mutationFeedback(remove)}
      onConfirm={() => remove.mutate(backup.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
