import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormError, TextField } from '@/components/ui/field.tsx';
import type { CoreConnection } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { twoFactorChallengeOf } from '../api/login-two-factor.ts';
import { useLoginMutation } from '../api/login.ts';
import type { SignedIn } from '../api/login.ts';
import { keepSignIn } from '../keep-sign-in.ts';
import { loginErrorMessage } from '../login-error.ts';
import { validateLogin } from '../validation.ts';
import { TwoFactorLoginForm } from './two-factor-login-form.tsx';
import { SignInForm } from './sign-in-form.tsx';

/**
 * Sign in (dashboard.md §2): stores the token for this core, then hands over. A user with
 * two-factor sign-in on is asked for a code after the password (the core's challenge).
 */
export function LoginForm({
  core,
  onSignedIn,
}: {
  core: CoreConnection;
  onSignedIn: (signedIn: SignedIn) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({ username: '', password: '' }, validateLogin);
  const login = useLoginMutation();
  // Set when the password was right and the user has two-factor sign-in on (issue 28).
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = (signedIn: SignedIn) => {
    keepSignIn(queryClient, core, signedIn);
    onSignedIn(signedIn);
  };

  const submit = form.handleSubmit((values) => {
    login.mutate(
      { core, username: values.username.trim(), password: values.password },
      {
        onSuccess: finish,
        onError: (err) => {
          const asked = twoFactorChallengeOf(err);
          if (asked) setChallenge(asked.challenge);
        },
      },
    );
  });

  if (challenge !== null)
    return (
      <TwoFactorLoginForm
        core={core}
        challenge={challenge}
        onSignedIn={finish}
        onBack={() => {
          login.reset();
          form.setValue('password', '');
          setChallenge(null);
        }}
      />
    );

  return (
    <SignInForm onSubmit={submit} submitLabel={<Trans>Sign in</Trans>} pending={login.isPending}>
      <TextField
        label={t`Username`}
        autoComplete="username"
        autoFocus
        {...form.field('username')}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <FormError message={login.isError ? loginErrorMessage(login.error) : null} />
    </SignInForm>
  );
}
