/**
 * Which orders the dashboard counts: one rule for the order count, the revenue and the chart, so the
 * cards never disagree about what an order is. A cancelled order will not be paid, so it counts
 * nowhere; a concept counts, because a new user's first order is one and the spec's dashboard totals
 * sum every order written.
 */
import { ORDER_STATUS_LABELS, type OrderStatus, type Period } from './constants';

export const COUNTED_ORDER_STATUSES = ['concept', 'sent', 'paid'] as const satisfies readonly OrderStatus[];

const OTHER_STATUSES = ['cancelled'] as const satisfies readonly OrderStatus[];

const lower = (s: OrderStatus) => ORDER_STATUS_LABELS[s].toLowerCase();

/** A list in words: 'a', 'a of b', 'a, b of c'. */
const inWords = (words: readonly string[], last: string) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;

/** 'Telt orders met status concept, verzonden of betaald; orders met status geannuleerd tellen niet mee.' */
export const COUNTED_ORDERS_TEXT = `Telt orders met status ${inWords(COUNTED_ORDER_STATUSES.map(lower), 'of')}; orders met status ${inWords(OTHER_STATUSES.map(lower), 'of')} tellen niet mee.`;

/** The revenue card's title follows the period; the month keeps the spec's 'Maandomzet'. */
export const REVENUE_LABELS: Record<Period, string> = {
  month: 'Maandomzet',
  quarter: 'Kwartaalomzet',
  year: 'Jaaromzet',
};
