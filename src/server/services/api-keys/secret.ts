/**
 * The secret of an API key: 'ik_' and 32 base62 characters, each drawn uniformly from the OS CSPRNG
 * (crypto.getRandomValues): 32 × log2(62) ≈ 190 random bits. The list shows the first
 * API_KEY_DISPLAY_LENGTH characters ('ik_' and 5 random ones, ≈ 30 bits), so more than 160 bits stay
 * unseen. Only the SHA-256 is stored (hashToken, as sessions do): with this much entropy a fast
 * hash cannot be guessed backwards, and the lookup is one indexed equality on the hash, so the time
 * it takes tells nothing about the secret.
 */

export const API_KEY_SECRET_PREFIX = 'ik_';
const SECRET_CHARACTERS = 32;
export const API_KEY_DISPLAY_LENGTH = API_KEY_SECRET_PREFIX.length + 5;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Bytes at or above 248 (4 × 62) are drawn again, so every character is equally likely. */
const UNBIASED_BELOW = 248;

export function generateApiKeySecret(): string {
  let out = '';
  const bytes = new Uint8Array(48);
  while (out.length < SECRET_CHARACTERS) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_BELOW) continue;
      out += BASE62[byte % 62];
      if (out.length === SECRET_CHARACTERS) break;
    }
  }
  return API_KEY_SECRET_PREFIX + out;
}

/** Whether a bearer token is meant as an API key (sessions' tokens are base32 lower case, no '_'). */
export const isApiKeySecret = (token: string) => token.startsWith(API_KEY_SECRET_PREFIX);

export const displayPrefix = (secret: string) => secret.slice(0, API_KEY_DISPLAY_LENGTH);
