import { describe, expect, it } from 'vitest';
import { formatDate } from '../dates';
import { fieldErrors } from '../field-errors';
import { z } from '../zod-nl';
import {
  isDateInRange,
  isoDayInput,
  isoInstantInput,
  isoInstantOrDayInput,
  parseDutchDay,
  readDutchDay,
} from './date-input';

const messages = { invalid: 'ongeldig', range: 'buiten de jaren' };
const errorOf = (schema: z.ZodType, value: unknown) => {
  const parsed = z.object({ d: schema }).safeParse({ d: value });
  return parsed.success ? null : fieldErrors(parsed.error).d;
};

describe('isDateInRange', () => {
  it.each([
    ['1950-01-01', true],
    ['1950-01-01T00:00:00Z', true],
    ['2200-12-31', true],
    ['2200-12-31T23:59:59.999Z', true],
    ['1949-12-31T23:59:59Z', false],
    // 00:30 on 1 January 1950 in Amsterdam is still 1949 in UTC, as it is stored.
    ['1950-01-01T00:30:00+01:00', false],
    ['2201-01-01', false],
    ['0000-01-01', false],
    ['0000-01-01T00:00:00Z', false],
    ['9999-12-31', false],
    ['9999-12-31T23:00:00-05:00', false],
    ['gisteren', false],
  ])('%s → %s', (iso, expected) => {
    expect(isDateInRange(iso)).toBe(expected);
  });
});

describe('the date inputs', () => {
  it('an instant needs its time zone and the years', () => {
    const schema = isoInstantInput(messages);
    expect(errorOf(schema, '2026-11-24T09:00:00+01:00')).toBeNull();
    expect(errorOf(schema, '2026-11-24T09:00:00')).toBe('ongeldig');
    expect(errorOf(schema, '2026-11-24')).toBe('ongeldig');
    expect(errorOf(schema, 12)).toBe('ongeldig');
    expect(errorOf(schema, '0000-01-01T00:00:00Z')).toBe('buiten de jaren');
    expect(errorOf(schema, '9999-12-31T23:00:00-05:00')).toBe('buiten de jaren');
  });

  it('a day must exist and fall in the years', () => {
    const schema = isoDayInput(messages);
    expect(errorOf(schema, '2028-02-29')).toBeNull();
    expect(errorOf(schema, '2026-02-29')).toBe('ongeldig');
    expect(errorOf(schema, '2026-11-24T09:00:00Z')).toBe('ongeldig');
    expect(errorOf(schema, '0100-01-01')).toBe('buiten de jaren');
    expect(errorOf(schema, '9999-12-31')).toBe('buiten de jaren');
  });

  it('either takes both forms, with the same years', () => {
    const schema = isoInstantOrDayInput(messages);
    expect(errorOf(schema, '2026-11-24')).toBeNull();
    expect(errorOf(schema, '2026-11-24T09:00:00Z')).toBeNull();
    expect(errorOf(schema, '24-11-2026')).toBe('ongeldig');
    expect(errorOf(schema, '9999-12-31')).toBe('buiten de jaren');
    expect(errorOf(schema, '0000-01-01T00:00:00Z')).toBe('buiten de jaren');
  });
});

describe('a day as a Dutch user types it (day first, whatever the browser)', () => {
  it.each([
    '05-10-2026',
    '5-10-2026',
    '05/10/2026',
    '5/10/2026',
    '05.10.2026',
    '5 okt 2026',
    '5 okt. 2026',
    '5 Okt 2026',
    '5 oktober 2026',
    '05-okt-2026',
    ' 5  oktober  2026 ',
    '2026-10-05',
  ])('%j is 5 October 2026', (text) => {
    expect(readDutchDay(text)).toEqual({ ok: true, day: '2026-10-05' });
  });

  it.each([
    ['1 jan 2027', '2027-01-01'],
    ['14 februari 2026', '2026-02-14'],
    ['3 mrt 2026', '2026-03-03'],
    ['3 maart 2026', '2026-03-03'],
    ['30 apr 2026', '2026-04-30'],
    ['1 mei 2026', '2026-05-01'],
    ['9 jun 2026', '2026-06-09'],
    ['9 juli 2026', '2026-07-09'],
    ['31 aug 2026', '2026-08-31'],
    ['1 sept 2026', '2026-09-01'],
    ['1 sep 2026', '2026-09-01'],
    ['23 nov 2026', '2026-11-23'],
    ['31 december 2026', '2026-12-31'],
    ['29-02-2028', '2028-02-29'],
  ])('%j → %j', (text, day) => {
    expect(parseDutchDay(text)).toBe(day);
  });

  it.each(['', 'morgen', '11/23', '05-10-26', '23112026', '5 oct 2026', '5 okt', '05--10', '2026/10/05'])(
    '%j is no date',
    (text) => {
      expect(readDutchDay(text)).toEqual({ ok: false, reason: 'format' });
      expect(parseDutchDay(text)).toBeNull();
    },
  );

  it('a date that cannot exist says which days the month has', () => {
    expect(readDutchDay('31-02-2026')).toEqual({
      ok: false,
      reason: 'impossible',
      message: '31-02-2026 bestaat niet: februari 2026 heeft 28 dagen. Kies een dag van 1 tot en met 28.',
    });
    expect(readDutchDay('29 feb 2027')).toMatchObject({
      reason: 'impossible',
      message: '29-02-2027 bestaat niet: februari 2027 heeft 28 dagen. Kies een dag van 1 tot en met 28.',
    });
    expect(readDutchDay('31-04-2026')).toMatchObject({
      message: '31-04-2026 bestaat niet: april 2026 heeft 30 dagen. Kies een dag van 1 tot en met 30.',
    });
    expect(readDutchDay('0-10-2026')).toMatchObject({ reason: 'impossible' });
    expect(readDutchDay('12-13-2026')).toEqual({
      ok: false,
      reason: 'impossible',
      message: '12-13-2026 bestaat niet: er is geen maand 13. Kies een maand van 1 tot en met 12.',
    });
    // Month first, as an English browser writes it: no such month.
    expect(readDutchDay('11/23/2026')).toMatchObject({ reason: 'impossible' });
    expect(readDutchDay('2026-02-30')).toMatchObject({ reason: 'impossible' });
    expect(parseDutchDay('31-02-2026')).toBeNull();
  });

  it('reads back every day as formatDate writes it', () => {
    for (const day of ['2026-01-01', '2026-12-31', '1900-02-28', '2200-06-15'])
      expect(parseDutchDay(formatDate(day))).toBe(day);
  });
});
