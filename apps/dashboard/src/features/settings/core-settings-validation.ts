import {
  CORE_NAME_MAX,
  DOMAIN_MAX,
  PORT_MAX,
  PORT_MIN,
  coreNameProblem,
  domainProblem,
} from '@hearth/protocol';

// dashboard.md §5 as worded in the core settings screen: "Core Name", "Domain", "Open port".
// Each returns the message to show, or null when the value is fine.

/** The core name by the protocol's rule (the core's own), in the dashboard's words. */
export function validateCoreName(value: string): string | null {
  switch (coreNameProblem(value)) {
    case 'empty':
      return 'Name cannot be empty';
    case 'too_long':
      return `Name cannot be longer than ${CORE_NAME_MAX} characters`;
    case null:
      return null;
  }
}

/** The domain by the protocol's rule; it may be empty. */
export function validateDomain(value: string): string | null {
  switch (domainProblem(value)) {
    case 'too_long':
      return `Domain cannot be longer than ${DOMAIN_MAX} characters`;
    case 'bad_character':
      return 'Domain cannot contain spaces or slashes';
    case null:
      return null;
  }
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
