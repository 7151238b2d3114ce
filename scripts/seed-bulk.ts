/**
 * Bulk seeding for benchmarks and the demo account: realistic Dutch customers and orders, fast enough
 * for 100 000 orders. Orders and their lines are made in JavaScript — names from the word
 * lists in seed-data.ts, totals by computeOrderTotals (THE rounding rule of shared/money.ts), numbers by
 * formatOrderNumber in date order per Amsterdam year — and sent to the database as one JSON parameter
 * per batch that `json_to_recordset` turns into rows: a few statements instead of one parameter per
 * value (timings at seedBulkAccount). The counters are set to the last number used per year, so the
 * next order continues the sequence.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  type CustomerRow,
  customers,
  memberships,
  orderCounters,
  orderSettings,
  orders,
  organizations,
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

/** mulberry32: a small deterministic PRNG, so every seed run builds the same data. */
export function random(seed: number) {
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
type Random = ReturnType<typeof random>;

export const STATUS_OLD: OrderStatus[] = [
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'sent',
  'cancelled',
];
export const STATUS_RECENT: OrderStatus[] = [
  'concept',
  'concept',
  'sent',
  'sent',
  'sent',
  'paid',
  'cancelled',
];
export const VATS: VatRate[] = [21, 21, 21, 21, 21, 21, 21, 9, 9, 0];
const DAY = 86_400_000;
/** Two years back from now: the span the orders' dates are spread over. */
export const SPAN_DAYS = 730;
/** Orders per statement: ~1 MB of JSON for the orders and ~2 MB for their lines. */
const ORDER_BATCH = 5000;

export type SeedBulkOptions = {
  organizationId: string;
  orders: number;
  /** Default 200. */
  customers?: number;
  now?: Date;
  /** The PRNG seed; the same seed builds the same data. */
  seed?: number;
  /** Run ANALYZE afterwards (default true); seedOtherAccounts analyzes once at the end instead. */
  analyze?: boolean;
};

export type SeedCounts = { customers: number; orders: number; items: number };

/** Customers, created over the two years (the first 40 before the first order). */
export function makeCustomers(rnd: Random, organizationId: string, count: number, now: Date) {
  const start = now.getTime() - SPAN_DAYS * DAY;
  return Array.from({ length: count }, (_, i) => {
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
      organizationId,
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
}

/** An order as json_to_recordset reads it (column names as in the table). */
type OrderJson = {
  id: string;
  order_number: string;
  customer_id: string;
  /** Index into the batch's snapshot list. */
  c: number;
  date: string;
  project: string;
  reference: string;
  payment_term: number;
  status: OrderStatus;
  btw_verlegd: boolean;
  subtotal: string;
  vat: string;
  total: string;
};
type ItemJson = {
  order_id: string;
  position: number;
  description: string;
  quantity: number;
  unit: string;
  price: string;
  vat: string;
  total: string;
};

/**
 * The orders in date order, so the numbers run with the dates, restarting at the start number each
 * Amsterdam year; each is written for a customer that existed on its date.
 */
function makeOrders(rnd: Random, sortedCustomers: CustomerRow[], count: number, now: Date) {
  const start = now.getTime() - SPAN_DAYS * DAY;
  const dates = Array.from({ length: count }, () => start + rnd.next() * (now.getTime() - start)).sort(
    (a, b) => a - b,
  );
  const sequenceByYear = new Map<number, number>();
  let customerLimit = 0;
  const orderRows: OrderJson[] = [];
  const itemRows: ItemJson[][] = [];
  for (const time of dates) {
    const date = new Date(time);
    while (customerLimit < sortedCustomers.length && sortedCustomers[customerLimit]!.createdAt <= date)
      customerLimit++;
    const c = rnd.int(0, Math.max(0, customerLimit - 1));
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
    const id = crypto.randomUUID();
    orderRows.push({
      id,
      order_number: formatOrderNumber(DEFAULT_ORDER_NUMBER_SETTINGS, year, sequence),
      customer_id: sortedCustomers[c]!.id,
      c,
      date: date.toISOString(),
      project: rnd.pick(PROJECTS),
      reference: rnd.next() < 0.5 ? `PO-${rnd.int(10_000, 99_999)}` : '',
      payment_term: rnd.pick([14, 14, 14, 30, 30, 60]),
      status: rnd.pick(recent ? STATUS_RECENT : STATUS_OLD),
      btw_verlegd: btwVerlegd,
      subtotal: centsToDecimal(totals.subtotalCents),
      vat: centsToDecimal(totals.vatCents),
      total: centsToDecimal(totals.totalCents),
    });
    itemRows.push(
      lines.map((l, position) => ({
        order_id: id,
        position,
        description: l.product.description,
        quantity: l.quantity,
        unit: l.product.unit,
        price: centsToDecimal(l.priceCents),
        vat: String(l.vat),
        total: centsToDecimal(totals.lines[position]!.totalCents),
      })),
    );
  }
  return { orderRows, itemRows, sequenceByYear };
}

/** Inserts one batch of orders (snapshots from `snapshots` by index) and their lines. */
async function insertOrderBatch(
  db: Db,
  organizationId: string,
  snapshots: string,
  batch: OrderJson[],
  lines: ItemJson[],
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into orders (id, organization_id, order_number, customer_id, customer_snapshot, date, project,
        reference, payment_term, status, btw_verlegd, subtotal, vat, total, created_at, updated_at)
      select o.id, ${organizationId}::uuid, o.order_number, o.customer_id, ${snapshots}::jsonb -> o.c, o.date,
        o.project, o.reference, o.payment_term, o.status, o.btw_verlegd, o.subtotal, o.vat, o.total,
        o.date, o.date
      from json_to_recordset(${JSON.stringify(batch)}::json) as o(id uuid, order_number text,
        customer_id uuid, c int, date timestamptz, project text, reference text, payment_term int,
        status text, btw_verlegd boolean, subtotal numeric, vat numeric, total numeric)`);
    await tx.execute(sql`
      insert into order_items (order_id, position, description, quantity, unit, price, vat, total)
      select i.order_id, i.position, i.description, i.quantity, i.unit, i.price, i.vat, i.total
      from json_to_recordset(${JSON.stringify(lines)}::json) as i(order_id uuid, position int,
        description text, quantity int, unit text, price numeric, vat text, total numeric)`);
  });
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Runs a bulk insert without the trigram (GIN) indexes and builds them again afterwards from their own
 * definitions (as the migrations made them). Built once from sorted entries they are quick; entry by
 * entry (fastupdate off, see schema/orders.ts) they made the seed many times slower, on PGlite too
 * (docs/decisions/order-lists.md).
 */
export async function withBulkGinInserts<T>(db: Db, insert: () => Promise<T>): Promise<T> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  try {
    return await insert();
  } finally {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  }
}

/**
 * Replaces the account's customers, orders, counters and order settings (back to the defaults) with
 * `customers` customers and `orders` orders of 1–5 lines, dated over the two years before `now`.
 * How long it takes: docs/decisions/order-lists.md.
 */
export async function seedBulkAccount(db: Db, opts: SeedBulkOptions): Promise<SeedCounts> {
  return withBulkGinInserts(db, () => seedAccount(db, opts));
}

async function seedAccount(db: Db, opts: SeedBulkOptions): Promise<SeedCounts> {
  const { organizationId } = opts;
  const now = opts.now ?? new Date();
  const rnd = random(opts.seed ?? 2026);

  await db.transaction(async (tx) => {
    await tx.delete(orders).where(eq(orders.organizationId, organizationId));
    await tx.delete(customers).where(eq(customers.organizationId, organizationId));
    await tx.delete(orderCounters).where(eq(orderCounters.organizationId, organizationId));
    await tx.delete(orderSettings).where(eq(orderSettings.organizationId, organizationId));
  });

  const customerRows = makeCustomers(rnd, organizationId, opts.customers ?? 200, now);
  const savedCustomers: CustomerRow[] = [];
  for (let i = 0; i < customerRows.length; i += 500) {
    savedCustomers.push(
      ...(await db
        .insert(customers)
        .values(customerRows.slice(i, i + 500))
        .returning()),
    );
  }
  savedCustomers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (savedCustomers.length === 0 && opts.orders > 0) throw new Error('Orders need at least one customer.');

  const { orderRows, itemRows, sequenceByYear } = makeOrders(rnd, savedCustomers, opts.orders, now);
  const snapshots = JSON.stringify(savedCustomers.map(toCustomerSnapshot));
  let items = 0;
  for (let i = 0; i < orderRows.length; i += ORDER_BATCH) {
    const lines = itemRows.slice(i, i + ORDER_BATCH).flat();
    items += lines.length;
    await insertOrderBatch(db, organizationId, snapshots, orderRows.slice(i, i + ORDER_BATCH), lines);
  }
  if (sequenceByYear.size > 0) {
    await db
      .insert(orderCounters)
      .values([...sequenceByYear].map(([year, lastSequence]) => ({ organizationId, year, lastSequence })));
  }
  if (opts.analyze ?? true) await analyzeSeededTables(db);
  return { customers: savedCustomers.length, orders: orderRows.length, items };
}

/** Fresh statistics, so the planner knows the tables grew (autovacuum is not that quick, PGlite has none). */
export async function analyzeSeededTables(db: Db) {
  await db.execute(sql`analyze users, customers, orders, order_items, order_counters`);
}

export const benchUserEmail = (n: number) => `bench-user-${n}@inkooporders.test`;

/**
 * `count` verified accounts bench-user-1 … bench-user-N@inkooporders.test (existing ones are reused),
 * each with 20 customers and `ordersEach` orders: the "50 other accounts" the bench's targets are
 * measured beside. Returns their ids in order.
 */
export async function seedOtherAccounts(
  db: Db,
  opts: { count: number; ordersEach: number; passwordHash: string; now?: Date },
): Promise<string[]> {
  if (opts.count <= 0) return [];
  const emails = Array.from({ length: opts.count }, (_, i) => benchUserEmail(i + 1));
  await db
    .insert(users)
    .values(
      emails.map((email, i) => ({
        email,
        passwordHash: opts.passwordHash,
        name: `Bench Gebruiker ${i + 1}`,
        isEmailVerified: true,
      })),
    )
    .onConflictDoNothing();
  await db.update(users).set({ isEmailVerified: true }).where(inArray(users.email, emails));
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idByEmail = new Map(rows.map((r) => [r.email, r.id]));
  const ids = emails.map((e) => idByEmail.get(e)!);
  // Each account owns its company, under its own id (as registering makes it).
  await db
    .insert(organizations)
    .values(ids.map((id, i) => ({ id, name: `Bench Bedrijf ${i + 1} B.V.` })))
    .onConflictDoNothing();
  await db
    .insert(memberships)
    .values(ids.map((id) => ({ organizationId: id, userId: id, role: 'owner' as const })))
    .onConflictDoNothing();
  await withBulkGinInserts(db, async () => {
    for (const [i, organizationId] of ids.entries()) {
      await seedAccount(db, {
        organizationId,
        orders: opts.ordersEach,
        customers: 20,
        ...(opts.now ? { now: opts.now } : {}),
        seed: 1000 + i,
        analyze: false,
      });
    }
  });
  await analyzeSeededTables(db);
  return ids;
}
