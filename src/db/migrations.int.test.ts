import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { migrationsUpTo } from '../test/migrations-up-to';

let database: TestDatabase;
let partial: string;
beforeAll(async () => {
  partial = migrationsUpTo('0004_outbox_sender');
  database = await openTestDatabase({ migrationsFolder: partial });
});
afterAll(async () => {
  await database.close();
  fs.rmSync(partial, { recursive: true, force: true });
});

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

describe('migration 0005: customer snapshots for orders written before it', () => {
  it("gives each existing order its customer's current data, and none to an order whose customer is gone", async () => {
    const db = database.db;
    await db.execute(sql`insert into users (id, email, password_hash, name, company)
      values ('00000000-0000-4000-8000-000000000001', 'a@b.nl', 'x', 'Anna', 'Anna BV'),
             ('00000000-0000-4000-8000-000000000002', 'c@d.nl', 'x', 'Cees', 'Cees BV')`);
    await db.execute(sql`insert into customers (id, user_id, name, company, contact_person, email, address, postal_code, city, country, btw_number)
      values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'Jan', 'Jansen BV', 'Jan Jansen', 'jan@jansen.nl', 'Dorpsstraat 1', '1234 AB', 'Utrecht', 'Nederland', 'NL123456789B01')`);
    await db.execute(sql`insert into orders (id, user_id, order_number, customer_id, subtotal, vat, total)
      values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'INK-1', '00000000-0000-4000-8000-0000000000c1', '10.00', '2.10', '12.10'),
             ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'INK-2', null, '10.00', '2.10', '12.10'),
             ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000002', 'INK-1', '00000000-0000-4000-8000-0000000000c1', '10.00', '2.10', '12.10')`);

    await database.migrate();

    // Since organisations, each account's orders belong to the organisation of the account's own id.
    const result = await rows<{ order_number: string; user_id: string; customer_snapshot: unknown }>(
      sql`select order_number, organization_id as user_id, customer_snapshot from orders order by organization_id, order_number`,
    );
    expect(result).toEqual([
      {
        order_number: 'INK-1',
        user_id: '00000000-0000-4000-8000-000000000001',
        customer_snapshot: {
          name: 'Jan',
          company: 'Jansen BV',
          contactPerson: 'Jan Jansen',
          email: 'jan@jansen.nl',
          address: 'Dorpsstraat 1',
          postalCode: '1234 AB',
          city: 'Utrecht',
          country: 'Nederland',
          btwNumber: 'NL123456789B01',
        },
      },
      { order_number: 'INK-2', user_id: '00000000-0000-4000-8000-000000000001', customer_snapshot: null },
      // Another user's order pointing at this customer (never made by the app) gets nothing of it.
      { order_number: 'INK-1', user_id: '00000000-0000-4000-8000-000000000002', customer_snapshot: null },
    ]);
  });
});

describe('migration 0006: orders keep the id of a deleted customer; missing snapshots filled and searchable', () => {
  let before0006: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo('0005_pdf_and_customer_snapshot');
    before0006 = await openTestDatabase({ migrationsFolder: folder });
  });
  afterAll(async () => {
    await before0006.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('snapshots an order saved without one, and a later customer delete leaves the order its id', async () => {
    const db = before0006.db;
    const select = async () => {
      const result = (await db.execute(
        sql`select order_number, customer_id, customer_snapshot->>'company' as company, customer_search from orders order by order_number`,
      )) as unknown as Record<string, unknown>[] | { rows: Record<string, unknown>[] };
      return Array.isArray(result) ? result : result.rows;
    };
    await db.execute(sql`insert into users (id, email, password_hash, name, company)
      values ('00000000-0000-4000-8000-000000000001', 'a@b.nl', 'x', 'Anna', 'Anna BV')`);
    await db.execute(sql`insert into customers (id, user_id, name, company, email)
      values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'Jan', 'Jansen BV', 'jan@jansen.nl')`);
    // INK-1 was saved after 0005 by code that wrote no snapshot; INK-2 lost its customer before 0005.
    await db.execute(sql`insert into orders (id, user_id, order_number, customer_id, subtotal, vat, total)
      values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'INK-1', '00000000-0000-4000-8000-0000000000c1', '10.00', '2.10', '12.10'),
             ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'INK-2', null, '10.00', '2.10', '12.10')`);

    await before0006.migrate();
    await db.execute(sql`delete from customers where id = '00000000-0000-4000-8000-0000000000c1'`);

    expect(await select()).toEqual([
      {
        order_number: 'INK-1',
        customer_id: '00000000-0000-4000-8000-0000000000c1',
        company: 'Jansen BV',
        customer_search: 'jan\njansen bv',
      },
      { order_number: 'INK-2', customer_id: null, company: null, customer_search: null },
    ]);
  });
});

