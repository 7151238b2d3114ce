/**
 * The screen calls over HTTP, one after another, exactly as the client asks them (tRPC batch GET with
 * the session cookie): the orders screen (page 1, page 200, search by text and by number fragment,
 * status filter), the dashboard's stats for month/quarter/year and the customers screen (page,
 * search). Inputs copy the screens' own: 20 orders a page (orders-params.ts), 24 customers
 * (use-customer-pages.ts), period 'all' on the orders list.
 */
import { request, type Session, trpcQueryPath } from './http-client';
import { type Summary, summarize } from './stats';

export type ScreenCall = { name: string; procedure: string; input: unknown };

const ordersInput = (extra: Record<string, unknown>) => ({ period: 'all', page: 1, pageSize: 20, ...extra });
const customersInput = (extra: Record<string, unknown>) => ({
  activeOnly: false,
  pageSize: 24,
  page: 1,
  ...extra,
});

export const SCREEN_CALLS: ScreenCall[] = [
  { name: 'orders: pagina 1', procedure: 'orders.page', input: ordersInput({}) },
  { name: 'orders: pagina 200', procedure: 'orders.page', input: ordersInput({ page: 200 }) },
  { name: 'orders: zoeken "jansen"', procedure: 'orders.page', input: ordersInput({ search: 'jansen' }) },
  {
    name: 'orders: zoeken nummer "-1234"',
    procedure: 'orders.page',
    input: ordersInput({ search: '-1234' }),
  },
  { name: 'orders: status betaald', procedure: 'orders.page', input: ordersInput({ status: 'paid' }) },
  { name: 'dashboard: stats maand', procedure: 'orders.stats', input: { period: 'month' } },
  { name: 'dashboard: stats kwartaal', procedure: 'orders.stats', input: { period: 'quarter' } },
  { name: 'dashboard: stats jaar', procedure: 'orders.stats', input: { period: 'year' } },
  { name: 'klanten: pagina 1', procedure: 'customers.page', input: customersInput({}) },
  {
    name: 'klanten: zoeken "utrecht"',
    procedure: 'customers.page',
    input: customersInput({ search: 'utrecht' }),
  },
];

export const ORDERS_PAGE_PATH = trpcQueryPath('orders.page', ordersInput({}));

export type ScreenTiming = { call: string } & Summary;

/**
 * Each call: 3 warm-ups, then up to `runs` timed calls, but no longer than `budgetMs` once 10 ran —
 * so a slow call (a sequential scan at 100 000 orders) bounds the bench's time, not the other way round.
 */
export async function benchScreens(
  baseUrl: string,
  session: Session,
  opts: { runs: number; budgetMs: number },
): Promise<ScreenTiming[]> {
  const headers = { cookie: session.cookie };
  const out: ScreenTiming[] = [];
  for (const call of SCREEN_CALLS) {
    const path = trpcQueryPath(call.procedure, call.input);
    const once = async () => {
      const t0 = performance.now();
      const reply = await request(baseUrl, path, { headers });
      const ms = performance.now() - t0;
      if (reply.status !== 200) throw new Error(`${call.name}: ${reply.status} ${reply.body.slice(0, 300)}`);
      return ms;
    };
    for (let i = 0; i < 3; i++) await once();
    const times: number[] = [];
    const start = performance.now();
    while (times.length < opts.runs && (times.length < 10 || performance.now() - start < opts.budgetMs)) {
      times.push(await once());
    }
    out.push({ call: call.name, ...summarize(times) });
  }
  return out;
}
