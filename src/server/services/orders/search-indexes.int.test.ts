import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbOrTx } from '../../../db/client';
import { customers, orders } from '../../../db/schema';
import { customerInput } from '../../../shared/schemas/customer';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { customerSearchCondition, listCustomers, updateCustomer } from '../customers/customers';
import { createOrder } from './orders';
import { listOrdersPage, searchCondition } from './orders-list';

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * The plan Postgres makes for `where` when it may not scan the table nor walk a btree index: only an
 * index on the searched expressions can then answer. Small test tables would otherwise be scanned.
 */
async function forcedPlan(db: Db, table: typeof orders | typeof customers, where: SQL | undefined) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const plan = await rows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select count(*) from ${table} where ${where}`,
    );
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('search through the trigram indexes (pg_trgm)', () => {
  let database: TestDatabase;
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    userId = (await createSignedInUser(db)).user.id;
  });
  afterAll(() => database.close());

  it('the order search is answered by the trigram indexes of number, project and snapshot', async () => {
    const plan = await forcedPlan(db, orders, searchCondition('jansen'));
    expect(plan).toContain('orders_org_number_trgm_idx');
    expect(plan).toContain('orders_org_project_trgm_idx');
    expect(plan).toContain('orders_org_customer_search_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("every trigram index of the orders leads with the organisation, so a search reads that organisation's candidates only", async () => {
    const indexes = await rows<{ name: string; definition: string }>(
      db,
      sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'orders' and indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'orders_org_customer_search_trgm_idx',
      'orders_org_number_trgm_idx',
      'orders_org_project_trgm_idx',
    ]);
    for (const index of indexes) expect(index.definition).toMatch(/USING gin \(organization_id, /);
  });

  it('the customer search is answered by the trigram indexes of name, company, e-mail and city', async () => {
    const plan = await forcedPlan(db, customers, customerSearchCondition('utrecht'));
    for (const index of ['name', 'company', 'email', 'city'])
      expect(plan).toContain(`customers_${index}_trgm_idx`);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('finds an order by the name it was written for after the customer was renamed', async () => {
    const customer = await insertCustomer(db, userId, { name: 'Henk Oudenaller', company: 'Oudenaller Dak' });
    const order = await createOrder(db, userId, parsedOrder(customer.id, { project: 'Dakgoot' }), new Date());
    await updateCustomer(
      db,
      userId,
      customer.id,
      customerInput.parse({ name: 'Henk Nieuwland', company: 'Nieuwland Dak', email: 'henk@nieuwland.nl' }),
      new Date(),
    );
    const search = (text: string) => listOrdersPage(db, userId, { search: text, now: new Date(), userId });
    expect((await search('oudenaller')).items.map((o) => o.id)).toEqual([order.id]);
    expect((await search('OUDENALLER DAK')).total).toBe(1);
    expect((await search('nieuwland')).total).toBe(0);
    // The customer list searches the customer as it is now.
    expect((await listCustomers(db, userId, { search: 'nieuwland' })).items.map((c) => c._id)).toEqual([
      customer.id,
    ]);
    expect((await listCustomers(db, userId, { search: 'oudenaller' })).total).toBe(0);
  });

  it('fragments shorter than a trigram still find what contains them, exactly', async () => {
    const customer = await insertCustomer(db, userId, { name: 'Xi Qa', company: 'Qa Xi' });
    const made: { id: string }[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await createOrder(db, userId, parsedOrder(customer.id, { project: `P${i}` }), new Date()));
    const all = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber, project: orders.project })
      .from(orders)
      .where(eq(orders.organizationId, userId));
    const containing = (text: string) =>
      all
        .filter(
          (o) =>
            o.orderNumber.toLowerCase().includes(text) ||
            o.project.toLowerCase().includes(text) ||
            made.some((m) => m.id === o.id && ['xi qa', 'qa xi'].some((n) => n.includes(text))),
        )
        .map((o) => o.id)
        .sort();
    for (const text of ['1', '10', '-1', '11', 'p1', 'xi', 'q', '%']) {
      const page = await listOrdersPage(db, userId, { search: text, pageSize: 100, now: new Date(), userId });
      expect({ text, ids: page.items.map((o) => o.id).sort() }).toEqual({ text, ids: containing(text) });
      expect(page.total).toBe(containing(text).length);
    }
    expect(containing('10').length).toBeGreaterThan(0);
  });
});
