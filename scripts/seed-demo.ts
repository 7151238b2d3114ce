/**
 * Fills the demo account with realistic Dutch data: ~200 customers and 10 000 orders over the last two
 * years, in bulk (batched inserts, not one transaction per order). Order numbers follow the
 * numbering rules (INK-{year}-{sequence} from 1001, in date order) and the counters are set to the
 * last number used, so orders created afterwards continue the sequence. Totals come from
 * computeOrderTotals, like every saved order. Used by `npm run seed` and `npm run bench`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  type CustomerRow,
  customers,
  orderCounters,
  orderItems,
  orderSettings,
  orders,
  users,
} from '../src/db/schema';
import { toCustomerSnapshot } from '../src/server/services/orders/customer-snapshot';
import type { OrderStatus, VatRate } from '../src/shared/constants';
import { amsterdamYear } from '../src/shared/dates';
import { centsToDecimal, computeOrderTotals } from '../src/shared/money';
import { DEFAULT_ORDER_NUMBER_SETTINGS, formatOrderNumber } from '../src/shared/order-number';
import {
  COMPANY_FORMS,
  COMPANY_KINDS,
  FIRST_NAMES,
  LAST_NAMES,
  PLACES,
  PRODUCTS,
  PROJECTS,
} from './seed-data';

export const DEMO_EMAIL = 'demo@inkooporders.nl';
export const DEMO_PASSWORD = 'Demo12345!';

export type SeedOptions = { customers?: number; orders?: number; now?: Date; seed?: number };

/** mulberry32: a small deterministic PRNG, so every seed run builds the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

/** Creates the verified demo account, or returns the existing one (its password is left as it is). */
export async function ensureDemoUser(db: Db, passwordHash: () => Promise<string>): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`)
    .limit(1);
  if (existing) {
    await db.update(users).set({ isEmailVerified: true }).where(eq(users.id, existing.id));
    return existing.id;
  }
  const [row] = await db
    .insert(users)
    .values({
      email: DEMO_EMAIL,
      passwordHash: await passwordHash(),
      name: 'Demi de Demo',
      company: 'Demo Installatietechniek B.V.',
      isEmailVerified: true,
      address: 'Oudegracht 100',
      postalCode: '3511 AB',
      city: 'Utrecht',
      kvkNumber: '12345678',
      btwNumber: 'NL123456789B01',
      bankAccount: 'NL91ABNA0417164300',
      accountName: 'Demo Installatietechniek B.V.',
      bankName: 'ABN AMRO',
      phoneNumber: '+31301234567',
    })
    .returning({ id: users.id });
  return row!.id;
}

const STATUS_OLD: OrderStatus[] = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'sent', 'cancelled'];
const STATUS_RECENT: OrderStatus[] = ['concept', 'concept', 'sent', 'sent', 'sent', 'paid', 'cancelled'];
const VATS: VatRate[] = [21, 21, 21, 21, 21, 21, 21, 9, 9, 0];
const DAY = 86_400_000;

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Replaces the user's customers, orders and counters with fresh demo data. */
export async function seedDemoData(db: Db, userId: string, opts: SeedOptions = {}) {
  const customerCount = opts.customers ?? 200;
  const orderCount = opts.orders ?? 10_000;
  const now = opts.now ?? new Date();
  const rnd = random(opts.seed ?? 2026);
  const start = now.getTime() - 730 * DAY;

  await db.transaction(async (tx) => {
    await tx.delete(orders).where(eq(orders.userId, userId));
    await tx.delete(customers).where(eq(customers.userId, userId));
    await tx.delete(orderCounters).where(eq(orderCounters.userId, userId));
    await tx.delete(orderSettings).where(eq(orderSettings.userId, userId));
  });

  // Customers, created over the two years (the first 40 before the first order).
  const customerRows = Array.from({ length: customerCount }, (_, i) => {
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const place = rnd.pick(PLACES);
    const family = last.replace(/^(van der |van den |van |de )/, '');
    const company =
      `${family.charAt(0).toUpperCase()}${family.slice(1)} ${rnd.pick(COMPANY_KINDS)} ${rnd.pick(COMPANY_FORMS)}`.trim();
    const createdAt = new Date(
      i < 40 ? start - rnd.int(1, 365) * DAY : start + rnd.next() * (now.getTime() - start),
    );
    const letters = String.fromCharCode(65 + rnd.int(0, 25), 65 + rnd.int(0, 25));
    return {
      userId,
      name: `${first} ${last}`,
      company: `${company}${i >= 180 ? ` ${i}` : ''}`,
      contactPerson: `${first} ${last}`,
      email: `${first}.${family}${i}@${family.replace(/\s+/g, '').toLowerCase()}.nl`.toLowerCase(),
      phone: `+316${String(rnd.int(10_000_000, 99_999_999))}`,
      address: `${rnd.pick(place.streets)} ${rnd.int(1, 250)}`,
      postalCode: `${place.postcode + rnd.int(0, 8)} ${letters}`,
      city: place.city,
      kvkNumber: String(rnd.int(10_000_000, 99_999_999)),
      btwNumber: `NL${String(rnd.int(100_000_000, 999_999_999))}B01`,
      active: rnd.next() > 0.1,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const savedCustomers: CustomerRow[] = [];
  await insertInBatches(customerRows, 200, async (batch) => {
    savedCustomers.push(...(await db.insert(customers).values(batch).returning()));
  });
  savedCustomers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // Orders in date order, so the numbers run with the dates, restarting at 1001 each year.
  const dates = Array.from({ length: orderCount }, () => start + rnd.next() * (now.getTime() - start)).sort(
    (a, b) => a - b,
  );
  const sequenceByYear = new Map<number, number>();
  let customerLimit = 0;
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: Omit<typeof orderItems.$inferInsert, 'orderId'>[][] = [];
  for (const time of dates) {
    const date = new Date(time);
    while (customerLimit < savedCustomers.length && savedCustomers[customerLimit]!.createdAt <= date)
      customerLimit++;
    const customer = savedCustomers[rnd.int(0, Math.max(0, customerLimit - 1))]!;
    const year = amsterdamYear(date);
    const sequence = (sequenceByYear.get(year) ?? DEFAULT_ORDER_NUMBER_SETTINGS.startingNumber - 1) + 1;
    sequenceByYear.set(year, sequence);
    const btwVerlegd = rnd.next() < 0.03;
    const lines = Array.from({ length: rnd.int(1, 5) }, () => {
      const product = rnd.pick(PRODUCTS);
      const quantity = product.unit === 'stuk' ? rnd.int(1, 12) : rnd.int(1, 40);
      const priceCents = rnd.int(product.min * 100, product.max * 100);
      return { product, quantity, priceCents, vat: rnd.pick(VATS) };
    });
    const totals = computeOrderTotals(lines, btwVerlegd);
    const recent = now.getTime() - time < 45 * DAY;
    orderRows.push({
      userId,
      orderNumber: formatOrderNumber(DEFAULT_ORDER_NUMBER_SETTINGS, year, sequence),
      customerId: customer.id,
      customerSnapshot: toCustomerSnapshot(customer),
      date,
      project: rnd.pick(PROJECTS),
      reference: rnd.next() < 0.5 ? `PO-${rnd.int(10_000, 99_999)}` : '',
      paymentTerm: rnd.pick([14, 14, 14, 30, 30, 60]),
      status: rnd.pick(recent ? STATUS_RECENT : STATUS_OLD),
      btwVerlegd,
      subtotal: centsToDecimal(totals.subtotalCents),
      vat: centsToDecimal(totals.vatCents),
      total: centsToDecimal(totals.totalCents),
      createdAt: date,
      updatedAt: date,
    });
    itemRows.push(
      lines.map((l, position) => ({
        position,
        description: l.product.description,
        quantity: l.quantity,
        unit: l.product.unit,
        price: centsToDecimal(l.priceCents),
        vat: String(l.vat) as '21' | '9' | '0' | 'verlegd',
        total: centsToDecimal(totals.lines[position]!.totalCents),
      })),
    );
  }

  let items = 0;
  const batch = 500;
  for (let i = 0; i < orderRows.length; i += batch) {
    await db.transaction(async (tx) => {
      const ids = await tx
        .insert(orders)
        .values(orderRows.slice(i, i + batch))
        .returning({ id: orders.id });
      const lines = ids.flatMap(({ id }, k) => itemRows[i + k]!.map((line) => ({ ...line, orderId: id })));
      items += lines.length;
      await insertInBatches(lines, 1000, (b) => tx.insert(orderItems).values(b));
    });
  }
  if (sequenceByYear.size > 0) {
    await db
      .insert(orderCounters)
      .values([...sequenceByYear].map(([year, lastSequence]) => ({ userId, year, lastSequence })));
  }
  await db.execute(sql`analyze`);
  return { customers: savedCustomers.length, orders: orderRows.length, items };
}
