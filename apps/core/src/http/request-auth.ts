import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { ClientInfo } from '../auth/sessions.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

/** The token from `Authorization: Bearer <token>`; missing or malformed headers are 401s. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Authorization header is missing');
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) throw unauthorized('Authorization header must be a bearer token');
  return m[1]!;
}

/** `token=Bearer <token>` (console/monitor sockets; a JWT or an API key): "Bearer" is optional. */
export function tokenFromQueryValue(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw unauthorized('Missing token');
  return value.trim().replace(/^Bearer\s+/i, '');
}

export type Authenticate = (request: FastifyRequest) => Promise<StoredUser>;

/** A JWT, an API key (`hth_…`) or a macro task's token, from the Authorization header. */
export function makeAuthenticate(tokens: TokenService): Authenticate {
  return (request) => tokens.verify(bearerToken(request), { ip: request.ip });
}

/** Who is signing in, as this request shows them (for their session's record). */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}
