import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ClientFile } from '@hearth/protocol';
import { Modal } from '@/components/ui/dialog.tsx';
import { FileIcon } from './file-icon.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

export interface DeleteDialogProps {
  items: readonly ClientFile[];
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Delete file(s): "Are you sure you want to delete the following?" with the items listed. */
export function DeleteDialog({ items, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      onClose();
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      busy={pending}
      title={t`Delete file(s)`}
      description={t`Are you sure you want to delete the following?`}
      actions={
        <DialogActions
          confirmLabel={t`Delete`}
          variant="danger"
          pending={pending}
          onCancel={onClose}
          onConfirm={() => void confirm()}
        />
      }
    >
      <ul
        aria-label={t`Items to delete`}
        className="flex max-h-60 flex-col gap-1 overflow-y-auto rounded-md border border-line bg-bg p-2"
      >
        {items.map((file) => (
          <li key={file.path} className="flex items-center gap-2 text-[13px] text-fg">
            <FileIcon file={file} />
            <span className="truncate" title={file.path}>
              {file.path}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