describe('migrations 0008–0010: trigram search indexes and order_month_totals on an existing database', () => {
  let before0008: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo('0007_email_templates_and_order_emails');
    before0008 = await openTestDatabase({ migrationsFolder: folder });
  });
  afterAll(async () => {
    await before0008.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('counts the orders already there per Amsterdam month and status, and keeps counting afterwards', async () => {
    const db = before0008.db;
    const select = async (query: ReturnType<typeof sql>) => {
      const result = (await db.execute(query)) as unknown as
        | Record<string, unknown>[]
        | { rows: Record<string, unknown>[] };
      return Array.isArray(result) ? result : result.rows;
    };
    await db.execute(sql`insert into users (id, email, password_hash, name, company)
      values ('00000000-0000-4000-8000-000000000001', 'a@b.nl', 'x', 'Anna', 'Anna BV')`);
    // 31 March 22:30 UTC is already 1 April in Amsterdam (summer time).
    await db.execute(sql`insert into orders (user_id, order_number, date, status, customer_snapshot, subtotal, vat, total)
      values ('00000000-0000-4000-8000-000000000001', 'INK-1', '2026-03-10T10:00:00Z', 'paid', '{"name":"Jan","company":"Jansen Bouw"}', '10.00', '2.10', '12.10'),
             ('00000000-0000-4000-8000-000000000001', 'INK-2', '2026-03-31T22:30:00Z', 'paid', null, '1.00', '0.21', '1.21'),
             ('00000000-0000-4000-8000-000000000001', 'INK-3', '2026-04-02T10:00:00Z', 'paid', null, '2.00', '0.00', '2.00'),
             ('00000000-0000-4000-8000-000000000001', 'INK-4', '2026-04-03T10:00:00Z', 'concept', null, '5.00', '0.00', '5.00')`);

    await before0008.migrate();

    // The subtotals (excl. VAT) too: filled in for the months already there by a later migration.
    const totals = sql`select month::text as month, status, orders, total::text as total, subtotal::text as subtotal
      from order_month_totals order by month, status`;
    expect(await select(totals)).toEqual([
      { month: '2026-03-01', status: 'paid', orders: 1, total: '12.10', subtotal: '10.00' },
      { month: '2026-04-01', status: 'concept', orders: 1, total: '5.00', subtotal: '5.00' },
      { month: '2026-04-01', status: 'paid', orders: 2, total: '3.21', subtotal: '3.00' },
    ]);
    expect(await select(sql`select extname from pg_extension where extname = 'pg_trgm'`)).toEqual([
      { extname: 'pg_trgm' },
    ]);

    await db.execute(sql`update orders set status = 'sent' where order_number = 'INK-4'`);
    await db.execute(sql`delete from orders where order_number = 'INK-1'`);
    expect(await select(totals)).toEqual([
      { month: '2026-03-01', status: 'paid', orders: 0, total: '0.00', subtotal: '0.00' },
      { month: '2026-04-01', status: 'concept', orders: 0, total: '0.00', subtotal: '0.00' },
      { month: '2026-04-01', status: 'paid', orders: 2, total: '3.21', subtotal: '3.00' },
      { month: '2026-04-01', status: 'sent', orders: 1, total: '5.00', subtotal: '5.00' },
    ]);
    // Deleting the organisation takes its rows along (the cascade and the delete trigger do not collide).
    await db.execute(sql`delete from organizations where id = '00000000-0000-4000-8000-000000000001'`);
    expect(await select(totals)).toEqual([]);
  });
});
