import { afterEach, describe, expect, it } from 'vitest';
import {
  amsterdamDay,
  amsterdamToday,
  amsterdamYear,
  dutchDate,
  isoDay,
  midnightTurns,
  msUntilAmsterdamMidnight,
  noon,
  waitBeforeTurn,
} from './dates';

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

describe('e2e dates in Europe/Amsterdam', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('takes the Dutch day, which starts an hour (winter) or two (summer) before UTC’s', () => {
    expect(amsterdamDay(at('2026-11-23T22:59:59Z'))).toEqual({ year: 2026, month: 11, day: 23 });
    expect(amsterdamDay(at('2026-11-23T23:30:00Z'))).toEqual({ year: 2026, month: 11, day: 24 });
    expect(amsterdamDay(at('2026-06-30T22:30:00Z'))).toEqual({ year: 2026, month: 7, day: 1 });
    expect(amsterdamToday(at('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
    expect(amsterdamYear(at('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(amsterdamYear(at('2026-12-31T23:00:00Z'))).toBe(2027);
  });

  it('gives the same day whatever time zone the test process runs in', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(amsterdamDay(at('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
      expect(msUntilAmsterdamMidnight(at('2026-11-23T22:50:00Z'))).toBe(10 * MINUTE);
    }
  });

  it('writes days as the app and the file names do', () => {
    expect(dutchDate({ year: 2027, month: 1, day: 5 })).toBe('05-01-2027');
    expect(dutchDate(at('2026-12-31T23:30:00Z'))).toBe('01-01-2027');
    expect(isoDay({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
  });

  it('places noon UTC on the same Dutch day, rolling months over', () => {
    expect(amsterdamDay(noon(2026, 11, 24))).toEqual({ year: 2026, month: 11, day: 24 });
    expect(amsterdamDay(noon(2027, 0, 10))).toEqual({ year: 2026, month: 12, day: 10 });
    expect(amsterdamDay(noon(2026, 7, 1))).toEqual({ year: 2026, month: 7, day: 1 });
  });

  it('counts down to the Dutch midnight in winter, summer and on the day the clocks change', () => {
    expect(msUntilAmsterdamMidnight(at('2026-11-23T22:50:00Z'))).toBe(10 * MINUTE);
    expect(msUntilAmsterdamMidnight(at('2026-07-15T21:55:30.250Z'))).toBe(4.5 * MINUTE - 250);
    expect(msUntilAmsterdamMidnight(at('2026-03-29T21:00:00Z'))).toBe(60 * MINUTE);
    expect(msUntilAmsterdamMidnight(at('2026-10-25T22:00:00Z'))).toBe(60 * MINUTE);
  });

  it('knows which midnights turn the month and the year', () => {
    expect(midnightTurns('day', at('2026-11-23T22:50:00Z'))).toBe(true);
    expect(midnightTurns('month', at('2026-11-23T22:50:00Z'))).toBe(false);
    expect(midnightTurns('month', at('2026-11-30T22:50:00Z'))).toBe(true);
    expect(midnightTurns('year', at('2026-11-30T22:50:00Z'))).toBe(false);
    expect(midnightTurns('year', at('2026-12-31T22:50:00Z'))).toBe(true);
    // 23:30 UTC on 31 December is already 1 January in Amsterdam: the year has turned, the month has not.
    expect(midnightTurns('month', at('2026-12-31T23:30:00Z'))).toBe(false);
  });

  it('waits only when the turn comes within the margin', () => {
    const margin = 10 * MINUTE;
    expect(waitBeforeTurn('month', margin, at('2026-11-30T22:55:00Z'))).toBe(5 * MINUTE + 1000);
    expect(waitBeforeTurn('month', margin, at('2026-11-30T22:45:00Z'))).toBe(0);
    expect(waitBeforeTurn('month', margin, at('2026-11-23T22:55:00Z'))).toBe(0);
    expect(waitBeforeTurn('day', margin, at('2026-11-23T22:55:00Z'))).toBe(5 * MINUTE + 1000);
    expect(waitBeforeTurn('year', margin, at('2026-12-31T22:58:00Z'))).toBe(2 * MINUTE + 1000);
    expect(waitBeforeTurn('year', margin, at('2026-12-31T23:30:00Z'))).toBe(0);
  });
});
