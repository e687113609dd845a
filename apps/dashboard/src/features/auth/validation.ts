import { t } from '@lingui/core/macro';
import type { FormErrors } from '@/lib/use-form.ts';
import { usernameError } from '@/lib/name-problems.ts';

// dashboard.md §5 "Sign in" and "Owner setup".

export interface LoginValues extends Record<string, string> {
  username: string;
  password: string;
}

export function validateLogin(values: LoginValues): FormErrors<LoginValues> {
  const errors: FormErrors<LoginValues> = {};
  if (!values.username.trim()) errors.username = t`Username is required`;
  if (!values.password) errors.password = t`Password is required`;
  return errors;
}

export interface OwnerSetupValues extends Record<string, string> {
  username: string;
  setupKey: string;
  password: string;
  confirmPassword: string;
}

export function validateOwnerSetup(values: OwnerSetupValues): FormErrors<OwnerSetupValues> {
  const errors: FormErrors<OwnerSetupValues> = {};
  // The owner's name follows the core's username rule; sign-in only asks for one.
  const username = usernameError(values.username);
  if (username) errors.username = username;
  if (!values.setupKey.trim()) errors.setupKey = t`Setup key is required`;
  if (!values.password) errors.password = t`Password is required`;
  if (!values.confirmPassword) errors.confirmPassword = t`Password confirmation is required`;
  else if (values.password && values.confirmPassword !== values.password) {
    errors.confirmPassword = t`Password confirmation must match password`;
  }
  return errors;
}

export const wrongCredentials = () => t`Wrong username or password`;
export const setupFailed = () => t`Something went wrong while setting up the core`;
