import { CORE_NAME_MAX, DOMAIN_MAX, PORT_MAX, PORT_MIN } from '@hearth/protocol';

// dashboard.md §5 as worded in the core settings screen: "Core Name", "Domain", "Open port".
// Each returns the message to show, or null when the value is fine.

export function validateCoreName(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Name cannot be empty';
  if (name.length > CORE_NAME_MAX) return `Name cannot be longer than ${CORE_NAME_MAX} characters`;
  return null;
}

/** The domain may be empty. */
export function validateDomain(value: string): string | null {
  if (value.trim().length > DOMAIN_MAX)
    return `Domain cannot be longer than ${DOMAIN_MAX} characters`;
  return null;
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
