import { describe, expect, it } from 'vitest';
import {
  addDays,
  amsterdamDay,
  amsterdamParts,
  amsterdamYear,
  dueDay,
  firstMonthOfQuarter,
  formatDate,
  formatDateTime,
  formatLongDate,
  isValidDay,
  quarterOf,
  startOfAmsterdamDay,
  startOfAmsterdamMonth,
} from './dates';

const at = (iso: string) => new Date(iso);

describe('amsterdamParts', () => {
  it('reads the wall clock in winter (UTC+1) and summer (UTC+2)', () => {
    expect(amsterdamParts(at('2026-01-15T10:20:30Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 11,
      minute: 20,
      second: 30,
    });
    expect(amsterdamParts(at('2026-07-15T10:20:30Z'))).toMatchObject({ hour: 12 });
  });

  it('writes midnight as hour 0, not 24', () => {
    expect(amsterdamParts(at('2026-01-14T23:00:00Z'))).toMatchObject({ day: 15, hour: 0 });
  });

  it('follows the clock through the DST changes', () => {
    // Spring: 02:00 CET becomes 03:00 CEST on 29 March 2026 (01:00 UTC).
    expect(amsterdamParts(at('2026-03-29T00:59:59Z'))).toMatchObject({ day: 29, hour: 1, minute: 59 });
    expect(amsterdamParts(at('2026-03-29T01:00:00Z'))).toMatchObject({ day: 29, hour: 3, minute: 0 });
    // Autumn: 03:00 CEST becomes 02:00 CET on 25 October 2026 (01:00 UTC); 02:30 happens twice.
    expect(amsterdamParts(at('2026-10-25T00:30:00Z'))).toMatchObject({ hour: 2, minute: 30 });
    expect(amsterdamParts(at('2026-10-25T01:30:00Z'))).toMatchObject({ hour: 2, minute: 30 });
  });
});

describe('amsterdamYear', () => {
  it('turns at midnight in Amsterdam, an hour before UTC', () => {
    expect(amsterdamYear(at('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(amsterdamYear(at('2026-12-31T23:00:00Z'))).toBe(2027);
  });
});

describe('amsterdamDay', () => {
  it('is the Dutch calendar day of an instant', () => {
    expect(amsterdamDay(at('2026-03-05T10:00:00Z'))).toBe('2026-03-05');
    expect(amsterdamDay('2026-03-05T23:30:00.000Z')).toBe('2026-03-06');
    expect(amsterdamDay(at('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // Summer time: the day starts at 22:00 UTC.
    expect(amsterdamDay(at('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(amsterdamDay(at('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('keeps a day as it is and refuses what is not a date', () => {
    expect(amsterdamDay('2026-07-01')).toBe('2026-07-01');
    expect(amsterdamDay('2026-02-30')).toBe('');
    expect(amsterdamDay('not a date')).toBe('');
    expect(amsterdamDay(new Date(Number.NaN))).toBe('');
  });
});

describe('isValidDay', () => {
  it('accepts only YYYY-MM-DD dates that exist', () => {
    expect(isValidDay('2026-02-28')).toBe(true);
    expect(isValidDay('2028-02-29')).toBe(true);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('2026-13-01')).toBe(false);
    expect(isValidDay('2026-04-31')).toBe(false);
    expect(isValidDay('2026-4-1')).toBe(false);
    expect(isValidDay('2026-04-01T00:00:00Z')).toBe(false);
    expect(isValidDay('')).toBe(false);
  });
});

describe('addDays and dueDay', () => {
  it('counts calendar days across months, year end and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is not moved by a DST change', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('puts the due date the payment term after the order day', () => {
    expect(dueDay('2026-03-07', 14)).toBe('2026-03-21');
    expect(dueDay('2026-12-15', 30)).toBe('2027-01-14');
    expect(dueDay('2026-11-30', 60)).toBe('2027-01-29');
  });

  it('refuses a string that is not a day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => dueDay('', 14)).toThrow(RangeError);
  });
});

describe('startOfAmsterdamDay and startOfAmsterdamMonth', () => {
  it('is midnight in Amsterdam, in winter and in summer', () => {
    expect(startOfAmsterdamDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfAmsterdamDay('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('takes the offset of the day itself on the DST days', () => {
    // Both changes happen at night, after midnight: the day starts with the offset of the day before.
    expect(startOfAmsterdamDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfAmsterdamDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfAmsterdamDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfAmsterdamDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('starts a month on its first day, rolling months outside 1–12 into the next or previous year', () => {
    expect(startOfAmsterdamMonth(2026, 4).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(startOfAmsterdamMonth(2026, 13).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(startOfAmsterdamMonth(2026, 0).toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(startOfAmsterdamMonth(2026, -2).toISOString()).toBe('2025-09-30T22:00:00.000Z');
  });

  it('refuses a string that is not a day', () => {
    expect(() => startOfAmsterdamDay('morgen')).toThrow(RangeError);
  });
});

describe('quarters', () => {
  it('groups the months by three', () => {
    expect([1, 2, 3, 4, 6, 7, 9, 10, 12].map(quarterOf)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect([1, 3, 4, 5, 8, 12].map(firstMonthOfQuarter)).toEqual([1, 1, 4, 4, 7, 10]);
  });
});

describe('formatDate', () => {
  it('writes dd-mm-jjjj in Dutch time', () => {
    expect(formatDate('2026-03-05T10:00:00.000Z')).toBe('05-03-2026');
    // 23:30 UTC on 5 March is 00:30 on 6 March in Amsterdam.
    expect(formatDate('2026-03-05T23:30:00.000Z')).toBe('06-03-2026');
    expect(formatDate(new Date('2025-12-31T12:00:00Z'))).toBe('31-12-2025');
    expect(formatDate('2026-07-01')).toBe('01-07-2026');
    expect(formatDate(new Date('2026-12-31T23:30:00Z'))).toBe('01-01-2027');
  });
  it('answers empty for no date', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('geen datum')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes dd-mm-jjjj hh:mm:ss on the Dutch 24-hour clock', () => {
    expect(formatDateTime(new Date('2026-03-07T13:05:09Z'))).toBe('07-03-2026 14:05:09');
    expect(formatDateTime('2026-07-07T22:05:09Z')).toBe('08-07-2026 00:05:09');
  });
  it('answers empty for no date', () => {
    expect(formatDateTime('nooit')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('reads the chosen day in Dutch', () => {
    expect(formatLongDate('2026-11-21')).toBe('zaterdag 21 november 2026');
    expect(formatLongDate('2027-01-01')).toBe('vrijdag 1 januari 2027');
    expect(formatLongDate('')).toBeUndefined();
    expect(formatLongDate('2026-13-45')).toBeUndefined();
  });
});
