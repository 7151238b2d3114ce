/**
 * The calendar in the Netherlands, in one place: which day, month and year an instant falls on in
 * Europe/Amsterdam (order dates, order-number years, the dashboard's periods, file names), the instant
 * a Dutch day or month starts, day arithmetic for due dates, and the Dutch ways of writing a date.
 * Nothing here reads the clock or the time zone of the machine it runs on.
 *
 * A "day" is a 'YYYY-MM-DD' string: a calendar date without a time or a zone.
 */
import { TIME_ZONE } from './constants';

export type AmsterdamParts = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  second: number;
};

// The only Intl formatter of the Amsterdam wall clock; everything else derives from its parts.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall clock in Amsterdam at `instant`. */
export function amsterdamParts(instant: Date): AmsterdamParts {
  const p = Object.fromEntries(wallClock.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
  };
}

/** The calendar year in the Netherlands at `instant`. */
export function amsterdamYear(instant: Date): number {
  return amsterdamParts(instant).year;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a date that exists ('2026-02-29' does not). */
export function isValidDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

function toInstant(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The calendar day in the Netherlands as 'YYYY-MM-DD' (a date input's value, a file name's date); a
 * day string is already one and is returned as it is; '' when the value is not a date.
 */
export function amsterdamDay(value: string | Date): string {
  if (typeof value === 'string' && DAY.test(value)) return isValidDay(value) ? value : '';
  const instant = toInstant(value);
  if (!instant) return '';
  const p = amsterdamParts(instant);
  return dayText(p.year, p.month, p.day);
}

function requireDay(day: string): [number, number, number] {
  if (!isValidDay(day)) throw new RangeError(`Not a day (YYYY-MM-DD): '${day}'`);
  return day.split('-').map(Number) as [number, number, number];
}

/** '2026-12-25' + 14 → '2027-01-08'. Calendar days: a DST change makes no difference. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = requireDay(day);
  const utc = new Date(Date.UTC(year, month - 1, date + days));
  return dayText(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate());
}

/** The day an order must be paid: the order's day plus the payment term (spec §9: 14, 30 or 60 days). */
export function dueDay(orderDay: string, paymentTermDays: number): string {
  return addDays(orderDay, paymentTermDays);
}

/** Milliseconds the Dutch wall clock runs ahead of UTC at `instant` (3 600 000 or 7 200 000). */
function offsetAt(instant: number): number {
  const p = amsterdamParts(new Date(instant));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of 00:00 in Amsterdam on year-month-day (month and day may roll over, as in Date.UTC). */
function amsterdamMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - offsetAt(wall);
  // If the guess landed on the other side of a DST change, correct once with the offset found there.
  // Midnight itself never falls in the gap: the Dutch clocks change at 02:00 and 03:00.
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** The instant a Dutch calendar day starts: '2026-07-01' → 2026-06-30T22:00:00Z. */
export function startOfAmsterdamDay(day: string): Date {
  const [year, month, date] = requireDay(day);
  return amsterdamMidnight(year, month, date);
}

/** The instant month 1–12 of `year` starts in the Netherlands; a month outside 1–12 rolls into the next or previous year. */
export function startOfAmsterdamMonth(year: number, month: number): Date {
  return amsterdamMidnight(year, month, 1);
}

/** The quarter (1–4) month 1–12 is in. */
export const quarterOf = (month: number) => Math.floor((month - 1) / 3) + 1;

/** The first month (1, 4, 7 or 10) of the quarter month 1–12 is in. */
export const firstMonthOfQuarter = (month: number) => (quarterOf(month) - 1) * 3 + 1;

/**
 * An instant (Date or ISO string) or a day → 'dd-mm-jjjj', the calendar day in the Netherlands;
 * '' when there is no date. Screens, CSV, the PDF and `{{order.date}}` all write dates this way.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const day = amsterdamDay(value);
  if (day === '') return '';
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** An instant → 'dd-mm-jjjj hh:mm:ss' on the Dutch wall clock (24 hours); '' when not a date. */
export function formatDateTime(value: string | Date): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const p = amsterdamParts(instant);
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

// A day has no time and no zone: its UTC midnight, written in UTC, can never be moved by an offset.
const longDayFormat = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day → 'zaterdag 21 november 2026': Dutch whatever the browser's locale; undefined when not a day. */
export function formatLongDate(day: string): string | undefined {
  if (!isValidDay(day)) return undefined;
  const [year, month, date] = requireDay(day);
  return longDayFormat.format(new Date(Date.UTC(year, month - 1, date)));
}
