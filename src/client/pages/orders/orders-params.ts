import type { OrderStatus } from '../../../shared/constants';
import type { ResponseFilter } from '../../../shared/order-confirmation-states';
import type { OrderPeriod } from '../../../shared/schemas/order';
import { isOrderPeriod, isOrderStatus } from '../../components/order-table/order-options';
import { type CountedNoun, pagerText as countedPagerText } from '../../components/pager';

/**
 * The orders list keeps its search, filters and page in the address
 * (?zoek=…&status=…&periode=…&mijn=1&goedkeuring=aangevraagd&antwoord=wijziging&pagina=…),
 * so coming back from editing an order, reloading, or following the dashboard's 'Alle orders' link
 * lands on the same list.
 */

/** Rows per page. */
export const ORDERS_PAGE_SIZE = 20;

export type OrdersFilters = {
  search: string;
  status: OrderStatus | '';
  period: OrderPeriod;
  /** 'Mijn orders': only the orders the signed-in person created. */
  mine: boolean;
  /** 'Wacht op goedkeuring': only the orders whose approval was asked and not yet given or refused. */
  approval: 'requested' | '';
  /** The customer's answer to the order's latest link (RESPONSE_LABELS). */
  response: ResponseFilter | '';
  page: number;
};

/** The address's word for the approval filter (?goedkeuring=aangevraagd), as the others are Dutch. */
const APPROVAL_PARAM = 'goedkeuring';
const APPROVAL_REQUESTED = 'aangevraagd';

/** The address's words for the answer filter (?antwoord=wijziging). */
const RESPONSE_PARAM = 'antwoord';
export const RESPONSE_PARAM_WORDS: Record<ResponseFilter, string> = {
  waiting: 'wacht',
  accepted: 'akkoord',
  changes_requested: 'wijziging',
  rejected: 'afgewezen',
};
const responseOfWord = (word: string | null): ResponseFilter | '' =>
  (Object.keys(RESPONSE_PARAM_WORDS) as ResponseFilter[]).find((key) => RESPONSE_PARAM_WORDS[key] === word) ??
  '';

export const DEFAULT_ORDERS_FILTERS: OrdersFilters = {
  search: '',
  status: '',
  period: 'all',
  mine: false,
  approval: '',
  response: '',
  page: 1,
};

const MAX_PAGE = 100_000;

/** The address's query string (with or without '?') → filters; anything unknown falls back to the default. */
export function parseOrdersParams(search: string): OrdersFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const period = params.get('periode');
  const page = Number(params.get('pagina'));
  return {
    search: (params.get('zoek') ?? '').trim().slice(0, 200),
    status: isOrderStatus(status) ? status : '',
    period: isOrderPeriod(period) ? period : 'all',
    mine: params.get('mijn') === '1',
    approval: params.get(APPROVAL_PARAM) === APPROVAL_REQUESTED ? 'requested' : '',
    response: responseOfWord(params.get(RESPONSE_PARAM)),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Filters → '?zoek=…' (only what differs from the default), or '' for the plain list. */
export function ordersParamsToSearch(filters: OrdersFilters): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('zoek', search);
  if (filters.status) params.set('status', filters.status);
  if (filters.period !== 'all') params.set('periode', filters.period);
  if (filters.mine) params.set('mijn', '1');
  if (filters.approval === 'requested') params.set(APPROVAL_PARAM, APPROVAL_REQUESTED);
  if (filters.response) params.set(RESPONSE_PARAM, RESPONSE_PARAM_WORDS[filters.response]);
  if (filters.page > 1) params.set('pagina', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list of the orders that wait for approval: the dashboard's notice links to it. */
export const APPROVALS_WAITING_HREF = `/inkooporders${ordersParamsToSearch({ ...DEFAULT_ORDERS_FILTERS, approval: 'requested' })}`;

/** The list of the orders with this answer: the dashboard's numbers link to it. */
export const responsesHref = (response: ResponseFilter) =>
  `/inkooporders${ordersParamsToSearch({ ...DEFAULT_ORDERS_FILTERS, response })}`;

/**
 * A search, status, period, 'Mijn orders', the approval or the answer filter narrows the list (the
 * empty state then says so).
 */
export function hasActiveFilters(
  filters: Pick<OrdersFilters, 'search' | 'status' | 'period' | 'mine' | 'approval' | 'response'>,
): boolean {
  return (
    Boolean(filters.search.trim()) ||
    filters.status !== '' ||
    filters.period !== 'all' ||
    filters.mine ||
    filters.approval !== '' ||
    filters.response !== ''
  );
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What the orders list counts. */
export const ORDER_NOUN: CountedNoun = ['order', 'orders'];

/** 'Toont 1 - 20 van 45 orders'; 'Toont 0 - 0 van 0 orders' when there is nothing; 'van 1 order'. */
export function pagerText(page: number, pageSize: number, total: number): string {
  return countedPagerText(page, pageSize, total, ORDER_NOUN);
}
