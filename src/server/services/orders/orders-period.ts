import type { Period } from '../../../shared/constants';
import { amsterdamParts, firstMonthOfQuarter, startOfAmsterdamMonth } from '../../../shared/dates';

/**
 * The period select (Deze Maand, Afgelopen Kwartaal, Heel Jaar) as calendar periods in the
 * Netherlands: the month, quarter or year that contains `now`, and the one before it. Instants, so
 * SQL compares `date >= from and date < to` on the (user_id, date) index.
 */
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

/** Percentage change, one decimal; from zero it is +100 when the value grew, 0 when both are zero. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
