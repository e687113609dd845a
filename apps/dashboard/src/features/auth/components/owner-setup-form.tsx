import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { useDesktopBridge } from '@/lib/desktop-bridge.ts';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSetupOwnerMutation } from '../api/setup-owner.ts';
import type { SignedIn } from '../api/login.ts';
import { keepSignIn } from '../keep-sign-in.ts';
import { setupFailed, validateOwnerSetup } from '../validation.ts';
import { NewPasswordFields } from '@/components/ui/new-password-fields.tsx';
import { SignInForm } from './sign-in-form.tsx';

/**
 * Owner setup (dashboard.md §2, §5): creates the owner with the setup key the core printed
 * (or that the desktop wrapper hands over) and signs them in.
 */
export function OwnerSetupForm({
  core,
  onDone,
}: {
  core: CoreConnection;
  onDone: (signedIn: SignedIn) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const bridge = useDesktopBridge();
  const form = useForm(
    { username: '', setupKey: '', password: '', confirmPassword: '' },
    validateOwnerSetup,
  );
  const { setValue } = form;
  const setup = useSetupOwnerMutation();

  useEffect(() => {
    if (!bridge) return undefined;
    let cancelled = false;
    bridge.getFirstTimeSetupKey().then(
      (key) => {
        if (!cancelled) setValue('setupKey', key);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [bridge, setValue]);

  const submit = form.handleSubmit((values) => {
    setup.mutate(
      { core, setupKey: values.setupKey, username: values.username, password: values.password },
      {
        onSuccess: (signedIn) => {
          keepSignIn(queryClient, core, signedIn);
          onDone(signedIn);
        },
      },
    );
  });

  return (
    <SignInForm
      onSubmit={submit}
      submitLabel={<Trans>Create owner account</Trans>}
      pending={setup.isPending}
    >
      <TextField
        label={t`Username`}
        autoComplete="username"
        autoFocus
        {...form.field('username')}
      />
      <TextField
        label={t`Setup Key`}
        autoComplete="off"
        spellCheck={false}
        hint={t`Printed by the core at start-up: “First time setup key: …”`}
        className="font-mono"
        {...form.field('setupKey')}
      />
      <NewPasswordFields
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
      />
      {setup.isError ? (
        <div className="flex flex-col gap-1">
          <FormError message={setupFailed()} />
          <p className="text-[13px] text-faint">{toUserMessage(setup.error)}</p>
        </div>
      ) : null}
    </SignInForm>
  );
}
