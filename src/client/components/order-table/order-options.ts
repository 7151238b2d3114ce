import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PERIOD_LABELS,
  PERIODS,
} from '../../../shared/constants';
import type { OrderPeriod } from '../../../shared/schemas/order';
import type { SelectOption } from '../select';

/** The orders list's extra choice: no period filter (its default). */
export const ALL_PERIODS_LABEL = 'Alle perioden';

/** Deze Maand, Afgelopen Kwartaal, Heel Jaar (spec §2): the dashboard's select. */
export const PERIOD_OPTIONS: SelectOption[] = PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

/** The orders list's period select: 'Alle perioden' first. */
export const LIST_PERIOD_OPTIONS: SelectOption[] = [
  { value: 'all', label: ALL_PERIODS_LABEL },
  ...PERIOD_OPTIONS,
];

/** Alle, Concept, Verzonden, Betaald, Geannuleerd (spec §2 Orders list). */
export const STATUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'Alle' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

export function periodLabel(period: OrderPeriod): string {
  return period === 'all' ? ALL_PERIODS_LABEL : PERIOD_LABELS[period];
}

export const isOrderStatus = (v: unknown): v is OrderStatus =>
  typeof v === 'string' && (ORDER_STATUSES as readonly string[]).includes(v);

export const isOrderPeriod = (v: unknown): v is OrderPeriod =>
  v === 'all' || (typeof v === 'string' && (PERIODS as readonly string[]).includes(v));
