import { DialogActions } from './dialog-actions.tsx';
import { Modal } from './dialog.tsx';
import { FormError } from './field.tsx';

export interface ConfirmDialogProps {
  title: string;
  description: string;
  /** The danger button's text, e.g. "Delete backup". */
  confirmLabel: string;
  /** The action is running: the dialog stays open and Cancel waits. */
  pending: boolean;
  /** What went wrong, in words; null when nothing did. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** An open dialog asking to confirm a destructive action; it closes when the caller says so. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      busy={pending}
      title={title}
      description={description}
      actions={
        <DialogActions
          confirmLabel={confirmLabel}
          variant="danger"
          pending={pending}
          onCancel={onClose}
          onConfirm={onConfirm}
        />
      }
    >
      <FormError message={error} />
    </Modal>
  );
}
