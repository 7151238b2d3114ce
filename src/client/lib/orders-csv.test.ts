import { describe, expect, it, vi } from 'vitest';
import type { OrderListQuery, OrderSummary } from '../../shared/schemas/order';
import { CSV_BOM } from './csv';
import { csvAmount, fetchAllOrders, ordersCsv, ordersCsvFileName, periodSlug } from './orders-csv';

function order(n: number, extra: Partial<OrderSummary> = {}): OrderSummary {
  return {
    _id: `id-${n}`,
    orderNumber: `INK-2026-${1000 + n}`,
    date: '2026-03-07T10:00:00.000Z',
    project: `Project ${n}`,
    reference: '',
    paymentTerm: 14,
    status: 'concept',
    btwVerlegd: false,
    customer: `c-${n}`,
    customerName: `Naam ${n}`,
    customerCompany: `Bedrijf ${n}`,
    customerSnapshot: null,
    deliveryDate: null,
    deliveryAddress: null,
    deliveryAddressSource: 'customer',
    notes: '',
    subtotal: 100,
    vat: 21,
    total: 121,
    createdAt: '2026-03-07T10:00:00.000Z',
    updatedAt: '2026-03-07T10:00:00.000Z',
    createdBy: null,
    updatedBy: null,
    ...extra,
  };
}

describe('csvAmount', () => {
  it('writes Dutch decimals with two places, no currency sign, no grouping', () => {
    expect(csvAmount(1234.56)).toBe('1234,56');
    expect(csvAmount(12.5)).toBe('12,50');
    expect(csvAmount(0)).toBe('0,00');
    expect(csvAmount(9999999999.99)).toBe('9999999999,99');
  });
});

describe('ordersCsv', () => {
  it('starts with the BOM and writes the exact header', () => {
    const csv = ordersCsv([]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(
      'Ordernummer;Datum;Klant;Bedrijf;Project;Referentie;Status;Subtotaal;BTW;Totaal;BTW verlegd\r\n',
    );
  });

  it('writes a row with Dutch amounts, a dd-mm-jjjj date and Dutch labels', () => {
    const csv = ordersCsv([
      order(1, {
        // 23:30 UTC on 31 December is already 1 January in Amsterdam.
        date: '2025-12-31T23:30:00.000Z',
        project: 'Keuken; fase 2',
        reference: 'PO-77',
        status: 'paid',
        subtotal: 1020.3,
        vat: 214.26,
        total: 1234.56,
      }),
      order(2, {
        status: 'sent',
        btwVerlegd: true,
        subtotal: 500,
        vat: 0,
        total: 500,
        customer: null,
        customerName: null,
        customerCompany: null,
      }),
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe(
      'INK-2026-1001;01-01-2026;Naam 1;Bedrijf 1;"Keuken; fase 2";PO-77;Betaald;"1020,30";"214,26";"1234,56";Nee',
    );
    expect(lines[2]).toBe(
      'INK-2026-1002;07-03-2026;Onbekende klant;;Project 2;;Verzonden;"500,00";"0,00";"500,00";Ja',
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('neutralises a formula in a text cell', () => {
    const csv = ordersCsv([order(1, { project: '=HYPERLINK("x")' })]);
    expect(csv).toContain(`;"'=HYPERLINK(""x"")";`);
  });
});

describe('file name', () => {
  it('names the period and the day', () => {
    expect(periodSlug('month')).toBe('deze-maand');
    expect(periodSlug('quarter')).toBe('afgelopen-kwartaal');
    expect(periodSlug('year')).toBe('heel-jaar');
    expect(periodSlug('all')).toBe('alle-perioden');
    expect(ordersCsvFileName('quarter', new Date('2026-03-07T12:00:00Z'))).toBe(
      'orders-afgelopen-kwartaal-2026-03-07.csv',
    );
  });
});

describe('fetchAllOrders', () => {
  const fakeServer = (all: OrderSummary[]) =>
    vi.fn(async (input: OrderListQuery) => {
      const size = input.pageSize ?? 25;
      const page = input.page ?? 1;
      return { items: all.slice((page - 1) * size, page * size), total: all.length };
    });

  it('fetches every page with the filters at the maximum page size', async () => {
    const all = Array.from({ length: 250 }, (_, i) => order(i));
    const fetchPage = fakeServer(all);
    const result = await fetchAllOrders(fetchPage, { period: 'quarter' });
    expect(result.map((o) => o._id)).toEqual(all.map((o) => o._id));
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([
      { search: undefined, status: undefined, period: 'quarter', page: 1, pageSize: 100 },
      { search: undefined, status: undefined, period: 'quarter', page: 2, pageSize: 100 },
      { search: undefined, status: undefined, period: 'quarter', page: 3, pageSize: 100 },
    ]);
  });

  it('asks once when everything fits on one page, and once for nothing', async () => {
    const one = fakeServer([order(1)]);
    expect(await fetchAllOrders(one, { period: 'month', search: 'keuken', status: 'paid' })).toHaveLength(1);
    expect(one).toHaveBeenCalledWith({
      search: 'keuken',
      status: 'paid',
      period: 'month',
      page: 1,
      pageSize: 100,
    });
    const none = fakeServer([]);
    expect(await fetchAllOrders(none, {})).toEqual([]);
    expect(none).toHaveBeenCalledTimes(1);
  });

  it('lists an order once when it shifted to the next page meanwhile', async () => {
    const all = Array.from({ length: 101 }, (_, i) => order(i));
    const fetchPage = vi.fn(async (input: OrderListQuery) =>
      input.page === 1
        ? { items: all.slice(0, 100), total: 101 }
        : // A new order arrived: the last one of page 1 is now first on page 2.
          { items: [all[99]!, all[100]!], total: 102 },
    );
    const result = await fetchAllOrders(fetchPage, { period: 'year' });
    expect(result).toHaveLength(101);
  });
});
