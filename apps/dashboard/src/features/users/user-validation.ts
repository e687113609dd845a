import { t } from '@lingui/core/macro';
import type { FormErrors } from '@/lib/use-form.ts';
import { usernameError } from '@/lib/name-problems.ts';

// dashboard.md §5 "Password forms" and "Create user".

export interface PasswordValues extends Record<string, string> {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

function passwordErrors<V extends { password: string; confirmPassword: string }>(
  values: V,
): FormErrors<V> {
  const errors: FormErrors<V> = {};
  if (!values.password) errors.password = t`Password is required`;
  if (!values.confirmPassword) errors.confirmPassword = t`Password confirmation is required`;
  else if (values.password && values.password !== values.confirmPassword)
    errors.confirmPassword = t`Passwords must match`;
  return errors;
}

/** `needsOld`: changing one's own password also asks for the old one. */
export function validatePasswordChange(
  values: PasswordValues,
  needsOld: boolean,
): FormErrors<PasswordValues> {
  const errors: FormErrors<PasswordValues> = {};
  if (needsOld && !values.oldPassword) errors.oldPassword = t`Old password is required`;
  return { ...errors, ...passwordErrors(values) };
}

export interface CreateUserValues extends Record<string, string> {
  username: string;
  password: string;
  confirmPassword: string;
}

export function validateCreateUser(values: CreateUserValues): FormErrors<CreateUserValues> {
  const errors: FormErrors<CreateUserValues> = {};
  const username = usernameError(values.username);
  if (username) errors.username = username;
  return { ...errors, ...passwordErrors(values) };
}

/** The core's username rule (protocol), so a name it would refuse is caught before sending. */
export function validateUsername(value: string): string | null {
  return usernameError(value);
}
