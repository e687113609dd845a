import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
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
  const submit = async () => {
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
    <FormDialog
      title={title}
      description={description}
      submitLabel={submitLabel}
      variant={danger ? 'danger' : 'primary'}
      pending={pending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={allowRecovery ? t`Code or recovery code` : t`Code from your app`}
        inputMode={allowRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
      />
      <FormError message={error} />
    </FormDialog>
  );
}
