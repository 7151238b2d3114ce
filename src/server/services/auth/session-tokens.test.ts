import { describe, expect, it } from 'vitest';
import { generateToken, hashToken } from './session-tokens';

describe('session tokens', () => {
  it('stores SHA-256 in lowercase hex, so sessions made before a change of hash code still match', () => {
    // The FIPS 180-2 test vector.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = generateToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('hands out 160-bit tokens in lowercase base32, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[a-z2-7]{32}$/);
  });
});
