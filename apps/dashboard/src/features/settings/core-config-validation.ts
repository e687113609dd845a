import { t } from '@lingui/core/macro';
import type { FormErrors } from '@/lib/use-form.ts';
import { validateCoreName, validateDomain } from './core-settings-validation.ts';

// dashboard.md §5 "Core customisation" and "Domain".

export interface CoreConfigValues extends Record<string, string> {
  coreName: string;
  domain: string;
}

export function validateCoreConfig(values: CoreConfigValues): FormErrors<CoreConfigValues> {
  const errors: FormErrors<CoreConfigValues> = {};
  // The first-run form words an empty name its own way; every other check is the settings one.
  const nameError = values.coreName.trim()
    ? validateCoreName(values.coreName)
    : t`Core name is required`;
  if (nameError) errors.coreName = nameError;
  const domainError = validateDomain(values.domain);
  if (domainError) errors.domain = domainError;
  return errors;
}
