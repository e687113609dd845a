import { decodeJwt } from 'jose';

// dashboard.md §4 "Token" and §5: a token must decode, carry a numeric exp and a string
// uid, and not be expired. No signature check here: the core does that.

export type TokenProblem =
  'Invalid token' | 'Invalid exp in token' | 'Invalid uid in token' | 'Token expired';

export type TokenCheck =
  { ok: true; uid: string; exp: number } | { ok: false; problem: TokenProblem };

export function checkToken(token: string, nowSeconds: number): TokenCheck {
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(token);
  } catch {
    return { ok: false, problem: 'Invalid token' };
  }
  const { exp, uid } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp))
    return { ok: false, problem: 'Invalid exp in token' };
  if (typeof uid !== 'string' || uid.length === 0)
    return { ok: false, problem: 'Invalid uid in token' };
  if (exp <= nowSeconds) return { ok: false, problem: 'Token expired' };
  return { ok: true, uid, exp };
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Whether a stored token may be sent at all; a bad one is never put on the wire. */
export function isUsableToken(token: string): boolean {
  return checkToken(token, nowInSeconds()).ok;
}
