import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormActions } from '@/components/ui/dialog-actions.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';

export interface TwoFactorCodeDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  /** Recovery codes are accepted too (turning it off). */
  allowRecovery: boolean;
  danger?: boolean;
  /** Rejects with the core's refusal, shown in the dialog. */
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for a current code (or a recovery code) before a change to two-factor sign-in. */
export function TwoFactorCodeDialog({
  title,
  description,
  submitLabel,
  allowRecovery,
  danger = false,
  onSubmit,
  onClose,
}: TwoFactorCodeDialogProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t`Code is required`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (err) {
      setError(toUserMessage(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      description={description}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label={allowRecovery ? t`Code or recovery code` : t`Code from your app`}
          inputMode={allowRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
        <FormError message={error} />
        <FormActions
          confirmLabel={submitLabel}
          variant={danger ? 'danger' : 'primary'}
          pending={pending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
