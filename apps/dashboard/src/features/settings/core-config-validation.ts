import { CORE_NAME_MAX, DOMAIN_MAX } from '@hearth/protocol';
import type { FormErrors } from '@/lib/use-form.ts';

// dashboard.md §5 "Core customisation" and "Domain".

export interface CoreConfigValues extends Record<string, string> {
  coreName: string;
  domain: string;
}

export function validateCoreConfig(values: CoreConfigValues): FormErrors<CoreConfigValues> {
  const errors: FormErrors<CoreConfigValues> = {};
  const name = values.coreName.trim();
  if (!name) errors.coreName = 'Core name is required';
  else if (name.length > CORE_NAME_MAX)
    errors.coreName = `Name cannot be longer than ${CORE_NAME_MAX} characters`;
  if (values.domain.trim().length > DOMAIN_MAX)
    errors.domain = `Domain cannot be longer than ${DOMAIN_MAX} characters`;
  return errors;
}
