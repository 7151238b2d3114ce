import { ORDER_STATUS_LABELS, PERIOD_LABELS, type Period, UNKNOWN_CUSTOMER } from '../../shared/constants';
import { formatDate } from '../../shared/dates';
import { centsToDecimal, eurosToCents } from '../../shared/money';
import {
  ORDER_PAGE_SIZE_MAX,
  type OrderListQuery,
  type OrderPeriod,
  type OrderSummary,
} from '../../shared/schemas/order';
import { buildCsv, type CsvColumn, datedFileName } from './csv';

/**
 * The dashboard's Exporteren file (beyond the spec, whose button did nothing): one row per order of
 * the chosen period, for Dutch Excel (BOM, ';', see csv.ts). Amounts are written as plain Dutch
 * decimals without a currency sign or thousands separator ('1234,56'; quoted, as every cell holding a
 * comma, which Excel still reads as a number); dates as dd-mm-jjjj, the calendar day in the Netherlands.
 */

/** Euros as the API sends them (12.5) → '12,50'. Exact: via cents, never float formatting. */
export function csvAmount(euros: number): string {
  return centsToDecimal(eurosToCents(euros)).replace('.', ',');
}

export const ORDER_CSV_COLUMNS: readonly CsvColumn<OrderSummary>[] = [
  { header: 'Ordernummer', value: (o) => o.orderNumber },
  { header: 'Datum', value: (o) => formatDate(o.date) },
  { header: 'Klant', value: (o) => (o.customer === null ? UNKNOWN_CUSTOMER : o.customerName) },
  { header: 'Bedrijf', value: (o) => (o.customer === null ? '' : o.customerCompany) },
  { header: 'Project', value: (o) => o.project },
  { header: 'Referentie', value: (o) => o.reference },
  { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.status] },
  { header: 'Subtotaal', value: (o) => csvAmount(o.subtotal) },
  { header: 'BTW', value: (o) => csvAmount(o.vat) },
  { header: 'Totaal', value: (o) => csvAmount(o.total) },
  { header: 'BTW verlegd', value: (o) => o.btwVerlegd },
];

export function ordersCsv(orders: readonly OrderSummary[]): string {
  return buildCsv(orders, ORDER_CSV_COLUMNS);
}

/** 'Deze Maand' → 'deze-maand'; 'all' → 'alle-perioden'. */
export function periodSlug(period: OrderPeriod): string {
  const label = period === 'all' ? 'Alle perioden' : PERIOD_LABELS[period as Period];
  return label.toLowerCase().replace(/\s+/g, '-');
}

/** 'orders-deze-maand-2026-03-07.csv' (today's local date). */
export function ordersCsvFileName(period: OrderPeriod, date: Date = new Date()): string {
  return datedFileName(`orders-${periodSlug(period)}`, date);
}

type PageResult = { items: OrderSummary[]; total: number };
export type FetchOrderPage = (input: OrderListQuery) => Promise<PageResult>;

/** Safety net far beyond any real account (1 000 pages of 100 orders). */
const MAX_PAGES = 1000;
/** Pages fetched at once after the first one told how many there are. */
const CONCURRENCY = 4;

/**
 * Every order matching the filters, newest first: the first page (100, the server's maximum) gives the
 * total, the remaining pages are fetched a few at a time. An order that shifts from one page to the
 * next while this runs (another tab creating one) is listed once.
 */
export async function fetchAllOrders(
  fetchPage: FetchOrderPage,
  filters: Pick<OrderListQuery, 'search' | 'status' | 'period'>,
): Promise<OrderSummary[]> {
  const query = (page: number) =>
    fetchPage({
      search: filters.search || undefined,
      status: filters.status,
      period: filters.period ?? 'all',
      page,
      pageSize: ORDER_PAGE_SIZE_MAX,
    });
  const first = await query(1);
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / ORDER_PAGE_SIZE_MAX));
  const results: PageResult[] = [first];
  for (let start = 2; start <= pages; start += CONCURRENCY) {
    const batch = [];
    for (let page = start; page < start + CONCURRENCY && page <= pages; page++) batch.push(query(page));
    results.push(...(await Promise.all(batch)));
  }
  const seen = new Set<string>();
  const all: OrderSummary[] = [];
  for (const order of results.flatMap((r) => r.items)) {
    if (seen.has(order._id)) continue;
    seen.add(order._id);
    all.push(order);
  }
  return all;
}
