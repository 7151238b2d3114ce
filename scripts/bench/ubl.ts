/**
 * The UBL part of `npm run bench` (BENCH_PARTS=ubl): the Peppol UBL file of a 120-line order
 * (services/orders/ubl), timed two ways.
 *   1. Generating it: the order record and the company in memory, worked into the document and
 *      written as XML — what the target is about: p95 ≤ 20 ms.
 *   2. orderUbl as the route calls it, on an in-memory PGlite database: reading the order, its lines,
 *      the company and the PDF settings, then generating. For reference, no target.
 * Optional: BENCH_UBL_RUNS (default 300; --quick 100).
 */

import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { organizations, users } from '../../src/db/schema';
import { createCustomer } from '../../src/server/services/customers/customers';
import { orderUbl } from '../../src/server/services/orders/order-ubl';
import { createOrder } from '../../src/server/services/orders/orders';
import { ublOrderDocument } from '../../src/server/services/orders/ubl/document';
import { ublOrderXml } from '../../src/server/services/orders/ubl/xml';
import { createOrganization } from '../../src/server/services/organizations/memberships';
import { customerInput } from '../../src/shared/schemas/customer';
import { orderInput } from '../../src/shared/schemas/order';
import { BELGIAN_CUSTOMER, DELIVERY_ORDER, longLines } from '../../src/test/document-fixtures';
import { ublOrder, ublSeller } from '../../src/test/ubl-fixtures';
import type { SectionBody } from './section';
import { type Summary, summarize } from './stats';
import { check } from './targets';

export const TARGET_UBL_P95_MS = 20;
const LINES = 120;
/** The longest description an order line takes (shared/schemas/order.ts). */
const DESCRIPTION_MAX = 500;
const WARM_UP = 20;

function timeRuns(runs: number, run: () => unknown): number[] {
  for (let i = 0; i < WARM_UP; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times;
}

/** 120 lines, every tenth with a description as long as an order line takes. */
const benchLines = () =>
  longLines(LINES).map((line) => ({ ...line, description: line.description.slice(0, DESCRIPTION_MAX) }));

/** The order with those lines, a Belgian customer, a delivery address and remarks. */
const benchOrder = () =>
  ublOrder({
    items: benchLines(),
    customerSnapshot: { ...BELGIAN_CUSTOMER, kvkNumber: '' },
    deliveryDate: DELIVERY_ORDER.deliveryDate,
    deliveryAddress: DELIVERY_ORDER.deliveryAddress,
    notes: DELIVERY_ORDER.notes,
  });

/** orderUbl end to end on an in-memory database, the same 120 lines. */
async function timeOrderUbl(runs: number): Promise<number[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'bench@voorbeeld.nl', passwordHash: '-', name: 'Bench' })
      .returning();
    const { id: organizationId } = await createOrganization(db, user!.id, {
      name: 'Bench B.V.',
      profileCompleted: false,
    });
    await db
      .update(organizations)
      .set({ kvkNumber: '34123456', btwNumber: 'NL001234567B01', bankAccount: 'NL91ABNA0417164300' })
      .where(eq(organizations.id, organizationId));
    const customer = await createCustomer(
      db,
      organizationId,
      customerInput.parse({ ...BELGIAN_CUSTOMER, country: 'België' }),
      new Date(),
    );
    const order = await createOrder(
      db,
      organizationId,
      orderInput.parse({
        customer: customer._id,
        items: benchLines().map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unit: line.unit,
          price: line.priceCents / 100,
          vat: line.vat,
        })),
        deliveryDate: DELIVERY_ORDER.deliveryDate,
        deliveryAddress: DELIVERY_ORDER.deliveryAddress,
        notes: DELIVERY_ORDER.notes,
      }),
      new Date(),
    );
    const tenant = { organizationId };
    for (let i = 0; i < WARM_UP; i++) await orderUbl(db, tenant, order.id);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await orderUbl(db, tenant, order.id);
      times.push(performance.now() - t0);
    }
    return times;
  } finally {
    await database.close();
  }
}

const row = (label: string, s: Summary) => [label, s.runs, s.p50, s.p95, s.p99, s.max];

export async function benchUbl(opts: { quick: boolean }): Promise<SectionBody> {
  const runs = Number(process.env.BENCH_UBL_RUNS ?? (opts.quick ? 100 : 300));
  const order = benchOrder();
  const seller = ublSeller();
  const xml = ublOrderXml(ublOrderDocument(order, seller, true));
  const generate = summarize(timeRuns(runs, () => ublOrderXml(ublOrderDocument(order, seller, true))));
  const endToEnd = summarize(await timeOrderUbl(runs));
  const section = 'UBL';
  return {
    data: { lines: LINES, runs, bytes: Buffer.byteLength(xml), generate, endToEnd },
    tables: [
      {
        title: `Peppol UBL-bestand van een order met ${LINES} regels (${Math.round(Buffer.byteLength(xml) / 1024)} KB)`,
        columns: ['wat', 'keer', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        rows: [
          row('genereren (order en bedrijf in het geheugen)', generate),
          row('orderUbl: lezen (PGlite in het geheugen) en genereren', endToEnd),
        ],
      },
    ],
    targets: [check(section, `genereren, ${LINES} regels, p95`, generate.p95, '<=', TARGET_UBL_P95_MS, 'ms')],
    notes: [
      'Genereren: ublOrderDocument (partijen, regels, bedragen uit money.ts) en ublOrderXml (de eigen XML-schrijver), na een opwarmronde, na elkaar in één proces.',
    ],
  };
}
