import { describe, expect, it } from 'vitest';
import { endOfMonthKey, locateOffset } from './order-month-totals';

describe('locateOffset', () => {
  const counts = [
    { month: '2026-05-01', orders: 3 },
    { month: '2026-04-01', orders: 5 },
    { month: '2026-01-01', orders: 2 },
  ];

  it('finds the month a row falls in and how many of its newer rows to skip', () => {
    expect(locateOffset(counts, 0)).toEqual({ before: endOfMonthKey('2026-05-01'), skip: 0 });
    expect(locateOffset(counts, 2)).toEqual({ before: endOfMonthKey('2026-05-01'), skip: 2 });
    expect(locateOffset(counts, 3)).toEqual({ before: endOfMonthKey('2026-04-01'), skip: 0 });
    expect(locateOffset(counts, 9)).toEqual({ before: endOfMonthKey('2026-01-01'), skip: 1 });
  });

  it('is null past the last row', () => {
    expect(locateOffset(counts, 10)).toBeNull();
    expect(locateOffset([], 0)).toBeNull();
  });

  it('ends a month when the next one starts in Amsterdam', () => {
    expect(endOfMonthKey('2026-03-01')).toEqual(new Date('2026-03-31T22:00:00Z'));
    expect(endOfMonthKey('2026-12-01')).toEqual(new Date('2026-12-31T23:00:00Z'));
  });
});
