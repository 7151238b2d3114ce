import { periodRangeText } from '../../../shared/periods';
import type { OrderPeriod } from '../../../shared/schemas/order';
import { cx } from '../cx';
import './period-range.css';

type PeriodRangeProps = {
  period: OrderPeriod;
  /** The select names this text in its aria-describedby. */
  id: string;
  className?: string;
};

/**
 * The days the chosen period covers, beside its select: '1 okt – 31 dec 2026'. The same definition
 * (shared/periods.ts) decides what the server filters and sums, so the label and the numbers agree.
 * Nothing for 'Alle perioden'.
 */
export function PeriodRange({ period, id, className }: PeriodRangeProps) {
  if (period === 'all') return null;
  return (
    <p id={id} className={cx('period-range', className)} data-testid="period-range">
      <span className="sr-only">Periode: </span>
      {periodRangeText(period, new Date())}
    </p>
  );
}
