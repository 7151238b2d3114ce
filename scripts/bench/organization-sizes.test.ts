import { describe, expect, it } from 'vitest';
import { organizationSizes } from './organization-sizes';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('organizationSizes', () => {
  it('1 000 organisations share exactly 1 000 000 orders, the largest 100 000, the rest a long tail', () => {
    const sizes = organizationSizes(1000, 1_000_000, 100_000);
    expect(sizes).toHaveLength(1000);
    expect(sum(sizes)).toBe(1_000_000);
    expect(sizes[0]).toBe(100_000);
    expect(Math.max(...sizes.slice(1))).toBeLessThan(100_000);
    expect(sizes[1]).toBeGreaterThan(20_000);
    expect(sizes[999]).toBeGreaterThan(100);
    expect(sizes[999]).toBeLessThan(500);
    for (let i = 2; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]!);
  });

  it('adds up exactly at a reduced size too, and gives every organisation an order', () => {
    const sizes = organizationSizes(50, 50_000, 5_000);
    expect(sum(sizes)).toBe(50_000);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
    expect(organizationSizes(3, 4, 2)).toEqual([2, 1, 1]);
    expect(organizationSizes(1, 7, 7)).toEqual([7]);
  });

  it('is the same every time', () => {
    expect(organizationSizes(200, 123_457, 12_345)).toEqual(organizationSizes(200, 123_457, 12_345));
  });

  it('refuses numbers that cannot hold', () => {
    expect(() => organizationSizes(10, 9, 1)).toThrow(RangeError);
    expect(() => organizationSizes(10, 1_000_000, 100_000)).toThrow(/groter zijn dan de grootste/);
    expect(() => organizationSizes(0, 10, 1)).toThrow(RangeError);
    expect(() => organizationSizes(5, 10.5, 1)).toThrow(RangeError);
  });
});
