/**
 * Which orders the dashboard counts: one rule for the order count, the revenue and the chart, so the
 * cards never disagree about what an order is. A concept is not yet an order the customer has seen and
 * a cancelled one will not be paid, so only sent and paid orders count.
 */
import { ORDER_STATUS_LABELS, type OrderStatus, type Period } from './constants';

export const COUNTED_ORDER_STATUSES = ['sent', 'paid'] as const satisfies readonly OrderStatus[];

const OTHER_STATUSES = ['concept', 'cancelled'] as const satisfies readonly OrderStatus[];

const lower = (s: OrderStatus) => ORDER_STATUS_LABELS[s].toLowerCase();

/** 'Telt orders met status verzonden of betaald; concept en geannuleerd tellen niet mee.' */
export const COUNTED_ORDERS_TEXT = `Telt orders met status ${COUNTED_ORDER_STATUSES.map(lower).join(' of ')}; ${OTHER_STATUSES.map(lower).join(' en ')} tellen niet mee.`;

/** The revenue card's title follows the period; the month keeps the spec's 'Maandomzet'. */
export const REVENUE_LABELS: Record<Period, string> = {
  month: 'Maandomzet',
  quarter: 'Kwartaalomzet',
  year: 'Jaaromzet',
};
