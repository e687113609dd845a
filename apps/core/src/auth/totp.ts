import { Secret, TOTP } from 'otpauth';
import {
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_SECRET_BYTES,
  TOTP_WINDOW_STEPS,
} from '@hearth/protocol';

// RFC 6238 through `otpauth`, with the parameters every authenticator app assumes (protocol
// constants). The step a code belongs to is what makes a code single-use (two-factor-service.ts).

function totp(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new random secret, in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, issuer: string, account: string): string {
  return totp(secretBase32, issuer, account).toString();
}

/** The 30 s step of a time. */
export function totpStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: nowMs });
}

/** The step whose code `code` is (the current one, or one before or after), or null. */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totp(secretBase32).validate({
    token,
    timestamp: nowMs,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : totpStep(nowMs) + delta;
}
