import { and, asc, count, eq, gte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { customers } from '../../../db/schema';
import type { CustomerApiListQuery } from '../../../shared/schemas/api-list';
import type { Customer } from '../../../shared/schemas/customer';
import { customerSearchCondition, listOrder, toCustomers } from './customers';

/**
 * `GET /api/customers` with an integrator's parameters. Without `updatedSince` in the
 * spec's order (company, name, id); with it, least recently changed first (customers_org_updated_idx),
 * so a change made while an integrator pages lands at the end instead of shifting the pages it has
 * not read yet. `total` (every match) is counted only for a page (`limit`).
 */
export async function listCustomersForApi(
  db: DbOrTx,
  organizationId: string,
  q: CustomerApiListQuery,
): Promise<{ customers: Customer[]; total: number | null }> {
  const search = q.search?.trim();
  const where: SQL | undefined = and(
    eq(customers.organizationId, organizationId),
    search ? customerSearchCondition(search) : undefined,
    q.updatedSince ? gte(customers.updatedAt, new Date(q.updatedSince)) : undefined,
  );
  const order = q.updatedSince ? [asc(customers.updatedAt), asc(customers.id)] : listOrder;
  const rows = db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...order)
    .offset(q.offset ?? 0);
  if (q.limit === undefined) return { customers: await toCustomers(db, await rows), total: null };
  const [page, [counted]] = await Promise.all([
    rows.limit(q.limit),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { customers: await toCustomers(db, page), total: counted?.total ?? 0 };
}
