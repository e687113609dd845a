import { PORT_MAX, PORT_MIN } from '@hearth/protocol';
import { t } from '@lingui/core/macro';

/** The host name to give an SFTP client for the core at `address` (IPv6 without its brackets). */
export function sftpHost(address: string): string {
  return address.replace(/^\[(.*)\]$/, '$1');
}

/** The SFTP port field: a whole number in range, or what is wrong with it. */
export function validateSftpPort(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return t`Enter a port number`;
  const port = Number(trimmed);
  const min = PORT_MIN;
  const max = PORT_MAX;
  return port < min || port > max ? t`The port must be from ${min} to ${max}` : null;
}

/** A key pasted into the form: one line of a `.pub` file (the core checks the rest). */
export function validatePublicKey(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return t`Paste a public key`;
  if (/PRIVATE KEY/.test(trimmed)) return t`That is a private key: paste the .pub file instead`;
  if (!/^(ssh-|ecdsa-)\S+\s+\S+/.test(trimmed))
    return t`Paste one line of a .pub file (ssh-ed25519 AAAA…)`;
  return null;
}
