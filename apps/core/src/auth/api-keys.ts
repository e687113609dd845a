import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  intersectPrincipals,
  isApiKey,
  scopePrincipal,
  type ApiKeyScope,
} from '@hearth/protocol';
import { unauthorized } from '../errors.ts';
import type { ApiKeyRecord, ApiKeyRepository } from '../repositories/api-key-repository.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import { touchDue } from './access-touch.ts';
import type { Revocations } from './revocations.ts';

/** What a key is checked against at each request (compose.ts: the users and the registry). */
export interface ApiKeyDeps {
  user(uid: string): StoredUser | null;
  /** Every instance that exists (an admin's rights are spelled out over them). */
  instances(): readonly string[];
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * API keys: `hth_` + 256 random bits (base64url). Only the SHA-256 is stored — a key is random, not
 * chosen, so a fast hash loses nothing against guessing and lets the key be looked up. A key acts
 * as its user with the rights its scope AND its user hold at that moment (`intersectPrincipals`
 * over the instances that exist), so it shrinks when the user's permissions do and never exceeds
 * them. Looked-up keys are cached; revoking drops them and closes their sockets (Revocations).
 */
export class ApiKeys {
  private readonly cache = new Map<string, ApiKeyRecord>();
  /** When each key's last use was last written. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly repo: ApiKeyRepository,
    private readonly deps: ApiKeyDeps,
    private readonly revocations: Revocations,
    private readonly now: () => number = Date.now,
    private readonly maxCached = 10_000,
  ) {}

  owns(token: string): boolean {
    return isApiKey(token);
  }

  /** The user a key acts as now, with its rights narrowed by its scope; 401 otherwise. */
  verify(token: string, caller?: { ip: string }): StoredUser {
    const record = this.lookup(hashOf(token));
    if (record === null) throw unauthorized('Invalid API key');
    if (record.expiresAt !== null && record.expiresAt <= this.now())
      throw unauthorized('API key expired');
    const user = this.deps.user(record.uid);
    if (user === null) throw unauthorized('Invalid API key');
    if (caller) this.used(record, caller.ip);
    const acting = intersectPrincipals(
      user,
      scopePrincipal(user.uid, record.scope),
      this.deps.instances(),
    );
    return {
      ...user,
      isOwner: acting.isOwner,
      isAdmin: acting.isAdmin,
      permissions: acting.permissions,
      apiKey: { id: record.id, name: record.name, expiresAt: record.expiresAt },
    };
  }

  async create(
    uid: string,
    name: string,
    expiresAt: number | null,
    scope: ApiKeyScope,
  ): Promise<{ record: ApiKeyRecord; secret: string }> {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record: ApiKeyRecord = {
      id: `APIKEY_${randomUUID()}`,
      uid,
      name,
      prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
      hash: hashOf(secret),
      scope,
      createdAt: this.now(),
      expiresAt,
      lastUsedAt: null,
      lastUsedAddress: null,
    };
    await this.repo.insert(record);
    return { record, secret };
  }

  /** The user's keys, with the last uses kept in memory. */
  list(uid: string): ApiKeyRecord[] {
    return this.repo.ofUser(uid).map((stored) => this.cache.get(stored.hash) ?? stored);
  }

  /** Revokes a key at once (its requests and sockets); null when `uid` has no such key. */
  async revoke(uid: string, id: string): Promise<ApiKeyRecord | null> {
    const gone = await this.repo.delete(uid, id);
    if (gone === null) return null;
    this.cache.delete(gone.hash);
    this.written.delete(gone.hash);
    this.revocations.emit({ kind: 'apiKey', uid, ids: [gone.id] });
    return gone;
  }

  /** The user is gone: their keys went with them (ON DELETE CASCADE); forget the cached ones. */
  forgetUser(uid: string): void {
    const ids: string[] = [];
    for (const [hash, record] of this.cache)
      if (record.uid === uid) {
        this.cache.delete(hash);
        this.written.delete(hash);
        ids.push(record.id);
      }
    this.revocations.emit({ kind: 'apiKey', uid, ids });
  }

  private lookup(hash: string): ApiKeyRecord | null {
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const stored = this.repo.byHash(hash);
    if (stored === null) return null;
    this.cache.set(hash, stored);
    this.written.set(hash, stored.lastUsedAt ?? 0);
    while (this.cache.size > this.maxCached) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
      this.written.delete(oldest.value);
    }
    return stored;
  }

  private used(record: ApiKeyRecord, ip: string): void {
    const at = this.now();
    const moved = record.lastUsedAddress !== ip;
    record.lastUsedAt = at;
    record.lastUsedAddress = ip;
    if (touchDue(this.written, record.hash, at, moved)) this.repo.touch(record.id, at, ip);
  }
}
