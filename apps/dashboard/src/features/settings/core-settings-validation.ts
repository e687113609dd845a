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

// The protocol's rules (the core's own) in the dashboard's words.
const CORE_NAME_ERRORS: Record<CoreNameProblem, string> = {
  empty: 'Name cannot be empty',
  too_long: `Name cannot be longer than ${CORE_NAME_MAX} characters`,
};
const DOMAIN_ERRORS: Record<DomainProblem, string> = {
  too_long: `Domain cannot be longer than ${DOMAIN_MAX} characters`,
  bad_character: 'Domain cannot contain spaces or slashes',
};

export function validateCoreName(value: string): string | null {
  const problem = coreNameProblem(value);
  return problem === null ? null : CORE_NAME_ERRORS[problem];
}

/** The domain may be empty. */
export function validateDomain(value: string): string | null {
  const problem = domainProblem(value);
  return problem === null ? null : DOMAIN_ERRORS[problem];
}

export type PortCheck = { ok: true; port: number } | { ok: false; message: string };

export function checkOpenPort(value: string): PortCheck {
  const text = value.trim();
  if (!text) return { ok: false, message: 'Port is required' };
  if (!/^\d+$/.test(text)) return { ok: false, message: 'Port must be a number' };
  const port = Number(text);
  if (port < PORT_MIN || port > PORT_MAX)
    return { ok: false, message: `Port must be between ${PORT_MIN} and ${PORT_MAX}` };
  return { ok: true, port };
}
