import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RecoveryCodes as Codes, TwoFactorSetup } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { CopyText } from '@/components/ui/copy-text.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useConfirmTwoFactorMutation } from '../api/confirm-two-factor.ts';
import { useSetupTwoFactorMutation } from '../api/setup-two-factor.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { FormActions } from '@/components/ui/dialog-actions.tsx';

/** The code field's rules: six digits (spaces are dropped). */
export function codeProblem(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  if (digits === '') return tGlobal`Code is required`;
  return /^\d{6}$/.test(digits) ? null : tGlobal`Enter the 6-digit code`;
}

function SetupStep({
  core,
  uid,
  setup,
  onConfirmed,
  onCancel,
}: {
  core: CoreConnection;
  uid: string;
  setup: TwoFactorSetup;
  onConfirmed: (codes: Codes) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const confirm = useConfirmTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setError(problem);
    if (problem) return;
    confirm.mutate(
      { core, uid, code: code.replace(/\s+/g, '') },
      { onSuccess: onConfirmed, onError: (err) => setError(toUserMessage(err)) },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-muted">
        <li>
          <Trans>Scan the QR code with an authenticator app, or type the secret key into it.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <img
        src={setup.qr_code}
        alt={t`QR code for your authenticator app`}
        className="mx-auto size-48 rounded-lg bg-white p-2"
      />
      <div className="flex flex-col gap-1 text-sm">
        <span className="text-[13px] font-medium text-muted">
          <Trans>Secret key</Trans>
        </span>
        <CopyText text={setup.secret} className="text-fg" />
      </div>
      <TextField
        label={t`Code from your app`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
      />
      <FormError message={error} />
      <FormActions confirmLabel={t`Turn on`} pending={confirm.isPending} onCancel={onCancel} />
    </form>
  );
}

/** Turn on two-factor sign-in: a new secret, its first code, then the recovery codes, once. */
export function TwoFactorSetupDialog({
  core,
  uid,
  username,
  open,
  onOpenChange,
}: DialogOpenProps & {
  core: CoreConnection;
  uid: string;
  username: string;
}) {
  const { t } = useLingui();
  const setup = useSetupTwoFactorMutation();
  const [codes, setCodes] = useState<Codes | null>(null);
  const { mutate, reset } = setup;
  useEffect(() => {
    if (!open) return;
    setCodes(null);
    reset();
    mutate({ core, uid });
  }, [open, core, uid, mutate, reset]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !setup.isPending && onOpenChange(next)}
      title={codes ? t`Save your recovery codes` : t`Turn on two-factor sign-in`}
      width={480}
    >
      {codes ? (
        <>
          <RecoveryCodes codes={codes.recovery_codes} username={username} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => onOpenChange(false)}>
              <Trans>Done</Trans>
            </Button>
          </div>
        </>
      ) : setup.data ? (
        <SetupStep
          core={core}
          uid={uid}
          setup={setup.data}
          onConfirmed={setCodes}
          onCancel={() => onOpenChange(false)}
        />
      ) : setup.isError ? (
        <FormError message={toUserMessage(setup.error)} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label={t`Making a secret`} />
        </div>
      )}
    </Modal>
  );
}
