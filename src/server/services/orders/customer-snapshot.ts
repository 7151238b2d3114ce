import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type CustomerRow, customers } from '../../../db/schema';
import type { CustomerSnapshot, StoredCustomerSnapshot } from '../../../shared/order-record';
import { isUuid } from '../../db-helpers';

/** The part of a customer an order keeps (shared/order-record.ts, CustomerSnapshot). */
export function toCustomerSnapshot(c: Pick<CustomerRow, keyof CustomerSnapshot>): CustomerSnapshot {
  return {
    name: c.name,
    company: c.company,
    contactPerson: c.contactPerson,
    email: c.email,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country,
    kvkNumber: c.kvkNumber,
    btwNumber: c.btwNumber,
  };
}

/**
 * A snapshot as stored (the order's row, a link's document) as the read model has it. One saved
 * before the KVK number was kept has no such key and reads as a customer without one: the stored
 * snapshots stay as they were written.
 */
export function customerSnapshotOf(stored: StoredCustomerSnapshot): CustomerSnapshot {
  return toCustomerSnapshot({ ...stored, kvkNumber: stored.kvkNumber ?? '' });
}

export type OwnedCustomer = { id: string; snapshot: CustomerSnapshot };

/** One of the organisation's own customers as an order will show it; null when missing, foreign or not an id. */
export async function findOwnedCustomer(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<OwnedCustomer | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)))
    .limit(1);
  return row ? { id: row.id, snapshot: toCustomerSnapshot(row) } : null;
}
