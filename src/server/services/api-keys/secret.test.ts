import { describe, expect, it } from 'vitest';
import { API_KEY_DISPLAY_LENGTH, displayPrefix, generateApiKeySecret, isApiKeySecret } from './secret';

describe('API key secrets', () => {
  it("are 'ik_' and 32 base62 characters: more than 160 random bits beyond the shown prefix", () => {
    const secret = generateApiKeySecret();
    expect(secret).toMatch(/^ik_[0-9A-Za-z]{32}$/);
    const hiddenBits = (secret.length - API_KEY_DISPLAY_LENGTH) * Math.log2(62);
    expect(hiddenBits).toBeGreaterThanOrEqual(160);
    expect(isApiKeySecret(secret)).toBe(true);
    expect(displayPrefix(secret)).toBe(secret.slice(0, 8));
  });

  it('never repeat, and use the whole alphabet evenly (no modulo bias towards the first characters)', () => {
    const secrets = Array.from({ length: 2000 }, generateApiKeySecret);
    expect(new Set(secrets).size).toBe(secrets.length);
    const counts = new Map<string, number>();
    for (const s of secrets) for (const c of s.slice(3)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 64 000 characters over 62 symbols: ~1032 each; a biased draw would put the first 8 near 1290.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(850);
      expect(n).toBeLessThan(1220);
    }
  });

  it('are told apart from session tokens (base32, lower case, no underscore)', () => {
    expect(isApiKeySecret('abcdefghijklmnopqrstuvwxyz234567')).toBe(false);
  });
});
