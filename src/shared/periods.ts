/**
 * The period select of the dashboard and the orders list (Deze Maand, Afgelopen Kwartaal, Heel Jaar)
 * in one definition for the server, which filters and sums by it, and the screens, which print the
 * days it covers beside the select. A period is the calendar month, quarter or year in the
 * Netherlands that contains `now`, compared with the one just before it. `now` is always passed in:
 * nothing here reads the clock or the machine's time zone.
 */
import type { Period } from './constants';
import { amsterdamDay, amsterdamParts, firstMonthOfQuarter, startOfAmsterdamMonth } from './dates';

/** Instants: the period is [from, to), the one before it [previousFrom, from). */
export type PeriodRange = { from: Date; to: Date; previousFrom: Date };

const MONTHS: Record<Period, number> = { month: 1, quarter: 3, year: 12 };

export function periodRange(period: Period, now: Date): PeriodRange {
  const { year, month } = amsterdamParts(now);
  const firstMonth = period === 'month' ? month : period === 'quarter' ? firstMonthOfQuarter(month) : 1;
  const length = MONTHS[period];
  return {
    from: startOfAmsterdamMonth(year, firstMonth),
    to: startOfAmsterdamMonth(year, firstMonth + length),
    previousFrom: startOfAmsterdamMonth(year, firstMonth - length),
  };
}

/** The first and the last day ('YYYY-MM-DD', both included) of [from, to). */
export function rangeDays(from: Date, to: Date): { first: string; last: string } {
  return { first: amsterdamDay(from), last: amsterdamDay(new Date(to.getTime() - 1)) };
}

const SHORT_MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

function dayParts(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, monthName: SHORT_MONTHS[month - 1], date };
}

/** Two days, both included → '1 okt – 31 dec 2026'; the year once when both share it. */
export function formatDayRange(first: string, last: string): string {
  const a = dayParts(first);
  const b = dayParts(last);
  const start = a.year === b.year ? `${a.date} ${a.monthName}` : `${a.date} ${a.monthName} ${a.year}`;
  return `${start} – ${b.date} ${b.monthName} ${b.year}`;
}

/** The days `period` covers at `now`, as written beside the select: '1 okt – 31 dec 2026'. */
export function periodRangeText(period: Period, now: Date): string {
  const { from, to } = periodRange(period, now);
  const { first, last } = rangeDays(from, to);
  return formatDayRange(first, last);
}

/** Percentage change, one decimal; from zero it is +100 when the value grew, 0 when both are zero. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A calendar month in the Netherlands; month 1–12. */
export type CalendarMonth = { year: number; month: number };

/** The month `months` back from (year, month): months may be negative or cross years. */
export function shiftMonth({ year, month }: CalendarMonth, months: number): CalendarMonth {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The `count` calendar months up to and including the one `now` falls in, oldest first. */
export function recentMonths(now: Date, count: number): CalendarMonth[] {
  const { year, month } = amsterdamParts(now);
  return Array.from({ length: count }, (_, i) => shiftMonth({ year, month }, i - count + 1));
}

/** 'YYYY-MM', the month's key on the wire. */
export function monthId({ year, month }: CalendarMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** 'nov 2026' under a bar and in the table. */
export function formatShortMonth({ year, month }: CalendarMonth): string {
  return `${SHORT_MONTHS[month - 1]} ${year}`;
}

/** 'YYYY-MM' → the month, or null when it is not one. */
export function parseMonthId(id: string): CalendarMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(id);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}
