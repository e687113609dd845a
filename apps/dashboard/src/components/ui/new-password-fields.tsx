import type { ChangeEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from './field.tsx';

/** What `useForm().field(name)` gives a field. */
interface BoundField {
  name: string;
  value: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * A new password and its confirmation: both `new-password` for password managers, the
 * confirmation also findable as "Password confirmation". The form's validate function compares them.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
  altLabel,
  autoFocus = false,
}: {
  password: BoundField;
  confirm: BoundField;
  /** The first field's label: "Password", or "New Password" when an old one is replaced. */
  label?: string;
  altLabel?: string;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={label ?? t`Password`}
        {...(altLabel ? { altLabel } : {})}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        {...password}
      />
      <TextField
        label={t`Confirm Password`}
        altLabel={t`Password confirmation`}
        type="password"
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
