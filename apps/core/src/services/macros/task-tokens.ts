import { createHash, randomBytes } from 'node:crypto';
import { emptyPermissions, intersectPrincipals, type Principal } from '@hearth/protocol';
import type { DelegatedTokens } from '../../auth/token-service.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';

/** Who a task token acts for, which task holds it, and who else bounds what it may do. */
export interface TaskGrant {
  uid: string;
  pid: number;
  instanceUuid: string;
  macroName: string;
  /**
   * Users whose rights also bound the task: the authors of its code, a schedule's other actors,
   * the bounds of the task that started it. Grows when someone writes under `macros/` while it runs.
   */
  limiters: Set<string>;
  /** Part of its code was changed outside the API: bounded by the unknown author too. */
  unknownAuthor: boolean;
}

/** What a task's token is looked up with (compose.ts: the user repository and the registry). */
export interface TaskActorDeps {
  user(uid: string): StoredUser | null;
  /** Every instance that exists (an admin's rights are spelled out over them). */
  instances(): readonly string[];
}

const PREFIX = 'hearth-task.';

const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The author nobody can be named for (code changed outside the API, or by a deleted user): the
 * least that whoever could have planted it had — view and file read/write on that one instance.
 */
export function unknownAuthor(instanceUuid: string): Principal {
  return {
    uid: 'unknown',
    isOwner: false,
    isAdmin: false,
    permissions: {
      ...emptyPermissions(),
      can_view_instance: [instanceUuid],
      can_read_instance_file: [instanceUuid],
      can_write_instance_file: [instanceUuid],
    },
  };
}

/**
 * The user a grant acts as, now: its starter as stored, with the role and permissions that the
 * starter and every limiter all have (a deleted limiter counts as the unknown author). Null once
 * the starter is gone.
 */
export function actingUser(grant: TaskGrant, deps: TaskActorDeps): StoredUser | null {
  const starter = deps.user(grant.uid);
  if (starter === null) return null;
  const instances = deps.instances();
  let principal: Principal = starter;
  for (const uid of grant.limiters) {
    if (uid === starter.uid) continue;
    principal = intersectPrincipals(
      principal,
      deps.user(uid) ?? unknownAuthor(grant.instanceUuid),
      instances,
    );
  }
  if (grant.unknownAuthor)
    principal = intersectPrincipals(principal, unknownAuthor(grant.instanceUuid), instances);
  return {
    ...starter,
    isOwner: principal.isOwner,
    isAdmin: principal.isAdmin,
    permissions: principal.permissions,
    task: {
      pid: grant.pid,
      macroName: grant.macroName,
      instanceUuid: grant.instanceUuid,
      limiters: [...grant.limiters],
      unknownAuthor: grant.unknownAuthor,
    },
  };
}

/**
 * Per-task tokens: 256 random bits behind a prefix that no JWT has. The core's TokenService accepts
 * one as its task's acting user (`actingUser`: the starter's rights as they are at each request,
 * bounded by the authors of the task's code); it dies when the task ends. Only hashes are kept. A
 * token is given to its task on stdin and never written to disk.
 */
export class TaskTokens implements DelegatedTokens {
  private readonly grants = new Map<string, TaskGrant>();

  constructor(private readonly deps: TaskActorDeps) {}

  issue(grant: TaskGrant): string {
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    this.grants.set(keyOf(token), grant);
    return token;
  }

  owns(token: string): boolean {
    return token.startsWith(PREFIX);
  }

  userFor(token: string): StoredUser | null {
    const grant = this.grant(token);
    return grant === null ? null : actingUser(grant, this.deps);
  }

  grant(token: string): TaskGrant | null {
    if (!this.owns(token)) return null;
    return this.grants.get(keyOf(token)) ?? null;
  }

  /** `uid` changed macro code of the instance: its running tasks may load it, so it bounds them. */
  limitInstance(instanceUuid: string, uid: string): void {
    for (const grant of this.grants.values())
      if (grant.instanceUuid === instanceUuid) grant.limiters.add(uid);
  }

  revoke(token: string): void {
    this.grants.delete(keyOf(token));
  }

  get size(): number {
    return this.grants.size;
  }
}
