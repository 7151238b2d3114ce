import type { DbOrTx } from '../db/client';
import { customers } from '../db/schema';
import { type OrderInput, orderInput } from '../shared/schemas/order';

/** A customer of the organisation, straight in the database. */
export async function insertCustomer(
  db: DbOrTx,
  organizationId: string,
  fields: Partial<typeof customers.$inferInsert> = {},
): Promise<{ id: string; name: string; company: string }> {
  const [row] = await db
    .insert(customers)
    .values({
      organizationId,
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      email: 'petra@jansenbouw.nl',
      ...fields,
    })
    .returning({ id: customers.id, name: customers.name, company: customers.company });
  return row!;
}

/** A valid order payload as the form sends it (override any field). */
export function orderPayload(customer: string, overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    customer,
    project: 'Verbouwing kantoor',
    reference: 'REF-1',
    items: [
      { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: '199.99', vat: 21 },
      { description: 'Montage', quantity: 2, unit: 'uur', price: '45,50', vat: 21 },
      { description: 'Handboek', quantity: 1, unit: 'stuk', price: 12.5, vat: 9 },
    ],
    status: 'concept',
    paymentTerm: 30,
    btwVerlegd: false,
    ...overrides,
  };
}

/** The same payload parsed, as the service receives it from the router. */
export const parsedOrder = (customer: string, overrides: Partial<OrderInput> = {}) =>
  orderInput.parse(orderPayload(customer, overrides));
