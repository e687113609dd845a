import { randomUUID } from 'node:crypto';
import {
  SSH_KEYS_PER_USER_MAX,
  SSH_KEY_NAME_MAX,
  hasControlCharacter,
  type Activity,
  type CausedBy,
  type SshKey,
  type SshKeyAdd,
} from '@hearth/protocol';
import { badRequest, notFound, permissionDenied } from '../../errors.ts';
import type { SshKeyRepository, StoredSshKey } from '../../repositories/ssh-key-repository.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { userCause } from '../user-service.ts';
import { parsePublicKeyText } from './ssh-key-text.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

function toSshKey(key: StoredSshKey): SshKey {
  return {
    id: key.id,
    name: key.name,
    algorithm: key.algorithm,
    fingerprint: key.fingerprint,
    comment: key.comment,
    created_at: seconds(key.createdAt),
    last_used_at: key.lastUsedAt === null ? null : seconds(key.lastUsedAt),
  };
}

/** A key's name: trimmed, 1–SSH_KEY_NAME_MAX characters, no control characters. */
export function parseKeyName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest('Give the key a name');
  if ([...name].length > SSH_KEY_NAME_MAX)
    throw badRequest(`A key name has at most ${SSH_KEY_NAME_MAX} characters`);
  if (hasControlCharacter(name)) throw badRequest('A key name cannot contain control characters');
  return name;
}

/**
 * The SSH public keys users add in their Profile to sign in to SFTP. A user manages their own keys
 * only; a macro task may not add one (a key outlives the task and signs in as its starter).
 */
export class SshKeyService {
  readonly #removedListeners = new Set<(key: StoredSshKey) => void>();

  constructor(
    private readonly repository: SshKeyRepository,
    private readonly record: (activity: Activity, causedBy: CausedBy) => void,
  ) {}

  list(user: StoredUser): SshKey[] {
    return this.repository.byUser(user.uid).map(toSshKey);
  }

  async add(user: StoredUser, body: SshKeyAdd): Promise<SshKey> {
    if (user.task !== undefined)
      throw permissionDenied('A macro cannot add SSH keys to its starter’s account');
    const name = parseKeyName(body.name);
    const parsed = parsePublicKeyText(body.public_key);
    if (this.repository.count(user.uid) >= SSH_KEYS_PER_USER_MAX)
      throw badRequest(`You can add at most ${SSH_KEYS_PER_USER_MAX} SSH keys`);
    const key: StoredSshKey = {
      id: `SSHKEY_${randomUUID()}`,
      uid: user.uid,
      name,
      algorithm: parsed.algorithm,
      publicKey: parsed.blob.toString('base64'),
      fingerprint: parsed.fingerprint,
      comment: parsed.comment,
      createdAt: Date.now(),
      lastUsedAt: null,
    };
    if (!(await this.repository.insert(key)))
      throw badRequest('You already added this key', parsed.fingerprint);
    this.record(
      {
        type: 'SshKeyChanged',
        change: 'added',
        user_id: user.uid,
        key_name: name,
        fingerprint: key.fingerprint,
      },
      userCause(user),
    );
    return toSshKey(key);
  }

  async remove(user: StoredUser, id: string): Promise<void> {
    if (user.task !== undefined)
      throw permissionDenied('A macro cannot remove SSH keys from its starter’s account');
    const removed = await this.repository.remove(user.uid, id);
    if (removed === null) throw notFound('SSH key not found');
    for (const listener of this.#removedListeners) listener(removed);
    this.record(
      {
        type: 'SshKeyChanged',
        change: 'removed',
        user_id: user.uid,
        key_name: removed.name,
        fingerprint: removed.fingerprint,
      },
      userCause(user),
    );
  }

  /** Calls `listener` with each key removed (the SFTP server ends the sessions it signed in). */
  onRemoved(listener: (key: StoredSshKey) => void): () => void {
    this.#removedListeners.add(listener);
    return () => this.#removedListeners.delete(listener);
  }

  /** The user's key with this wire blob, if they added it (SFTP sign-in). */
  find(uid: string, blob: Buffer): StoredSshKey | null {
    return this.repository.find(uid, blob.toString('base64'));
  }

  /** Notes a sign-in with the key (shown as "last used"). */
  used(id: string): void {
    this.repository.touch(id, Date.now());
  }
}
