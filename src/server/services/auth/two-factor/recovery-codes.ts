import { normalizeRecoveryCode } from '../../../../shared/schemas/login';
import { RECOVERY_CODE_COUNT } from '../../../../shared/schemas/two-factor';
import { randomCharacters } from '../../random-characters';
import { hashToken } from '../session-tokens';

/**
 * Recovery codes: ten groups of `xxxxx-xxxxx` from letters and digits that cannot be mistaken for
 * one another (no i, l, o, 0 or 1): 31^10, about 49 bits each, plenty for a code that works once and
 * sits behind the password and the second step's limits.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

function newRecoveryCode(): string {
  const chars = randomCharacters(ALPHABET, GROUP * 2);
  return `${chars.slice(0, GROUP)}-${chars.slice(GROUP)}`;
}

/** Ten different codes, as shown once after enabling. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * What is stored of a code: the SHA-256 of its ten characters, lower case, without the dash, as the
 * input rule (recoveryCodeSchema) reads a typed code.
 */
export function hashRecoveryCode(code: string): string {
  return hashToken(normalizeRecoveryCode(code));
}
