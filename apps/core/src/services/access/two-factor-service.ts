import { createHash, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TWO_FACTOR_ENROLMENT_ROUTES,
  TWO_FACTOR_ENROLMENT_TEXT,
  type ApiRouteName,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@hearth/protocol';
import type { SecretBox } from '../../auth/secret-box.ts';
import { matchTotp, newTotpSecret, totpUri } from '../../auth/totp.ts';
import { badRequest, permissionDenied } from '../../errors.ts';
import type { TwoFactorRepository } from '../../repositories/two-factor-repository.ts';
import type { StoredUser, UserRepository } from '../../repositories/user-repository.ts';
import {
  requireSelf,
  requireSelfOrOwner,
  securityActivity,
  securityCause,
  type SecuritySink,
} from './access-rules.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const ENROLMENT_ROUTES: ReadonlySet<string> = new Set<ApiRouteName>(TWO_FACTOR_ENROLMENT_ROUTES);

/** A recovery code as typed: lower case, without the dashes and spaces between its groups. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Recovery codes are stored as SHA-256, not argon2: each is 80 random bits, which no offline
 * search gets through even with a fast hash (argon2's cost protects chosen, guessable passwords),
 * and a plain hash is what a lookup by value needs.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += BASE32[randomInt(BASE32.length)];
  return code.match(/.{4}/g)!.join('-');
}

const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

export interface TwoFactorDeps {
  repo: TwoFactorRepository;
  users: UserRepository;
  box: SecretBox;
  record: SecuritySink;
  /** The authenticator app's label for this core (its name). */
  issuer: () => string;
  /** The owner's setting: everyone must have two-factor sign-in. */
  required: () => boolean;
  /** The clock codes are checked against (tests move it; default Date.now). */
  now: () => number;
}

/**
 * Two-factor sign-in (TOTP, RFC 6238): setup gives a secret and its QR code, a first code turns it
 * on and gives ten recovery codes (shown once, stored hashed), a code turns it off. Each 30 s
 * step's code is taken once (the step is recorded; only a later step's code passes after it), so
 * a code seen over someone's shoulder or replayed is refused. Who has it on is kept in memory for
 * the enrolment check every request makes while the owner requires it.
 */
export class TwoFactorService {
  private readonly enabled: Set<string>;

  constructor(private readonly deps: TwoFactorDeps) {
    this.enabled = deps.repo.enabledUsers();
  }

  isEnabled(uid: string): boolean {
    return this.enabled.has(uid);
  }

  /** Users with two-factor sign-in on. */
  enabledUsers(): ReadonlySet<string> {
    return this.enabled;
  }

  /**
   * While the owner requires two-factor sign-in, a user without it may call only what turning it
   * on needs (protocol TWO_FACTOR_ENROLMENT_ROUTES). Macro tasks run on: they were started before.
   */
  requireEnrolled(user: StoredUser, route: string | null): void {
    if (!this.deps.required() || user.task !== undefined || this.enabled.has(user.uid)) return;
    if (route !== null && ENROLMENT_ROUTES.has(route)) return;
    throw permissionDenied(TWO_FACTOR_ENROLMENT_TEXT);
  }

  status(caller: StoredUser, uid: string): TwoFactorStatus {
    requireSelfOrOwner(this.deps.users, caller, uid);
    const record = this.deps.repo.get(uid);
    const on = record !== null && record.enabledAt !== null;
    return {
      enabled: on,
      pending: record !== null && record.enabledAt === null,
      enabled_at: record?.enabledAt ?? null,
      recovery_codes_left: on ? this.deps.repo.recoveryCodesLeft(uid) : 0,
      required: this.deps.required(),
    };
  }

