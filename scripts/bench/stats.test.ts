import { describe, expect, it } from 'vitest';
import { median, percentile, round, summarize } from './stats';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('takes the value at rank ceil(p/100 · n)', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('stays inside the array at the edges', () => {
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });

  it('is NaN for no samples, so a check on it fails', () => {
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('summarize', () => {
  it('sorts a copy and reports runs, p50, p95, p99 and max', () => {
    const times = [5, 1, 4, 2, 3, 100];
    expect(summarize(times)).toEqual({ runs: 6, p50: 3, p95: 100, p99: 100, max: 100 });
    expect(times).toEqual([5, 1, 4, 2, 3, 100]);
  });
});

describe('median and round', () => {
  it('averages the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });

  it('rounds to the given digits', () => {
    expect(round(1.23456)).toBe(1.23);
    expect(round(1.5, 0)).toBe(2);
  });
});
