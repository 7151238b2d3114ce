import { type APIRequestContext, expect } from '@playwright/test';
import { amsterdamDay } from './dates';

/**
 * Orders and customers over the REST API for the journeys (STYLE.md §10: set up over HTTP, test the
 * screen). Pass `page.request` so the logged-in session cookie goes along. Totals are computed here
 * independently of the app's money code, from amounts chosen so that no VAT needs rounding.
 */

export type NewCustomer = { name: string; company: string; email: string; active?: boolean };

export async function createCustomer(request: APIRequestContext, customer: NewCustomer): Promise<string> {
  const res = await request.post('/api/customers', { data: customer });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { _id: string })._id;
}

export async function deleteCustomer(request: APIRequestContext, id: string): Promise<void> {
  const res = await request.delete(`/api/customers/${id}`);
  expect(res.status(), await res.text()).toBe(200);
}

export type Status = 'concept' | 'sent' | 'paid' | 'cancelled';
export type Line = { description: string; quantity: number; price: number; vat: 21 | 9 | 0 };

export type NewOrder = {
  customer: string;
  date: Date;
  project: string;
  reference?: string;
  status: Status;
  btwVerlegd?: boolean;
  items: Line[];
};

export type CreatedOrder = NewOrder & {
  _id: string;
  orderNumber: string;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
};

/** Subtotal, VAT and total in cents; every VAT amount here is a whole number of cents. */
export function expectedTotals(order: Pick<NewOrder, 'items' | 'btwVerlegd'>) {
  let subtotal = 0;
  let vat = 0;
  for (const line of order.items) {
    const base = line.quantity * Math.round(line.price * 100);
    subtotal += base;
    if (!order.btwVerlegd) {
      if ((base * line.vat) % 100 !== 0) throw new Error('choose amounts without VAT rounding');
      vat += (base * line.vat) / 100;
    }
  }
  return { subtotalCents: subtotal, vatCents: vat, totalCents: subtotal + vat };
}

export async function createOrder(request: APIRequestContext, order: NewOrder): Promise<CreatedOrder> {
  const res = await request.post('/api/orders', {
    data: {
      customer: order.customer,
      date: order.date.toISOString(),
      project: order.project,
      reference: order.reference ?? '',
      status: order.status,
      btwVerlegd: order.btwVerlegd ?? false,
      paymentTerm: 14,
      items: order.items.map((i) => ({ ...i, unit: 'stuk' })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { _id: string; orderNumber: string; total: number };
  const totals = expectedTotals(order);
  // The server's total agrees with ours to the cent.
  expect(Math.round(body.total * 100)).toBe(totals.totalCents);
  return { ...order, ...totals, _id: body._id, orderNumber: body.orderNumber };
}

export async function deleteOrder(request: APIRequestContext, id: string): Promise<void> {
  const res = await request.delete(`/api/orders/${id}`);
  expect(res.status(), await res.text()).toBe(200);
}

/* ---------------------------------------------------------------- periods */

export type Period = 'month' | 'quarter' | 'year';

/** Index of the month/quarter/year a day falls in, comparable across years. */
function periodIndex(period: Period, d: { year: number; month: number }): number {
  if (period === 'month') return d.year * 12 + (d.month - 1);
  if (period === 'quarter') return d.year * 4 + Math.floor((d.month - 1) / 3);
  return d.year;
}

/** 0: in the period containing `now`; -1: in the one before; anything else: neither. */
export function periodOffset(period: Period, date: Date, now: Date = new Date()): number {
  return periodIndex(period, amsterdamDay(date)) - periodIndex(period, amsterdamDay(now));
}

/** The dashboard counts every order but the cancelled ones, in every card and the chart. */
export const counted = (o: Pick<NewOrder, 'status'>) => o.status !== 'cancelled';

/** The dashboard's numbers for a period, from the orders that exist; revenue excl. VAT. */
export function expectedStats(orders: readonly CreatedOrder[], period: Period, now: Date = new Date()) {
  const of = (offset: number) =>
    orders.filter((o) => counted(o) && periodOffset(period, o.date, now) === offset);
  const sum = (list: CreatedOrder[], key: 'subtotalCents' | 'totalCents') =>
    list.reduce((total, o) => total + o[key], 0);
  return {
    orders: of(0).length,
    previousOrders: of(-1).length,
    revenueCents: sum(of(0), 'subtotalCents'),
    previousRevenueCents: sum(of(-1), 'subtotalCents'),
    revenueInclVatCents: sum(of(0), 'totalCents'),
  };
}

/** The chart's figure for a calendar month (month 1..12): counted orders, excl. VAT. */
export function monthRevenueCents(orders: readonly CreatedOrder[], year: number, month: number): number {
  return orders
    .filter((o) => {
      const d = amsterdamDay(o.date);
      return counted(o) && d.year === year && d.month === month;
    })
    .reduce((total, o) => total + o.subtotalCents, 0);
}

/** Growth as the dashboard shows it: one decimal, sign, '%'; +100% from zero. */
export function growthLabel(current: number, previous: number): string {
  const value =
    previous === 0 ? (current > 0 ? 100 : 0) : Math.round(((current - previous) / previous) * 1000) / 10;
  const text = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 }).format(Math.abs(value));
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${text}%`;
}

/** '€ 1.234,56' as nl-NL writes it (with the no-break space). */
export function euro(cents: number): string {
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** '"1234,56"' as the CSV writes an amount: quoted, as every cell holding a comma is. */
export function csvAmount(cents: number): string {
  return `"${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}"`;
}
