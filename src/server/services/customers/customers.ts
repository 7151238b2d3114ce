import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type CustomerRow, customers, orders } from '../../../db/schema';
import type { Customer, CustomerInputData } from '../../../shared/schemas/customer';
import { isUuid, likePattern } from '../../db-helpers';
import { notFound } from '../../errors';
import { actorIds, type People, peopleByIds, personOf } from '../organizations/people';
import { emitWebhookEvent } from '../webhooks/events';
import { CUSTOMER_NOT_FOUND } from './messages';

/** `people` holds at least the names of the row's createdBy and updatedBy (peopleByIds). */
export function toCustomer(c: CustomerRow, people: People): Customer {
  return {
    _id: c.id,
    name: c.name,
    company: c.company,
    contactPerson: c.contactPerson,
    email: c.email,
    phone: c.phone,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country,
    kvkNumber: c.kvkNumber,
    btwNumber: c.btwNumber,
    active: c.active,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    createdBy: personOf(people, c.createdBy),
    updatedBy: personOf(people, c.updatedBy),
  };
}

/** Rows with the names of who created and changed them: one lookup for the whole list. */
export async function toCustomers(db: DbOrTx, rows: readonly CustomerRow[]): Promise<Customer[]> {
  const people = await peopleByIds(db, actorIds(rows));
  return rows.map((row) => toCustomer(row, people));
}

const toCustomerWithPeople = async (db: DbOrTx, row: CustomerRow): Promise<Customer> =>
  (await toCustomers(db, [row]))[0]!;

export type ListCustomersParams = {
  search?: string | undefined;
  activeOnly?: boolean;
  page?: number;
  pageSize?: number;
};

/** Name, company, e-mail or city contains the text, any case; each has a trigram index (schema/customers.ts). */
export function customerSearchCondition(search: string): SQL | undefined {
  const p = likePattern(search);
  return or(
    ilike(customers.name, p),
    ilike(customers.company, p),
    ilike(customers.email, p),
    ilike(customers.city, p),
  );
}

function listFilter(organizationId: string, params: ListCustomersParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(customers.organizationId, organizationId)];
  if (params.activeOnly) conditions.push(eq(customers.active, true));
  const search = params.search?.trim();
  if (search) conditions.push(customerSearchCondition(search));
  return and(...conditions);
}

export const listOrder = [
  asc(sql`lower(${customers.company})`),
  asc(sql`lower(${customers.name})`),
  asc(customers.id),
];

export async function listCustomers(db: DbOrTx, organizationId: string, params: ListCustomersParams = {}) {
  const where = listFilter(organizationId, params);
  const pageSize = params.pageSize ?? 50;
  const page = params.page ?? 1;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...listOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { items: await toCustomers(db, rows), total: Number(totalRow?.total ?? 0), page, pageSize };
}

/** Every customer of the organisation, for the REST list of §7 (a plain array). */
export async function listAllCustomers(db: DbOrTx, organizationId: string): Promise<Customer[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(eq(customers.organizationId, organizationId))
    .orderBy(...listOrder);
  return toCustomers(db, rows);
}

async function findOwned(db: DbOrTx, organizationId: string, id: string): Promise<CustomerRow> {
  if (!isUuid(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

export async function getCustomer(db: DbOrTx, organizationId: string, id: string): Promise<Customer> {
  return toCustomerWithPeople(db, await findOwned(db, organizationId, id));
}

export async function createCustomer(
  db: DbOrTx,
  organizationId: string,
  input: CustomerInputData,
  now: Date,
  actorId: string | null = null,
): Promise<Customer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        ...input,
        organizationId,
        createdAt: now,
        updatedAt: now,
        createdBy: actorId,
        updatedBy: actorId,
      })
      .returning();
    const customer = await toCustomerWithPeople(tx, row!);
    await emitWebhookEvent(tx, organizationId, 'customer.created', async () => customer, now);
    return customer;
  });
}

export async function updateCustomer(
  db: DbOrTx,
  organizationId: string,
  id: string,
  input: CustomerInputData,
  now: Date,
  actorId: string | null = null,
): Promise<Customer> {
  if (!isUuid(id)) throw notFound(CUSTOMER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ ...input, updatedAt: now, updatedBy: actorId })
      .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)))
      .returning();
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    const customer = await toCustomerWithPeople(tx, row);
    await emitWebhookEvent(tx, organizationId, 'customer.updated', async () => customer, now);
    return customer;
  });
}

/**
 * How many of the organisation's orders were written for this customer: the delete confirmation says so, and
 * that those orders keep the customer's details from their snapshot.
 */
export async function countCustomerOrders(db: DbOrTx, organizationId: string, id: string): Promise<number> {
  await findOwned(db, organizationId, id);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.customerId, id)));
  return row?.n ?? 0;
}

/** The `customer.deleted` event carries the customer as it was just before. */
export async function deleteCustomer(
  db: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<void> {
  if (!isUuid(id)) throw notFound(CUSTOMER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(customers)
      .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)))
      .returning();
    if (deleted.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
    await emitWebhookEvent(
      tx,
      organizationId,
      'customer.deleted',
      () => toCustomerWithPeople(tx, deleted[0]!),
      now,
    );
  });
}
