import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 20 random bytes = 160 bits from the OS CSPRNG (the Lucia guide's token). */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * What is stored in place of a token: its SHA-256, hex. Every authenticated request hashes its token:
 * Node's native hash, not the pure-JavaScript one of @oslojs/crypto (docs/decisions/request-cpu.md);
 * the same digest.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
