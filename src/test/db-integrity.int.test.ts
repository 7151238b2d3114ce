import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import { buildTestApp, testDeps } from './context';
import { openTestDatabase, type TestDatabase } from './db';
import { integrityProblems } from './db-integrity';
import { createCapturingMailer } from './mailer';
import { insertCustomer, orderPayload } from './orders-fixtures';
import { createSignedInUser } from './users';

/** The hostile tests' integrity checks hold for orders as the app stores them, and catch broken ones. */
describe('integrityProblems', () => {
  let database: TestDatabase;
  let orderId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const { user, token } = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, user.id);
    const made = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: orderPayload(customer.id, {
        items: [...orderPayload(customer.id).items, { description: 'Verlegd', price: 10, vat: 'verlegd' }],
      }),
    });
    expect(made.statusCode, made.body).toBe(200);
    orderId = made.json()._id;
    await app.close();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('finds nothing wrong with what the app stored', async () => {
    expect(await integrityProblems(database.db)).toEqual([]);
  });

  const rulesOf = (problems: string[]) => problems.map((p) => p.slice(0, p.indexOf(': [')));

  /** What the checks find after `change`, which is rolled back again. */
  async function problemsAfter(change: (tx: Tx) => Promise<unknown>): Promise<string[]> {
    let found: string[] = [];
    try {
      await database.db.transaction(async (tx) => {
        await change(tx);
        found = await integrityProblems(tx);
        tx.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
    return found;
  }

  it.each([
    [
      'a total off by a cent',
      sql`update orders set total = total + 0.01`,
      'an order whose total is not subtotal + VAT',
    ],
    [
      'VAT off by a cent',
      sql`update orders set vat = vat + 0.01, total = total + 0.01`,
      'an order whose VAT does not follow from its lines',
    ],
    [
      'a line total that is not quantity × price',
      sql`update order_items set total = total + 1 where position = 0`,
      'a line whose total is not quantity × price rounded to the cent',
    ],
    [
      'a subtotal that is not the sum of the lines',
      sql`update order_items set price = price + 1, total = total + quantity where position = 1`,
      'an order whose subtotal is not the sum of its lines',
    ],
    ['an order without lines', sql`delete from order_items`, 'an order without lines'],
    [
      'a customer without a name',
      sql`update customers set name = ' '`,
      'a customer without name, company or e-mail address',
    ],
    [
      'an idempotency key left pending',
      sql`insert into idempotency_keys (organization_id, key, operation, request_hash) select id, 'k', 'orders.create', 'h' from organizations`,
      'an idempotency key left pending',
    ],
  ])('reports %s', async (_label, change, rule) => {
    const problems = await problemsAfter((tx) => tx.execute(change));
    expect(rulesOf(problems)).toContain(rule);
    expect(await integrityProblems(database.db)).toEqual([]);
  });

  it('reports month totals that disagree with the orders (a change the trigger did not see)', async () => {
    const problems = await problemsAfter(async (tx) => {
      await tx.execute(sql`alter table orders disable trigger orders_month_totals_update`);
      await tx.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
    });
    expect(rulesOf(problems)).toEqual(['order_month_totals disagreeing with the orders']);
  });
});
