import { Secret, TOTP } from 'otpauth';

/**
 * The codes of an authenticator app (RFC 6238): SHA-1, 6 digits, 30 seconds, the settings every app
 * reads from a QR code. A code of the step before or after the server's clock is accepted too (a
 * phone a little off); two steps away is refused.
 */
export const TOTP_ISSUER = 'Inkooporders';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, secret, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });

/** A new key: 20 random bytes (160 bits, RFC 4226's advice for SHA-1), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` address of the QR code: the issuer, the account's address and the key. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step (Unix seconds / 30) the code belongs to, when it is one of the key's codes around
 * `now`; null when it is not. The caller refuses a step at or before the last one accepted.
 */
export function acceptedStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/**
 * A key no account has, made per process: an unknown challenge is checked against it, so that a
 * wrong code and an unknown challenge cost the same work.
 */
export const DUMMY_TOTP_SECRET = newTotpSecret();
