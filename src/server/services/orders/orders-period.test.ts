import { describe, expect, it } from 'vitest';
import { growthPercent, periodRange } from './orders-period';

const iso = (r: ReturnType<typeof periodRange>) => ({
  from: r.from.toISOString(),
  to: r.to.toISOString(),
  previousFrom: r.previousFrom.toISOString(),
});

describe('periodRange (Europe/Amsterdam calendar periods)', () => {
  it('month: this month and the one before', () => {
    expect(iso(periodRange('month', new Date('2026-05-15T12:00:00Z')))).toEqual({
      from: '2026-04-30T22:00:00.000Z', // 1 May 00:00 CEST
      to: '2026-05-31T22:00:00.000Z',
      previousFrom: '2026-03-31T22:00:00.000Z',
    });
  });
  it('month across the DST change and the year boundary', () => {
    expect(iso(periodRange('month', new Date('2026-01-10T12:00:00Z')))).toEqual({
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-01-31T23:00:00.000Z',
      previousFrom: '2025-11-30T23:00:00.000Z',
    });
    // 31 Mar 2026 23:30 UTC is already 1 April in Amsterdam.
    expect(periodRange('month', new Date('2026-03-31T22:30:00Z')).from.toISOString()).toBe(
      '2026-03-31T22:00:00.000Z',
    );
    // March: starts in CET (UTC+1), ends in CEST (UTC+2).
    expect(iso(periodRange('month', new Date('2026-03-15T12:00:00Z')))).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
      previousFrom: '2026-01-31T23:00:00.000Z',
    });
  });
  it('quarter and year', () => {
    expect(iso(periodRange('quarter', new Date('2026-05-15T12:00:00Z')))).toEqual({
      from: '2026-03-31T22:00:00.000Z',
      to: '2026-06-30T22:00:00.000Z',
      previousFrom: '2025-12-31T23:00:00.000Z',
    });
    expect(iso(periodRange('quarter', new Date('2026-02-01T12:00:00Z')))).toEqual({
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
      previousFrom: '2025-09-30T22:00:00.000Z',
    });
    expect(iso(periodRange('year', new Date('2026-05-15T12:00:00Z')))).toEqual({
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-12-31T23:00:00.000Z',
      previousFrom: '2024-12-31T23:00:00.000Z',
    });
  });
});

describe('growthPercent', () => {
  it('compares with the previous period, one decimal', () => {
    expect(growthPercent(110, 100)).toBe(10);
    expect(growthPercent(50, 100)).toBe(-50);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(0, 5)).toBe(-100);
  });
  it('from zero: +100 when there is something now, 0 when both are zero', () => {
    expect(growthPercent(7, 0)).toBe(100);
    expect(growthPercent(0, 0)).toBe(0);
  });
});
