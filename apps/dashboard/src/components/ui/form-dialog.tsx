import type { ReactNode } from 'react';
import { FormActions } from './dialog-actions.tsx';
import type { DialogActionsProps } from './dialog-actions.tsx';
import { Modal } from './dialog.tsx';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  /** The submit button's text ("Create backup"). */
  submitLabel: ReactNode;
  variant?: DialogActionsProps['variant'];
  /** The action is running: the dialog stays open, the submit button spins and Cancel waits. */
  pending: boolean;
  /** Enter or the submit button; the form's own submit is prevented. */
  onSubmit: () => void;
  onClose: () => void;
  /** The form's fields (and its error), above Cancel and the submit button. */
  children: ReactNode;
}

/**
 * An open dialog holding one form: its fields, then Cancel and the submit button. It closes when
 * the caller says so, never while the action runs.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  variant = 'primary',
  pending,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      busy={pending}
      title={title}
      description={description}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormActions
          confirmLabel={submitLabel}
          variant={variant}
          pending={pending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
