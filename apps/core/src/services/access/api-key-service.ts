import {
  INSTANCE_PERMISSION_KEYS,
  apiKeyNameProblem,
  apiKeyNameProblemText,
  principalExcess,
  scopePrincipal,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@hearth/protocol';
import type { ApiKeys } from '../../auth/api-keys.ts';
import { badRequest, notFound, permissionDenied } from '../../errors.ts';
import type { ApiKeyRecord } from '../../repositories/api-key-repository.ts';
import type { StoredUser, UserRepository } from '../../repositories/user-repository.ts';
import {
  requireSelf,
  requireSelfOrOwner,
  securityActivity,
  securityCause,
  type SecuritySink,
} from './access-rules.ts';

export function toApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scope: record.scope,
    created_at: record.createdAt,
    expires_at: record.expiresAt,
    last_used_at: record.lastUsedAt,
    last_used_address: record.lastUsedAddress,
  };
}

/** The scope with each instance listed once. */
function normalizeScope(scope: ApiKeyScope): ApiKeyScope {
  const permissions = { ...scope.permissions };
  for (const key of INSTANCE_PERMISSION_KEYS) permissions[key] = [...new Set(permissions[key])];
  return { ...scope, permissions };
}

export interface ApiKeyServiceDeps {
  keys: ApiKeys;
  users: UserRepository;
  record: SecuritySink;
  now: () => number;
}

/**
 * API keys as verbs: a user makes keys for themselves with a scope that is a subset of what they
 * hold now (refused otherwise, naming the excess); they, or the owner, list and revoke them.
 */
export class ApiKeyService {
  constructor(private readonly deps: ApiKeyServiceDeps) {}

  list(caller: StoredUser, uid: string): ApiKey[] {
    requireSelfOrOwner(this.deps.users, caller, uid);
    return this.deps.keys.list(uid).map(toApiKey);
  }

  async create(caller: StoredUser, uid: string, body: ApiKeyCreate): Promise<ApiKeyCreated> {
    const target = requireSelf(this.deps.users, caller, uid);
    const problem = apiKeyNameProblem(body.name);
    if (problem !== null) throw badRequest(apiKeyNameProblemText(problem));
    if (body.expires_at !== null && body.expires_at <= this.deps.now())
      throw badRequest('The expiry must be in the future');
    const scope = normalizeScope(body.scope);
    // The stored user, not the caller's session view: a session has all of its user's rights.
    const excess = principalExcess(target, scopePrincipal(uid, scope));
    if (excess.length > 0)
      throw permissionDenied(`An API key cannot hold more than you do: ${excess.join(', ')}`);
    const name = body.name.trim();
    const { record, secret } = await this.deps.keys.create(uid, name, body.expires_at, scope);
    this.deps.record(securityActivity('api_key_created', target, name), securityCause(caller));
    return { key: toApiKey(record), secret };
  }

  async revoke(caller: StoredUser, uid: string, id: string): Promise<void> {
    const target = requireSelfOrOwner(this.deps.users, caller, uid);
    const gone = await this.deps.keys.revoke(uid, id);
    if (gone === null) throw notFound('API key not found');
    this.deps.record(securityActivity('api_key_revoked', target, gone.name), securityCause(caller));
  }
}
