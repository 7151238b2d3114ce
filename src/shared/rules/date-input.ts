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
