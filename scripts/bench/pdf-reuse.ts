/**
 * The reused PDF: orderPdf for an order whose stored file still fits (nothing changed), on an
 * in-memory database — reading the order, profile and settings, rendering the HTML and hashing it,
 * without printing. Target: p50 ≤ 10 ms.
 */
import pino from 'pino';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { createCustomer } from '../../src/server/services/customers/customers';
import { createOrder } from '../../src/server/services/orders/orders';
import { createOrganization } from '../../src/server/services/organizations/memberships';
import { orderPdf } from '../../src/server/services/pdf/order-pdf';
import type { Printer } from '../../src/server/services/pdf/printer';
import { customerInput } from '../../src/shared/schemas/customer';
import { orderInput } from '../../src/shared/schemas/order';

export const TARGET_REUSED_MS = 10;

export async function benchReusedPdf(printer: Printer, runs: number): Promise<number[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'bench@voorbeeld.nl', passwordHash: '-', name: 'Bench' })
      .returning();
    const { id: userId } = await createOrganization(db, user!.id, {
      name: 'Bench B.V.',
      profileCompleted: false,
    });
    const customer = await createCustomer(
      db,
      userId,
      customerInput.parse({
        name: 'Petra Jansen',
        company: 'Jansen Bouw B.V.',
        email: 'petra@jansenbouw.nl',
      }),
      new Date(),
    );
    const order = await createOrder(
      db,
      userId,
      orderInput.parse({
        customer: customer._id,
        items: Array.from({ length: 12 }, (_, i) => ({
          description: `Artikel ${i + 1}`,
          quantity: i + 1,
          unit: 'stuk',
          price: 10 + i,
          vat: 21,
        })),
      }),
      new Date(),
    );
    const deps = { db, printer, log: pino({ level: 'silent' }), now: () => new Date() };
    await orderPdf(deps, userId, order.id); // printed and stored once
    const times: number[] = [];
    for (let i = 0; i < runs + 5; i++) {
      const t0 = performance.now();
      const pdf = await orderPdf(deps, userId, order.id);
      if (!pdf.reused) throw new Error('the unchanged order was printed again');
      if (i >= 5) times.push(performance.now() - t0);
    }
    return times;
  } finally {
    await database.close();
  }
}
