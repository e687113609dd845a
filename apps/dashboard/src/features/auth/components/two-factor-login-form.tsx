import { useState } from 'react';
import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import type { CoreConnection } from '@/lib/session.ts';
import { useLoginWithCodeMutation } from '../api/login-two-factor.ts';
import type { SignedIn } from '../api/login.ts';
import { loginErrorMessage } from '../login-error.ts';
import { SignInForm } from './sign-in-form.tsx';

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export function TwoFactorLoginForm({
  core,
  challenge,
  onSignedIn,
  onBack,
}: {
  core: CoreConnection;
  challenge: string;
  onSignedIn: (signedIn: SignedIn) => void;
  /** Back to the password (a challenge that expired needs it again). */
  onBack: () => void;
}) {
  const { t } = useLingui();
  const login = useLoginWithCodeMutation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    setMissing(value === '');
    if (value === '') return;
    login.mutate({ core, challenge, code: value }, { onSuccess: onSignedIn });
  };
  return (
    <SignInForm
      onSubmit={submit}
      submitLabel={<Trans>Verify</Trans>}
      pending={login.isPending}
      after={
        <Button variant="ghost" size="sm" onClick={onBack} disabled={login.isPending}>
          <Trans>Back to password</Trans>
        </Button>
      }
    >
      <p className="text-sm text-muted">
        <Trans>
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </Trans>
      </p>
      <TextField
        label={t`Two-factor code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={missing ? t`Code is required` : undefined}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
      />
      <FormError message={login.isError ? loginErrorMessage(login.error) : null} />
    </SignInForm>
  );
}
