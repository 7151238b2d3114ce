import { createHash, randomBytes } from 'node:crypto';

/**
 * The customer's personal link to an order (`{APP_URL}/confirm/{token}`): 24 random bytes (192 bits,
 * well past the 128 a link that needs no login must have) from the OS CSPRNG, written base64url
 * (32 characters of A–Z, a–z, 0–9, '-' and '_', nothing a URL or a mail client needs to escape). Only
 * its SHA-256 is stored (order_confirmations.token_hash): a copy of the database opens no order page.
 */
export const CONFIRMATION_TOKEN_BYTES = 24;

const WELL_FORMED = /^[A-Za-z0-9_-]{32}$/;

export function newConfirmationToken(): string {
  return randomBytes(CONFIRMATION_TOKEN_BYTES).toString('base64url');
}

/** What is stored in place of the token, and what a request's token is looked up by: SHA-256, hex. */
export function confirmationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` can be one of ours at all; anything else is "unknown" without asking the database. */
export function isWellFormedConfirmationToken(token: string): boolean {
  return WELL_FORMED.test(token);
}
