import { t } from '@lingui/core/macro';

// dashboard.md §5: create folder, create file and rename need a name ("Required"); anything else
// is the core's to judge, and its answer shows on the same field.

export function validateFileName(name: string): string | undefined {
  return name.trim() === '' ? t`Required` : undefined;
}
