/**
 * Calendar days as the app sees them: in Europe/Amsterdam, whatever time zone the test process runs in
 * (CI runs in UTC, so between 22:00/23:00 and midnight UTC the Dutch day is already tomorrow). Every
 * date an e2e test expects comes from here, never from `getDate()`/`getMonth()`/`getFullYear()`.
 */

export const AMSTERDAM = 'Europe/Amsterdam';

/** A calendar day; month 1..12. */
export type Day = { year: number; month: number; day: number };

const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: AMSTERDAM,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const clockParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: AMSTERDAM,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function numbers(format: Intl.DateTimeFormat, instant: Date): Record<string, number> {
  return Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
}

/** The calendar day in the Netherlands at `instant`. */
export function amsterdamDay(instant: Date): Day {
  const p = numbers(dayParts, instant);
  return { year: p.year!, month: p.month!, day: p.day! };
}

/** Today in the Netherlands. */
export function amsterdamToday(now: Date = new Date()): Day {
  return amsterdamDay(now);
}

/** The year in the Netherlands at `instant` (the year in an order number). */
export function amsterdamYear(instant: Date = new Date()): number {
  return amsterdamDay(instant).year;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'jjjj-mm-dd', as in a file name or an `<input type="date">`. */
export function isoDay(day: Day): string {
  return `${day.year}-${two(day.month)}-${two(day.day)}`;
}

/** 'dd-mm-jjjj', as the app shows a date; an instant is taken on its Dutch day. */
export function dutchDate(day: Day | Date): string {
  const d = day instanceof Date ? amsterdamDay(day) : day;
  return `${two(d.day)}-${two(d.month)}-${d.year}`;
}

/**
 * Noon UTC on a calendar day (month and day may run out of range; they roll over). Noon UTC is 13:00 or
 * 14:00 in Amsterdam, so the instant falls on that same day there.
 */
export function noon(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/**
 * Milliseconds until the next midnight in Amsterdam. From the wall clock: the clocks change at 02:00 or
 * 03:00, never in the evening, so from any evening hour this is exact.
 */
export function msUntilAmsterdamMidnight(now: Date = new Date()): number {
  const p = numbers(clockParts, now);
  const sinceMidnight = ((p.hour! * 60 + p.minute!) * 60 + p.second!) * 1000 + now.getUTCMilliseconds();
  return 86_400_000 - sinceMidnight;
}

export type Turn = 'day' | 'month' | 'year';

/** Whether the coming Amsterdam midnight starts a new day (always), month or year. */
export function midnightTurns(turn: Turn, now: Date = new Date()): boolean {
  const today = amsterdamDay(now);
  // An hour past midnight is safely inside tomorrow.
  const tomorrow = amsterdamDay(new Date(now.getTime() + msUntilAmsterdamMidnight(now) + 3_600_000));
  if (turn === 'year') return tomorrow.year !== today.year;
  if (turn === 'month') return tomorrow.month !== today.month || tomorrow.year !== today.year;
  return true;
}

/**
 * How long to wait so that a run lasting at most `marginMs` does not straddle the turn of the Amsterdam
 * day/month/year: 0, or until just after the coming midnight when that turn is less than the margin away.
 */
export function waitBeforeTurn(turn: Turn, marginMs: number, now: Date = new Date()): number {
  const left = msUntilAmsterdamMidnight(now);
  return left < marginMs && midnightTurns(turn, now) ? left + 1000 : 0;
}
