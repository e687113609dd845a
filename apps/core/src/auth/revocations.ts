/**
 * Sessions or API keys that just stopped working (revoked, expired by a password change), or the
 * owner just required two-factor sign-in (the sockets of users without it close, but for their
 * event stream, as their next requests would be refused).
 */
export type Revocation =
  | { kind: 'session'; uid: string; ids: readonly string[] }
  | { kind: 'apiKey'; uid: string; ids: readonly string[] }
  | { kind: 'twoFactorRequired' };

export type RevocationListener = (revocation: Revocation) => void;

/**
 * Tells the open sockets, in this process and at once, that a session or a key is gone, so each
 * closes the moment its credential dies (http/socket-session.ts). Not an event on the bus: no
 * dashboard needs to hear that one of someone's sessions ended, only the sockets of that session.
 */
export class Revocations {
  private readonly listeners = new Set<RevocationListener>();

  on(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(revocation: Revocation): void {
    if (revocation.kind !== 'twoFactorRequired' && revocation.ids.length === 0) return;
    for (const listener of this.listeners) listener(revocation);
  }
}
