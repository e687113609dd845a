import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

/** The JWT from `Authorization: Bearer <jwt>`; missing or malformed headers are 401s. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Authorization header is missing');
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) throw unauthorized('Authorization header must be a bearer token');
  return m[1]!;
}

/** `token=Bearer <jwt>` (console/monitor sockets): the word Bearer is optional. */
export function tokenFromQueryValue(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw unauthorized('Missing token');
  return value.trim().replace(/^Bearer\s+/i, '');
}

export type Authenticate = (request: FastifyRequest) => Promise<StoredUser>;

export function makeAuthenticate(tokens: TokenService): Authenticate {
  return (request) => tokens.verify(bearerToken(request));
}
