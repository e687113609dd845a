import { t } from '@lingui/core/macro';
import {
  CORE_NAME_MAX,
  DOMAIN_MAX,
  PORT_MAX,
  PORT_MIN,
  coreNameProblem,
  domainProblem,
  type CoreNameProblem,
  type DomainProblem,
} from '@hearth/protocol';

// dashboard.md §5 as worded in the core settings screen: "Core Name", "Domain", "Open port".
// Each returns the message to show, or null when the value is fine.

// The protocol's rules (the core's own) in the dashboard's words, in the reader's language.
function coreNameError(problem: CoreNameProblem): string {
  const max = CORE_NAME_MAX;
  switch (problem) {
    case 'empty':
      return t`Name cannot be empty`;
    case 'too_long':
      return t`Name cannot be longer than ${max} characters`;
  }
}

function domainError(problem: DomainProblem): string {
  const max = DOMAIN_MAX;
  switch (problem) {
    case 'too_long':
      return t`Domain cannot be longer than ${max} characters`;
    case 'bad_character':
      return t`Domain cannot contain spaces or slashes`;
  }
}

export function validateCoreName(value: string): string | null {
  const problem = coreNameProblem(value);
  return problem === null ? null : coreNameError(problem);
}

/** The domain may be empty. */
export function validateDomain(value: string): string | null {
  const problem = domainProblem(value);
  return problem === null ? null : domainError(problem);
}

export type PortCheck = { ok: true; port: number } | { ok: false; message: string };

export function checkOpenPort(value: string): PortCheck {
  const text = value.trim();
  if (!text) return { ok: false, message: t`Port is required` };
  if (!/^\d+$/.test(text)) return { ok: false, message: t`Port must be a number` };
  const port = Number(text);
  const min = PORT_MIN;
  const max = PORT_MAX;
  if (port < min || port > max)
    return { ok: false, message: t`Port must be between ${min} and ${max}` };
  return { ok: true, port };
}
