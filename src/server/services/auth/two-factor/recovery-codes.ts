import { RECOVERY_CODE_COUNT } from '../../../../shared/schemas/two-factor';
import { hashToken } from '../session-tokens';

/**
 * Recovery codes: ten groups of `xxxxx-xxxxx` from letters and digits that cannot be mistaken for
 * one another (no i, l, o, 0 or 1): 31^10, about 49 bits each, plenty for a code that works once and
 * sits behind the password and the second step's limits.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** One character, uniformly: bytes that would favour the first characters are drawn again. */
function randomCharacter(): string {
  const limit = 256 - (256 % ALPHABET.length);
  const byte = new Uint8Array(1);
  do {
    crypto.getRandomValues(byte);
  } while (byte[0]! >= limit);
  return ALPHABET[byte[0]! % ALPHABET.length]!;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: GROUP * 2 }, randomCharacter).join('');
  return `${chars.slice(0, GROUP)}-${chars.slice(GROUP)}`;
}

/** Ten different codes, as shown once after enabling. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * What is stored of a code: the SHA-256 of its ten characters, lower case, without the dash (the
 * input rule, recoveryCodeSchema, reads a typed code the same way).
 */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}
