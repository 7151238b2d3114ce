import { type Period, TIME_ZONE } from '../../../shared/constants';

/**
 * The period select (Deze Maand, Afgelopen Kwartaal, Heel Jaar) as calendar periods in the
 * Netherlands: the month, quarter or year that contains `now`, and the one before it. Instants, so
 * SQL compares `date >= from and date < to` on the (user_id, date) index.
 */
export type PeriodRange = { from: Date; to: Date; previousFrom: Date };

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function zonedParts(date: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((x) => [x.type, Number(x.value)]));
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
  };
}

/** Milliseconds the Dutch wall clock runs ahead of UTC at `instant` (3 600 000 or 7 200 000). */
function offsetAt(instant: number): number {
  const p = zonedParts(new Date(instant));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Midnight at the start of year-month-01 in the Netherlands (month may be out of 1..12; it rolls over). */
function startOfMonth(year: number, month: number): Date {
  const wall = Date.UTC(year, month - 1, 1);
  let instant = wall - offsetAt(wall);
  // If the guess landed on the other side of a DST change, correct once with the offset found there.
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

const MONTHS: Record<Period, number> = { month: 1, quarter: 3, year: 12 };

export function periodRange(period: Period, now: Date = new Date()): PeriodRange {
  const { year, month } = zonedParts(now);
  const firstMonth =
    period === 'month' ? month : period === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : 1;
  const length = MONTHS[period];
  return {
    from: startOfMonth(year, firstMonth),
    to: startOfMonth(year, firstMonth + length),
    previousFrom: startOfMonth(year, firstMonth - length),
  };
}

/** Percentage change, one decimal; from zero it is +100 when the value grew, 0 when both are zero. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
