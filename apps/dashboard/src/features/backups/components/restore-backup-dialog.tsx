import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BackupRecord, InstanceInfo } from '@hearth/protocol';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useRestoreBackupMutation } from '../api/restore-backup.ts';
import { backupLabel, formatDateTime } from '../backup-format.ts';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

/**
 * Restore: says what is replaced and that a safety backup is kept (the core exempts it from
 * retention, so until the user deletes it); a running server is offered
 * stop-then-restore (the restore never runs under a live server).
 */
export function RestoreBackupDialog({
  instance,
  backup,
  onClose,
}: {
  instance: InstanceInfo;
  backup: BackupRecord;
  onClose: () => void;
}) {
  const restore = useRestoreBackupMutation(instance.uuid);
  const { t } = useLingui();
  const label = backupLabel(backup);
  const name = instance.name;
  const made = formatDateTime(backup.created_at);
  const running = instance.state !== 'Stopped' && instance.state !== 'Error';
  const confirm = () =>
    restore.mutate(
      { id: backup.id, stopFirst: running },
      {
        onSuccess: () => {
          // The core answers at once; the progress shows in the list. Say that it began.
          notify('success', tGlobal`Restoring "${label}" to ${name}`);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      busy={restore.isPending}
      title={t`Restore "${label}"`}
      width={520}
      actions={
        <DialogActions
          confirmLabel={running ? t`Stop and restore` : t`Restore`}
          variant="danger"
          pending={restore.isPending}
          onCancel={onClose}
          onConfirm={confirm}
        />
      }
    >
      <div className="flex flex-col gap-3 text-sm leading-relaxed text-muted">
        <p>
          <Trans>
            Every file in the folder of <strong className="text-fg">{name}</strong> is replaced by
            the files of this backup, made {made}. Files made since then are removed.
          </Trans>
        </p>
        <p>
          <Trans>
            A safety backup of the current files is made first and kept in this list, so you can go
            back. It is kept until you delete it: the retention rules never remove it.
          </Trans>
        </p>
        {running ? (
          <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-warning">
            <Trans>
              {name} is running. It will be stopped before the restore and stay stopped.
            </Trans>
          </p>
        ) : null}
        <FormError message={mutationFeedback(restore).error} />
      </div>
    </Modal>
  );
}
