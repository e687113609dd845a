import { useState } from 'react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useDeleteInstanceMutation } from '../api/delete-instance.ts';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

/**
 * Danger Zone: Delete Instance (dashboard.md §2, §6: needs can_delete_instance), and what app/
 * adds above it (Move to another core, issue 26).
 */
export function DangerZone({
  instance,
  canDelete,
  onDeleted,
  extra,
}: {
  instance: InstanceInfo;
  canDelete: boolean;
  onDeleted: () => void;
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  const name = instance.name;
  const [open, setOpen] = useState(false);
  const remove = useDeleteInstanceMutation();

  // Not mutate's own callbacks: they are dropped when this tab unmounts first, which it does as
  // soon as the deleted instance leaves the list — and the URL would keep the deleted id.
  const confirm = () =>
    remove.mutateAsync(instance.uuid).then(
      () => {
        setOpen(false);
        onDeleted();
      },
      (err: unknown) => notify('error', toUserMessage(err)),
    );

  return (
    <section aria-labelledby="danger-zone" className="flex flex-col gap-2">
      <h2 id="danger-zone" className="text-sm font-semibold text-danger">
        <Trans>Danger Zone</Trans>
      </h2>
      {extra}
      <div className="flex items-center justify-between gap-4 rounded-lg border border-danger/40 bg-danger/5 px-5 py-4">
        <div>
          <p className="text-sm font-medium">
            <Trans>Delete Instance</Trans>
          </p>
          <p className="text-[13px] text-muted">
            <Trans>Deletes the instance and every file in its folder.</Trans>
          </p>
        </div>
        <Button variant="danger" disabled={!canDelete} onClick={() => setOpen(true)}>
          {canDelete ? t`Delete` : t`No permission`}
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t`Delete "${name}"`}
        description={t`This action cannot be undone.`}
        actions={
          <DialogActions
            confirmLabel={t`I understand, delete this instance`}
            variant="danger"
            pending={remove.isPending}
            onCancel={() => setOpen(false)}
            onConfirm={() => void confirm()}
          />
        }
      />
    </section>
  );
}
