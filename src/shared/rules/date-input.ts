import { isValidDay } from '../dates';
import { z } from '../zod-nl';

/**
 * The one rule for a date the app is given (an order's date, an API key's expiry, the list filters
 * updatedSince, from and to): an ISO 8601 day or instant in the years a business can mean. Year 0
 * or 9999 is a typo, and not every such date reaches the database intact: PostgreSQL has no year 0,
 * a JavaScript Date past 9999 is written '+010000-…', and a day's arithmetic (an expiry "through
 * that day", a filter "to and including") steps past the last day there is. From 1950: before 1947
 * the database's history of Dutch time differs from Node's, so a day or month computed on one side
 * would differ from the other's (db/amsterdam-days.int.test.ts checks every day in between).
 */
export const DATE_MIN_YEAR = 1950;
export const DATE_MAX_YEAR = 2200;

/** Whether an ISO day or instant falls in those years, as a UTC instant (how it is stored). */
export function isDateInRange(iso: string): boolean {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
}

/** "… tussen 1950 en 2200 …": the years, for a message in the caller's own words. */
export const DATE_YEARS_TEXT = `tussen ${DATE_MIN_YEAR} en ${DATE_MAX_YEAR}`;

export type DateInputMessages = {
  /** Not a date in the accepted form. */
  invalid: string;
  /** A date, but outside DATE_MIN_YEAR–DATE_MAX_YEAR. */
  range: string;
};

/** An ISO 8601 instant with its time zone ('2026-11-24T09:00:00Z', '…+01:00'), as text. */
export const isoInstantInput = (messages: DateInputMessages) =>
  z
    .string({ error: messages.invalid })
    .pipe(z.iso.datetime({ offset: true, error: messages.invalid }))
    .refine(isDateInRange, { error: messages.range });

/** A calendar day 'YYYY-MM-DD' that exists ('2026-02-29' does not), as text. */
export const isoDayInput = (messages: DateInputMessages) =>
  z
    .string({ error: messages.invalid })
    .refine(isValidDay, { error: messages.invalid, abort: true })
    .refine(isDateInRange, { error: messages.range });

/** Either an instant with its time zone or a day, as text. */
export const isoInstantOrDayInput = (messages: DateInputMessages) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: messages.invalid })
    .refine(isDateInRange, { error: messages.range });

/* ---------------------------------------------------------------- a day as a person types it */

const MONTH_NAMES = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/**
 * The Dutch month names and the abbreviations people write (those of a Dutch calendar, 'mrt' for
 * maart, and 'sept' as often written), all lower case → month 1–12.
 */
const MONTH_WORDS: ReadonlyMap<string, number> = new Map([
  ...MONTH_NAMES.map((name, i) => [name, i + 1] as const),
  ...(['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'] as const).map(
    (short, i) => [short, i + 1] as const,
  ),
  ['sept', 9],
]);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The number of days in month 1–12 of `year`. */
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const pad2 = (n: number) => String(n).padStart(2, '0');

export type DutchDayReading =
  | { ok: true; day: string }
  /** Not written as a date at all ('morgen', '11/23', '23-11-26'). */
  | { ok: false; reason: 'format' }
  /** Written as a date that does not exist ('31-02-2026', '12-13-2026'); `message` says why and what to do. */
  | { ok: false; reason: 'impossible'; message: string };

/**
 * A day as a Dutch user types or pastes it → 'YYYY-MM-DD'. Day first, always, never the browser's
 * month-first order: '5-10-2026', '05-10-2026', '05/10/2026', '05.10.2026', '5 okt 2026',
 * '5 okt. 2026', '5 oktober 2026' (any mix of dashes, slashes, dots and spaces between the parts);
 * a pasted '2026-10-05' is read as that day. A four-digit year only: '05-10-26' could mean 1926 as
 * well as 2026. A date that cannot exist is told apart from text that is no date, so the field can
 * say which day the month does have.
 */
export function readDutchDay(text: string): DutchDayReading {
  const t = text.trim().toLowerCase();
  if (ISO_DAY.test(t)) {
    if (isValidDay(t)) return { ok: true, day: t };
    const [year, month, day] = t.split('-').map(Number) as [number, number, number];
    return impossible(day, month, year);
  }
  const parts = t.split(/[\s./-]+/);
  if (parts.length !== 3) return { ok: false, reason: 'format' };
  const [dayPart = '', monthPart = '', yearPart = ''] = parts;
  if (!/^\d{1,2}$/.test(dayPart) || !/^\d{4}$/.test(yearPart)) return { ok: false, reason: 'format' };
  const month = /^\d{1,2}$/.test(monthPart) ? Number(monthPart) : MONTH_WORDS.get(monthPart);
  if (month === undefined) return { ok: false, reason: 'format' };
  const [day, year] = [Number(dayPart), Number(yearPart)];
  const iso = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
  return isValidDay(iso) ? { ok: true, day: iso } : impossible(day, month, year);
}

function impossible(day: number, month: number, year: number): DutchDayReading {
  const written = `${pad2(day)}-${pad2(month)}-${year}`;
  if (month < 1 || month > 12)
    return {
      ok: false,
      reason: 'impossible',
      message: `${written} bestaat niet: er is geen maand ${month}. Kies een maand van 1 tot en met 12.`,
    };
  const last = daysInMonth(year, month);
  return {
    ok: false,
    reason: 'impossible',
    message: `${written} bestaat niet: ${MONTH_NAMES[month - 1]} ${year} heeft ${last} dagen. Kies een dag van 1 tot en met ${last}.`,
  };
}

/** The day a typed text stands for ('YYYY-MM-DD'), or null when it is none (see readDutchDay). */
export function parseDutchDay(text: string): string | null {
  const reading = readDutchDay(text);
  return reading.ok ? reading.day : null;
}
