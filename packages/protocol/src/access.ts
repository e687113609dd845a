import { z } from 'zod/mini';
import { API_KEY_NAME_MAX, API_KEY_PREFIX } from './constants.ts';
import type { Principal } from './permissions.ts';
import type { ApiRouteName } from './routes.ts';
import { hasControlCharacter } from './text.ts';
import { UserPermissionSchema } from './users.ts';

// Hearth's access routes (issue 28): two-factor sign-in, API keys and sessions. None of them exists
// on a Lodestone core; its dashboards see only the login answer below when 2FA is on.

/** POST /user/:uid/two_factor/setup: what an authenticator app is given (nothing is on yet). */
export const TwoFactorSetupSchema = z.object({
  /** The secret in base32, for typing it into an app. */
  secret: z.string(),
  /** `otpauth://totp/…`, what the QR code holds. */
  otpauth_uri: z.string(),
  /** The QR code as a `data:image/svg+xml;base64,…` URL, drawn by the core. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** Body of confirm, disable and recovery_codes: a current code (or, to disable, a recovery code). */
export const TwoFactorCodeSchema = z.object({ code: z.string() });
/** Body of disable: the owner turning it off for someone else sends no code. */
export const TwoFactorDisableSchema = z.object({ code: z.optional(z.nullable(z.string())) });

/** What confirm and recovery_codes answer: shown once, never again. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/**
 * POST /user/login when the password is right and the user has two-factor sign-in on: `401` with
 * the reference's envelope (a Lodestone dashboard shows "Unauthorized: Two-factor code required")
 * and, beside `kind` and `causes`, `two_factor: {challenge, expires_in}`. The challenge and a code
 * go to POST /user/login/2fa, which answers the usual LoginReply.
 */
export const TWO_FACTOR_REQUIRED_CAUSE = 'Two-factor code required';
export const TwoFactorChallengeSchema = z.object({
  challenge: z.string(),
  /** Seconds the challenge waits for its code. */
  expires_in: z.number(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;
export const TwoFactorLoginSchema = z.object({ challenge: z.string(), code: z.string() });
export type TwoFactorLogin = z.infer<typeof TwoFactorLoginSchema>;

/** The challenge of a login answer's body, or null when it is any other answer. */
export function readTwoFactorChallenge(body: unknown): TwoFactorChallenge | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const parsed = TwoFactorChallengeSchema.safeParse((value as { two_factor?: unknown }).two_factor);
  return parsed.success ? parsed.data : null;
}

/**
 * What a session may call while the owner requires two-factor sign-in and its user has not turned
 * it on: what the Profile needs to turn it on, and signing out. Everything else answers 403
 * TWO_FACTOR_ENROLMENT_TEXT (the event stream stays open: it shows only what the user may see).
 */
export const TWO_FACTOR_ENROLMENT_ROUTES = [
  'userInfo',
  'user',
  'globalSettings',
  'userLogout',
  'twoFactorStatus',
  'twoFactorSetup',
  'twoFactorConfirm',
  'sessionList',
  'sessionRevoke',
  'sessionRevokeOthers',
] as const satisfies readonly ApiRouteName[];
export const TWO_FACTOR_ENROLMENT_TEXT =
  'This core requires two-factor sign-in: turn it on in your profile first';

/** A key's rights: never more than its user's, and only what its user still holds (intersected). */
export const ApiKeyScopeSchema = z.object({
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  permissions: UserPermissionSchema,
});
export type ApiKeyScope = z.output<typeof ApiKeyScopeSchema>;

/** An API key as listed (its secret is shown once, at creation, and never kept). */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key (`hth_` and a few more), to recognise it. */
  prefix: z.string(),
  scope: ApiKeyScopeSchema,
  created_at: z.number(),
  /** Unix ms; null: never expires. */
  expires_at: z.nullable(z.number()),
  last_used_at: z.nullable(z.number()),
  last_used_address: z.nullable(z.string()),
});
export type ApiKey = z.output<typeof ApiKeySchema>;

/** POST /user/:uid/api_keys */
export const ApiKeyCreateSchema = z.object({
  name: z.string(),
  expires_at: z.nullable(z.number()),
  scope: ApiKeyScopeSchema,
});
export type ApiKeyCreate = z.output<typeof ApiKeyCreateSchema>;
export const ApiKeyCreatedSchema = z.object({
  key: ApiKeySchema,
  /** The key itself: `Authorization: Bearer <secret>`. Shown once. */
  secret: z.string(),
});
export type ApiKeyCreated = z.output<typeof ApiKeyCreatedSchema>;

/** True for an API key (as opposed to a JWT or a macro task's token). */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A scope as the principal the permission rules read. */
export function scopePrincipal(uid: string, scope: ApiKeyScope): Principal {
  return {
    uid,
    isOwner: scope.is_owner,
    isAdmin: scope.is_admin,
    permissions: scope.permissions,
  };
}

/** Why an API key name is refused: a code the core words in English and the dashboard translates. */
export type ApiKeyNameProblem = 'empty' | 'too_long' | 'control_character';

/** Why a key name is refused, or null: 1–64 characters after trimming, no control characters. */
export function apiKeyNameProblem(name: string): ApiKeyNameProblem | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'empty';
  if ([...trimmed].length > API_KEY_NAME_MAX) return 'too_long';
  if (hasControlCharacter(trimmed)) return 'control_character';
  return null;
}

/** The core's English for a key-name problem (its 400 answer's cause). */
export function apiKeyNameProblemText(problem: ApiKeyNameProblem): string {
  switch (problem) {
    case 'empty':
      return 'Name is required';
    case 'too_long':
      return `Name cannot be longer than ${API_KEY_NAME_MAX} characters`;
    case 'control_character':
      return 'Name cannot contain control characters';
  }
}

/** A signed-in session (every sign-in is one). */
export const SessionSchema = z.object({
  id: z.string(),
  /** "Firefox on Linux", from the user agent. */
  device: z.string(),
  user_agent: z.string(),
  /** The address it signed in from, then the last one it was seen from. */
  address: z.string(),
  created_at: z.number(),
  last_seen_at: z.number(),
  expires_at: z.number(),
  /** Signed in with a second factor. */
  two_factor: z.boolean(),
  /** The session asking. */
  current: z.boolean(),
});
export type Session = z.output<typeof SessionSchema>;

/** GET /access/users (owner): who has two-factor sign-in, and how many sessions and keys. */
export const UserAccessSchema = z.object({
  uid: z.string(),
  two_factor: z.boolean(),
  sessions: z.number(),
  api_keys: z.number(),
  last_seen_at: z.nullable(z.number()),
});
export type UserAccess = z.output<typeof UserAccessSchema>;
