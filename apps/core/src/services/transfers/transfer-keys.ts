import { createHash, randomBytes } from 'node:crypto';
import { TRANSFER_KEY_TTL_MS, type CausedBy } from '@hearth/protocol';

/** What a key lets its bearer pull, once. */
export interface TransferGrant {
  uuid: string;
  causedBy: CausedBy;
  expiresAt: number;
  /**
   * The user who asked may see the instance's settings: a generic instance's definition and
   * install result go with the archive (a reader of its files alone gets the files).
   */
  settings: boolean;
}

// Looked up by the key's sha256: a timing difference in the lookup tells at most about a hash,
// which does not lead back to a key.
const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * The source core's transfer keys (issue 26): 256 random bits shown once to the user who asked;
 * kept only as their sha256 (a leaked memory dump or log holds nothing that pulls); single use —
 * taken out the moment a pull presents it, before anything else happens; dead after
 * TRANSFER_KEY_TTL_MS. Not persisted: a restarted core forgets every key, which only means asking
 * for a new one.
 */
export class TransferKeys {
  private readonly grants = new Map<string, TransferGrant>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly ttlMs = TRANSFER_KEY_TTL_MS,
  ) {}

  issue(uuid: string, causedBy: CausedBy, settings = false): { key: string; expires: number } {
    this.prune();
    const key = randomBytes(32).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.grants.set(hashOf(key), { uuid, causedBy, expiresAt, settings });
    return { key, expires: expiresAt };
  }

  /** The grant of `key`, removed so it never works again; null when unknown, used or expired. */
  take(key: string): TransferGrant | null {
    const id = hashOf(key);
    const grant = this.grants.get(id);
    if (!grant) return null;
    this.grants.delete(id);
    return grant.expiresAt > this.now() ? grant : null;
  }

  private prune(): void {
    const now = this.now();
    for (const [id, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(id);
  }
}
