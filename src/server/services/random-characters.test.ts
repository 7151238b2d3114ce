import { describe, expect, it } from 'vitest';
import { randomCharacters } from './random-characters';

describe('randomCharacters', () => {
  it('gives exactly the characters asked for, only from the alphabet', () => {
    for (const count of [0, 1, 10, 100]) {
      const text = randomCharacters('abc', count);
      expect(text).toHaveLength(count);
      expect(text).toMatch(/^[abc]*$/);
    }
  });

  it('draws every character of an alphabet that does not divide 256 equally often', () => {
    // 31 characters: 256 % 31 = 8, so `byte % 31` alone would draw the first 8 a ninth more often
    // (about 2 220 times here against 1 970).
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
    const counts = new Map<string, number>();
    for (const c of randomCharacters(alphabet, 62_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(31);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(1830);
      expect(n).toBeLessThan(2170);
    }
  });
});
