import { PORT_MAX, PORT_MIN } from '@hearth/protocol';

/** The host name to give an SFTP client for the core at `address` (IPv6 without its brackets). */
export function sftpHost(address: string): string {
  return address.replace(/^\[(.*)\]$/, '$1');
}

/** The SFTP port field: a whole number in range, or what is wrong with it. */
export function validateSftpPort(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a port number';
  const port = Number(trimmed);
  return port < PORT_MIN || port > PORT_MAX
    ? `The port must be from ${PORT_MIN} to ${PORT_MAX}`
    : null;
}

/** A key pasted into the form: one line of a `.pub` file (the core checks the rest). */
export function validatePublicKey(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Paste a public key';
  if (/PRIVATE KEY/.test(trimmed)) return 'That is a private key: paste the .pub file instead';
  if (!/^(ssh-|ecdsa-)\S+\s+\S+/.test(trimmed))
    return 'Paste one line of a .pub file (ssh-ed25519 AAAA…)';
  return null;
}
