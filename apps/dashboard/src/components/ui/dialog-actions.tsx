import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { Button } from './button.tsx';

export interface DialogActionsProps {
  /** The primary action's text ("Delete", "Create User"). */
  confirmLabel: ReactNode;
  onCancel: () => void;
  /** Absent: the primary button submits the form it stands in. */
  onConfirm?: () => void;
  /** `danger` for what cannot be undone. */
  variant?: 'primary' | 'danger';
  /** The action is running: the primary button spins and Cancel waits. */
  pending?: boolean;
}

/** A dialog's footer: Cancel, then its one primary action, the same in every dialog. */
export function DialogActions({
  confirmLabel,
  onCancel,
  onConfirm,
  variant = 'primary',
  pending = false,
}: DialogActionsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={pending}>
        <Trans>Cancel</Trans>
      </Button>
      <Button
        variant={variant}
        loading={pending}
        {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}
      >
        {confirmLabel}
      </Button>
    </>
  );
}

/** The footer row at the end of a dialog's form: Cancel, then the button that submits the form. */
export function FormActions({
  className,
  ...actions
}: Omit<DialogActionsProps, 'onConfirm'> & { className?: string }) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <DialogActions {...actions} />
    </div>
  );
}
