import { randomCharacters } from '../random-characters';

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

export function generateApiKeySecret(): string {
  return API_KEY_SECRET_PREFIX + randomCharacters(BASE62, SECRET_CHARACTERS);
}

/** Whether a bearer token is meant as an API key (sessions' tokens are base32 lower case, no '_'). */
export const isApiKeySecret = (token: string) => token.startsWith(API_KEY_SECRET_PREFIX);

export const displayPrefix = (secret: string) => secret.slice(0, API_KEY_DISPLAY_LENGTH);
