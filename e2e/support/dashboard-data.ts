import type { APIRequestContext } from '@playwright/test';
import { amsterdamDay, type Day, noon } from './dates';
import { type CreatedOrder, createCustomer, createOrder, type Line, type NewOrder } from './orders';

/**
 * The account behind the orders list and dashboard journey, set up over REST: four customers and 25
 * orders placed around today's Dutch date — 8 this month (one cancelled, one reverse-charged), 5 last
 * month, 12 last year (one a month). Dates are noon UTC, which is the same day in Amsterdam; this month's
 * never lie after today, so the month's numbers hold on any day of it.
 */

export type DashboardCustomers = { bakkerij: string; bos: string; jansen: string; tijdelijk: string };

export type DashboardData = {
  customers: DashboardCustomers;
  /** In the order of creation: this month's 8, last month's 5, last year's 12 (January first). */
  orders: CreatedOrder[];
  /** Orders the checks name: this month's paid kitchen, bathroom, garden, reverse-charged gutter,
   * painting (for the customer that goes), the shop fitting of two rates; the oldest, last January. */
  named: Record<'keuken' | 'badkamer' | 'tuin' | 'dakgoot' | 'schilder' | 'winkel' | 'oldest', CreatedOrder>;
  /** The Dutch day the data was placed around. */
  today: Day;
  /** A day of this month, no later than today. */
  thisMonth: (day: number) => Date;
};

export const orderLine = (quantity: number, price: number, vat: Line['vat'] = 21): Line => ({
  description: 'Werkzaamheden',
  quantity,
  price,
  vat,
});

/** Noon on that day of today's month, or on today if that day is still to come. */
const dayThisMonth = (today: Day, day: number) => noon(today.year, today.month, Math.min(day, today.day));

function plan(c: DashboardCustomers, today: Day): NewOrder[] {
  const thisMonth = (day: number) => dayThisMonth(today, day);
  const lastMonth = (day: number) => noon(today.year, today.month - 1, day);
  const lastYear = (month: number) => noon(today.year - 1, month, 10);
  const line = orderLine;
  return [
    // This month: 8 orders, one cancelled, one reverse-charged.
    {
      customer: c.bakkerij,
      date: thisMonth(1),
      project: 'Keukenrenovatie',
      reference: 'PO-77',
      status: 'paid',
      items: [line(2, 12.5)],
    },
    { customer: c.bos, date: thisMonth(2), project: 'Badkamer', status: 'sent', items: [line(10, 45)] },
    {
      customer: c.jansen,
      date: thisMonth(3),
      project: 'Tuinaanleg',
      status: 'concept',
      items: [line(1, 1000, 9)],
    },
    {
      customer: c.bakkerij,
      date: thisMonth(4),
      project: 'Keukenrenovatie',
      status: 'cancelled',
      items: [line(3, 100)],
    },
    {
      customer: c.bos,
      date: thisMonth(5),
      project: 'Dakgoot',
      status: 'paid',
      btwVerlegd: true,
      items: [line(4, 250)],
    },
    {
      customer: c.tijdelijk,
      date: thisMonth(6),
      project: 'Schilderwerk',
      status: 'concept',
      items: [line(5, 20)],
    },
    { customer: c.jansen, date: thisMonth(7), project: 'Snoeiwerk', status: 'sent', items: [line(2, 75, 0)] },
    {
      customer: c.bakkerij,
      date: thisMonth(8),
      project: 'Winkelinrichting',
      status: 'paid',
      items: [line(1, 2000), line(2, 50, 9)],
    },
    // Last month: 5.
    ...[3, 8, 13, 18, 23].map(
      (day, i): NewOrder => ({
        customer: [c.bakkerij, c.bos, c.jansen][i % 3]!,
        date: lastMonth(day),
        project: `Onderhoud ${i + 1}`,
        status: i === 4 ? 'cancelled' : 'paid',
        items: [line(1, 100 * (i + 1))],
      }),
    ),
    // Last year: 12, one a month.
    ...Array.from(
      { length: 12 },
      (_, i): NewOrder => ({
        customer: [c.bakkerij, c.bos, c.jansen, c.tijdelijk][i % 4]!,
        date: lastYear(i + 1),
        project: `Archief ${String(i + 1).padStart(2, '0')}`,
        status: (['paid', 'sent', 'concept', 'cancelled'] as const)[i % 4]!,
        items: [line(i + 1, 10)],
      }),
    ),
  ];
}

/** Creates the customers and orders for the logged-in user of `api` (pass `page.request`). */
export async function createDashboardData(api: APIRequestContext, now = new Date()): Promise<DashboardData> {
  const customers: DashboardCustomers = {
    bakkerij: await createCustomer(api, {
      name: 'Anna de Vries',
      company: 'Bakkerij de Vries',
      email: 'anna@bakkerijdevries.nl',
    }),
    bos: await createCustomer(api, {
      name: 'Karim Bos',
      company: 'Installatiebedrijf Bos',
      email: 'karim@bos-installatie.nl',
    }),
    jansen: await createCustomer(api, {
      name: 'Sophie Jansen',
      company: 'Jansen Groenvoorziening',
      email: 'sophie@jansengroen.nl',
    }),
    tijdelijk: await createCustomer(api, {
      name: 'Tim Tijdelijk',
      company: 'Tijdelijk BV',
      email: 'tim@tijdelijk.example',
    }),
  };
  const today = amsterdamDay(now);
  const orders: CreatedOrder[] = [];
  for (const o of plan(customers, today)) orders.push(await createOrder(api, o));
  const [keuken, badkamer, tuin, , dakgoot, schilder, , winkel] = orders;
  return {
    customers,
    orders,
    named: {
      keuken: keuken!,
      badkamer: badkamer!,
      tuin: tuin!,
      dakgoot: dakgoot!,
      schilder: schilder!,
      winkel: winkel!,
      oldest: orders[13]!,
    },
    today,
    thisMonth: (day) => dayThisMonth(today, day),
  };
}