  async setup(caller: StoredUser, uid: string): Promise<TwoFactorSetup> {
    const target = requireSelf(this.deps.users, caller, uid);
    if (this.enabled.has(uid))
      throw badRequest('Two-factor sign-in is already on: turn it off first to set it up again');
    const secret = newTotpSecret();
    if (!(await this.deps.repo.begin(uid, this.deps.box.seal(secret), this.deps.now())))
      throw badRequest('Two-factor sign-in is already on');
    const uri = totpUri(secret, this.deps.issuer(), target.username);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return {
      secret,
      otpauth_uri: uri,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** The first code from the app: turns it on and answers the recovery codes, once. */
  async confirm(caller: StoredUser, uid: string, code: string): Promise<RecoveryCodes> {
    const target = requireSelf(this.deps.users, caller, uid);
    const record = this.deps.repo.get(uid);
    if (record === null || record.enabledAt !== null)
      throw badRequest('Set up two-factor sign-in first');
    if (!(await this.takeTotp(uid, record.sealedSecret, code)))
      throw badRequest('Invalid two-factor code');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.deps.repo.enable(uid, this.deps.now(), codes.map(hashRecoveryCode));
    this.enabled.add(uid);
    this.deps.record(securityActivity('two_factor_enabled', target), securityCause(caller));
    return { recovery_codes: codes };
  }

  /**
   * Turns it off: the user with a current code or a recovery code; the owner for another user
   * without one (a lost phone), which the event log names.
   */
  async disable(caller: StoredUser, uid: string, code: string | null): Promise<void> {
    const target = requireSelfOrOwner(this.deps.users, caller, uid);
    const record = this.deps.repo.get(uid);
    if (record === null) throw badRequest('Two-factor sign-in is not on');
    if (caller.uid === uid && record.enabledAt !== null) {
      if (code === null || code.trim() === '') throw badRequest('Enter a code to turn it off');
      if ((await this.verify(uid, code)) === null) throw badRequest('Invalid two-factor code');
    }
    await this.deps.repo.remove(uid);
    this.enabled.delete(uid);
    if (record.enabledAt === null) return;
    this.deps.record(
      securityActivity(
        'two_factor_disabled',
        target,
        caller.uid === uid ? null : 'Reset by the owner',
      ),
      securityCause(caller),
    );
  }

  /** New recovery codes for a current code; the old ones stop working. */
  async renewRecoveryCodes(caller: StoredUser, uid: string, code: string): Promise<RecoveryCodes> {
    const target = requireSelf(this.deps.users, caller, uid);
    const record = this.deps.repo.get(uid);
    if (record === null || record.enabledAt === null)
      throw badRequest('Two-factor sign-in is not on');
    if (!(await this.takeTotp(uid, record.sealedSecret, code)))
      throw badRequest('Invalid two-factor code');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.deps.repo.replaceRecoveryCodes(uid, codes.map(hashRecoveryCode));
    this.deps.record(securityActivity('recovery_codes_renewed', target), securityCause(caller));
    return { recovery_codes: codes };
  }

  /**
   * A sign-in's second factor: a current code (taken once) or a recovery code (used up). Null when
   * neither; a recovery code's use is logged with how many are left.
   */
  async verify(uid: string, code: string): Promise<'totp' | 'recovery' | null> {
    const record = this.deps.repo.get(uid);
    if (record === null || record.enabledAt === null) return null;
    if (looksLikeTotp(code))
      return (await this.takeTotp(uid, record.sealedSecret, code)) ? 'totp' : null;
    if (normalizeRecoveryCode(code).length !== RECOVERY_CODE_LENGTH) return null;
    if (!(await this.deps.repo.useRecoveryCode(uid, hashRecoveryCode(code)))) return null;
    const user = this.deps.users.byUid(uid);
    if (user) {
      const left = this.deps.repo.recoveryCodesLeft(uid);
      this.deps.record(
        securityActivity('recovery_code_used', user, `${left} recovery codes left`),
        securityCause(user),
      );
    }
    return 'recovery';
  }

  private async takeTotp(uid: string, sealed: string, code: string): Promise<boolean> {
    const step = matchTotp(this.deps.box.open(sealed), code, this.deps.now());
    return step !== null && (await this.deps.repo.takeStep(uid, step));
  }
}
