import { t } from '@lingui/core/macro';
import {
  DEFAULT_API_VERSION,
  DEFAULT_CORE_PORT,
  DEFAULT_PROTOCOL,
  formatHost,
} from '@hearth/protocol';
import { isApiVersion, isCoreProtocol } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

// The add-core form (dashboard.md §2 "Add core", §5 "Add core").

export interface CoreFormValues {
  apiVersion: string;
  protocol: string;
  port: string;
  address: string;
}

export type CoreFormErrors = Partial<Record<keyof CoreFormValues, string>>;

/** A core that answered /info with anything but a CoreInfo, in the active language. */
export function invalidCoreResponseText(): string {
  return t`Invalid response, setup may be invalid`;
}

export const API_VERSION_OPTIONS = ['v1'] as const;
export const PROTOCOL_OPTIONS = ['http', 'https'] as const;

export function defaultCoreFormValues(): CoreFormValues {
  return {
    apiVersion: DEFAULT_API_VERSION,
    protocol: DEFAULT_PROTOCOL,
    port: String(DEFAULT_CORE_PORT),
    address: '',
  };
}

export function validateCoreForm(values: CoreFormValues): CoreFormErrors {
  const errors: CoreFormErrors = {};
  // Made when validating, so they are in the language active then.
  const required = t`Required`;
  if (!values.apiVersion.trim()) errors.apiVersion = required;
  if (!values.protocol.trim()) errors.protocol = required;
  if (!values.address.trim()) errors.address = required;
  const port = values.port.trim();
  if (!port) errors.port = required;
  else if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    errors.port = t`Port must be between 1 and 65535`;
  return errors;
}

/** A bare IPv6 address is wrapped in square brackets; anything else is only trimmed. */
export function normalizeAddress(address: string): string {
  return formatHost(address);
}

/** The connection described by valid form values, or null when they are not valid. */
export function coreFromForm(values: CoreFormValues): CoreConnection | null {
  if (Object.keys(validateCoreForm(values)).length > 0) return null;
  const protocol = values.protocol.trim();
  const apiVersion = values.apiVersion.trim();
  if (!isCoreProtocol(protocol) || !isApiVersion(apiVersion)) return null;
  return {
    address: normalizeAddress(values.address),
    port: Number(values.port.trim()),
    protocol,
    apiVersion,
  };
}
