import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerSnapshot, DeliveryAddress, StoredCustomerSnapshot } from '../../shared/order-record';
import { idColumn, lifecycleDates } from './columns';
import { organizations } from './organizations';
import { users } from './users';

// The snapshot's types are the read model's (shared/order-record.ts); re-exported for the schema's users.
export type { CustomerSnapshot, StoredCustomerSnapshot };

/** numeric(12,2), read and written as decimal text ('12.50'); src/shared/money.ts converts to cents. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/**
 * Purchase orders (spec §3 Order). Subtotal, VAT and total are computed by computeOrderTotals when the
 * order is saved and stored, so lists and the dashboard read them in SQL.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    /**
     * The customer the order was written for. No foreign key on purpose: deleting that customer keeps
     * the id here, so the order still knows whom it was for (saving it again with that customer keeps
     * its snapshot) while customer_snapshot keeps what it shows. Null only for orders whose customer was
     * deleted before migration 0006 (they show 'Onbekende klant').
     */
    customerId: uuid('customer_id'),
    /** See CustomerSnapshot; null only where customer_id is. Older ones lack `kvkNumber`. */
    customerSnapshot: jsonb('customer_snapshot').$type<StoredCustomerSnapshot>(),
    /**
     * The snapshot's name and company, lowercased, one per line: what the orders list shows and so
     * searches. Scanning one text column costs about what order_number does; reading both fields out
     * of the jsonb per row made a search markedly slower (docs/decisions/order-lists.md).
     */
    customerSearch: text('customer_search').generatedAlwaysAs(
      sql`lower(("customer_snapshot" ->> 'name') || chr(10) || ("customer_snapshot" ->> 'company'))`,
    ),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    project: text('project').notNull().default(''),
    reference: text('reference').notNull().default(''),
    paymentTerm: integer('payment_term').notNull().default(14),
    status: text('status', { enum: ['concept', 'sent', 'paid', 'cancelled'] })
      .notNull()
      .default('concept'),
    btwVerlegd: boolean('btw_verlegd').notNull().default(false),
    /** Gewenste leverdag, a calendar day; null when none was asked for. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** The order's own delivery address; null: the customer's (shared/schemas/order-delivery.ts). */
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    /** Opmerkingen: plain text, '' when none. */
    notes: text('notes').notNull().default(''),
    subtotal: money('subtotal').notNull(),
    vat: money('vat').notNull(),
    total: money('total').notNull(),
    /**
     * Who created the order and who saved it last (for an API key: the key's creator). Null for orders
     * from before these columns existed, and once that person's account is deleted.
     */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...lifecycleDates(),
  },
  (t) => [
    uniqueIndex('orders_org_number_idx').on(t.organizationId, t.orderNumber),
    // The list: newest first, optionally one status, optionally a period.
    index('orders_org_date_idx').on(t.organizationId, t.date.desc(), t.id.desc()),
    index('orders_org_status_date_idx').on(t.organizationId, t.status, t.date.desc(), t.id.desc()),
    // 'Mijn orders' (createdBy): one person's orders, newest first.
    index('orders_org_created_by_date_idx').on(t.organizationId, t.createdBy, t.date.desc(), t.id.desc()),
    // `updatedSince` (orders-api-list.ts): what changed since a moment, least recently changed first.
    index('orders_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('orders_org_number_lower_idx').on(t.organizationId, sql`lower(${t.orderNumber})`),
    // The search (orders-list.ts): trigram indexes answer `lower(x) like '%…%'` for patterns of three
    // characters or more (pg_trgm, migration 0008); shorter ones scan the organisation's orders. The
    // organisation comes first (btree_gin): a search then reads the candidates of that organisation
    // only, instead of every organisation's matches of a common name, each on a page of its own, to
    // intersect them with its orders afterwards. Without fastupdate: GIN's pending list is read
    // linearly by every search until a VACUUM merges it, and PGlite never autovacuums, so after a
    // bulk seed even an empty trigram lookup is slow.
    index('orders_org_number_trgm_idx')
      .using('gin', t.organizationId, sql`lower(${t.orderNumber}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('orders_org_project_trgm_idx')
      .using('gin', t.organizationId, sql`lower(${t.project}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('orders_org_customer_search_trgm_idx')
      .using('gin', t.organizationId, sql`${t.customerSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('orders_status_check', sql`${t.status} in ('concept', 'sent', 'paid', 'cancelled')`),
    check('orders_payment_term_check', sql`${t.paymentTerm} in (14, 30, 60)`),
  ],
);

/** The lines of an order (spec §3 Order item), in `position` order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Above 0 with up to three decimals (2,5 uur); read and written as decimal text ('2.500'). */
    quantity: numeric('quantity', { precision: 10, scale: 3, mode: 'string' }).notNull(),
    unit: text('unit', { enum: ['stuk', 'uur', 'dag', 'meter', 'm2'] })
      .notNull()
      .default('stuk'),
    price: money('price').notNull(),
    /** '21', '9', '0' or 'verlegd'. */
    vat: text('vat', { enum: ['21', '9', '0', 'verlegd'] })
      .notNull()
      .default('21'),
    total: money('total').notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_idx').on(t.orderId, t.position),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_unit_check', sql`${t.unit} in ('stuk', 'uur', 'dag', 'meter', 'm2')`),
    check('order_items_vat_check', sql`${t.vat} in ('21', '9', '0', 'verlegd')`),
  ],
);

/**
 * Orders and their summed totals per organisation, Amsterdam calendar month and status, kept by triggers on
 * `orders` (migrations 0010, and month_totals_subtotal for the subtotal) in the transaction that changes the orders. The list's counts, its deep
 * pages and the dashboard read these ~100 rows per organisation instead of counting or summing 100 000 orders
 * (orders-list.ts, dashboard-stats.ts). No row of its own is ever written by the application.
 */
export const orderMonthTotals = pgTable(
  'order_month_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The first day of the month in Europe/Amsterdam the orders are dated in. */
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['concept', 'sent', 'paid', 'cancelled'] }).notNull(),
    orders: integer('orders').notNull(),
    /** The sum of the orders' totals (incl. VAT). */
    total: numeric('total', { mode: 'string' }).notNull(),
    /** The sum of the orders' subtotals (excl. VAT): the dashboard's revenue and chart. */
    subtotal: numeric('subtotal', { mode: 'string' }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.status] })],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
