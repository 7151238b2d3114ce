import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * What must hold of the stored data whatever requests came in: no half-stored object, no
 * total that disagrees with its lines, no record without what the schema (src/db/schema) and the
 * services require of it. Each check is a query for the rows that break it; the hostile tests run
 * them after every request.
 */
const CHECKS: Record<string, SQL> = {
  'an order without lines': sql`
    select o.id, o.order_number from orders o
    where not exists (select 1 from order_items i where i.order_id = o.id)`,
  // round() on numeric rounds half away from zero, the rule of shared/money.ts.
  'a line whose total is not quantity × price rounded to the cent': sql`
    select id, order_id, quantity, price, total from order_items where total <> round(quantity * price, 2)`,
  'a line with an empty description or a price of 0 or less': sql`
    select id, order_id, description, price from order_items where btrim(description) = '' or price <= 0`,
  'lines not numbered 0, 1, 2, … within their order': sql`
    select order_id from order_items group by order_id
    having min(position) <> 0 or max(position) <> count(*) - 1`,
  'an order whose subtotal is not the sum of its lines': sql`
    select o.id, o.subtotal, sum(i.total) as lines from orders o join order_items i on i.order_id = o.id
    group by o.id, o.subtotal having o.subtotal <> sum(i.total)`,
  // VAT per rate on the rate's summed base, rounded half up to cents (shared/money.ts); none when
  // the order is btw verlegd or the line's rate is 0 or verlegd.
  'an order whose VAT does not follow from its lines': sql`
    select o.id, o.vat, o.btw_verlegd from orders o
    where o.vat <> case when o.btw_verlegd then 0 else (
      select coalesce(sum(round(base * rate::numeric / 100, 2)), 0) from (
        select i.vat as rate, sum(i.total) as base from order_items i
        where i.order_id = o.id and i.vat in ('21', '9') group by i.vat
      ) per_rate
    ) end`,
  'an order whose total is not subtotal + VAT': sql`
    select id, subtotal, vat, total from orders where total <> subtotal + vat`,
  'an order without a number, or with a customer but no snapshot of it': sql`
    select id from orders
    where btrim(order_number) = '' or (customer_id is not null and customer_snapshot is null)`,
  'order_month_totals disagreeing with the orders': sql`
    select coalesce(t.organization_id, o.organization_id) as organization_id, coalesce(t.month, o.month) as month,
           coalesce(t.status, o.status) as status, t.orders as kept, o.orders as counted,
           t.total as kept_total, o.total as counted_total
    from (select * from order_month_totals where orders <> 0 or total <> 0) t
    full join (
      select organization_id, date_trunc('month', date at time zone 'Europe/Amsterdam')::date as month, status,
             count(*)::integer as orders, sum(total) as total
      from orders group by 1, 2, 3
    ) o on o.organization_id = t.organization_id and o.month = t.month and o.status = t.status
    where t.orders is distinct from o.orders or t.total is distinct from o.total`,
  'a customer without name, company or e-mail address': sql`
    select id, name, company, email from customers
    where btrim(name) = '' or btrim(company) = '' or btrim(email) = ''`,
  'a user without name or e-mail address': sql`
    select id from users where btrim(name) = '' or btrim(email) = ''`,
  'an organisation without a company name': sql`select id from organizations where btrim(name) = ''`,
  'an organisation without exactly one owner': sql`
    select o.id from organizations o
    where (select count(*) from memberships m where m.organization_id = o.id and m.role = 'owner') <> 1`,
  'an e-mail template without name, subject or content': sql`
    select id from email_templates where btrim(name) = '' or btrim(subject) = '' or btrim(content) = ''`,
  'a webhook without an address or events': sql`
    select id from webhook_subscriptions where btrim(url) = '' or cardinality(events) = 0`,
  'an API key without a name': sql`select id from api_keys where btrim(name) = ''`,
  'a PDF file whose size is not its content length': sql`
    select id from pdf_files where size <> octet_length(content)`,
  // A request that ended must have finished its key: a pending one makes every retry wait and fail.
  'an idempotency key left pending': sql`
    select organization_id, key, operation from idempotency_keys where state = 'pending'`,
};

const rowsOf = (result: unknown): { rule: string; row: unknown }[] =>
  Array.isArray(result) ? result : (result as { rows: { rule: string; row: unknown }[] }).rows;

/**
 * Every broken rule with (up to 5 of) the rows that break it; empty when all is well. One statement
 * for all checks: it runs after every fuzzed request.
 */
export async function integrityProblems(db: DbOrTx): Promise<string[]> {
  const parts = Object.entries(CHECKS).map(
    ([rule, query]) => sql`(select ${rule}::text as rule, to_jsonb(t) as row from (${query} limit 5) t)`,
  );
  const rows = rowsOf(await db.execute(sql.join(parts, sql` union all `)));
  const byRule = new Map<string, unknown[]>();
  for (const { rule, row } of rows) byRule.set(rule, [...(byRule.get(rule) ?? []), row]);
  return [...byRule].map(([rule, found]) => `${rule}: ${JSON.stringify(found)}`);
}
