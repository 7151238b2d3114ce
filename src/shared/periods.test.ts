import { describe, expect, it } from 'vitest';
import {
  formatDayRange,
  formatShortMonth,
  growthPercent,
  monthId,
  parseMonthId,
  periodRange,
  periodRangeText,
  recentMonths,
} from './periods';

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

describe('periodRangeText: the days beside the select, in Amsterdam', () => {
  const at = (iso: string) => new Date(iso);
  it('Afgelopen Kwartaal is the calendar quarter that holds now, the same one the list filters', () => {
    const now = at('2026-11-26T09:00:00Z');
    expect(periodRangeText('quarter', now)).toBe('1 okt – 31 dec 2026');
    expect(periodRangeText('month', now)).toBe('1 nov – 30 nov 2026');
    expect(periodRangeText('year', now)).toBe('1 jan – 31 dec 2026');
    const { from, to } = periodRange('quarter', now);
    expect([from.toISOString(), to.toISOString()]).toEqual([
      '2026-09-30T22:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ]);
  });
  it('turns to the next quarter at midnight in Amsterdam, not in UTC', () => {
    // 30 Sep 23:59:59 CEST, then 1 Oct 00:00 CEST.
    expect(periodRangeText('quarter', at('2026-09-30T21:59:59Z'))).toBe('1 jul – 30 sep 2026');
    expect(periodRangeText('quarter', at('2026-09-30T22:00:00Z'))).toBe('1 okt – 31 dec 2026');
    // 31 Mar 23:30 CEST is still the first quarter; 1 Apr 00:30 CEST the second.
    expect(periodRangeText('quarter', at('2026-03-31T21:30:00Z'))).toBe('1 jan – 31 mrt 2026');
    expect(periodRangeText('quarter', at('2026-03-31T22:30:00Z'))).toBe('1 apr – 30 jun 2026');
  });
  it('changes year at midnight in Amsterdam', () => {
    const lastSecond = at('2025-12-31T22:59:59Z'); // 31 Dec 2025 23:59:59 CET
    const firstSecond = at('2025-12-31T23:00:00Z'); // 1 Jan 2026 00:00 CET
    expect(periodRangeText('quarter', lastSecond)).toBe('1 okt – 31 dec 2025');
    expect(periodRangeText('year', lastSecond)).toBe('1 jan – 31 dec 2025');
    expect(periodRangeText('quarter', firstSecond)).toBe('1 jan – 31 mrt 2026');
    expect(periodRangeText('month', firstSecond)).toBe('1 jan – 31 jan 2026');
    // The quarter compared with lies in the year before.
    expect(periodRange('quarter', firstSecond).previousFrom.toISOString()).toBe('2025-09-30T22:00:00.000Z');
  });
  it('keeps whole days across the clock changes', () => {
    // 29 Mar 2026 03:30 CEST, just after the clocks went forward: March still ends on the 31st.
    expect(periodRangeText('month', at('2026-03-29T01:30:00Z'))).toBe('1 mrt – 31 mrt 2026');
    // 25 Oct 2026 02:30, the hour that happens twice: October and the fourth quarter.
    expect(periodRangeText('month', at('2026-10-25T00:30:00Z'))).toBe('1 okt – 31 okt 2026');
    expect(periodRangeText('month', at('2026-10-25T01:30:00Z'))).toBe('1 okt – 31 okt 2026');
    expect(periodRangeText('quarter', at('2026-10-25T01:30:00Z'))).toBe('1 okt – 31 dec 2026');
  });
  it('writes the year twice only when the days are in different years', () => {
    expect(formatDayRange('2025-12-01', '2026-01-31')).toBe('1 dec 2025 – 31 jan 2026');
    expect(formatDayRange('2026-02-01', '2026-02-28')).toBe('1 feb – 28 feb 2026');
  });
});

describe("recentMonths: the chart's twelve months", () => {
  it('ends with the month now is in, in Amsterdam, across the year', () => {
    const months = recentMonths(new Date('2026-10-31T23:30:00Z'), 12); // 1 Nov 00:30 CET
    expect(months.map(monthId)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(formatShortMonth(months[0]!)).toBe('dec 2025');
    expect(recentMonths(new Date('2026-01-15T12:00:00Z'), 2).map(monthId)).toEqual(['2025-12', '2026-01']);
  });
  it('reads month ids back', () => {
    expect(parseMonthId('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(parseMonthId('2026-13')).toBeNull();
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
