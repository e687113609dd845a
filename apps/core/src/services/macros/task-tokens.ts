import { createHash, randomBytes } from 'node:crypto';
import type { DelegatedTokens } from '../../auth/token-service.ts';

/** Who a task token acts for, and which task holds it. */
export interface TaskGrant {
  uid: string;
  pid: number;
  instanceUuid: string;
  macroName: string;
}

const PREFIX = 'hearth-task.';

const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Per-task tokens: 256 random bits behind a prefix that no JWT has. The core's TokenService accepts
 * one as the user who started the task (permissions are read from that user's record on every
 * request, so revoking a permission applies at once); it dies when the task ends. Only hashes are
 * kept. A token is given to its task on stdin and never written to disk.
 */
export class TaskTokens implements DelegatedTokens {
  private readonly grants = new Map<string, TaskGrant>();

  issue(grant: TaskGrant): string {
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    this.grants.set(keyOf(token), grant);
    return token;
  }

  owns(token: string): boolean {
    return token.startsWith(PREFIX);
  }

  userFor(token: string): string | null {
    return this.grant(token)?.uid ?? null;
  }

  grant(token: string): TaskGrant | null {
    if (!this.owns(token)) return null;
    return this.grants.get(keyOf(token)) ?? null;
  }

  revoke(token: string): void {
    this.grants.delete(keyOf(token));
  }

  get size(): number {
    return this.grants.size;
  }
}
