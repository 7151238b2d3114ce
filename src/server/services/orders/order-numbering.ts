import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderCounters, orderSettings, orders } from '../../../db/schema';
import { amsterdamYear } from '../../../shared/dates';
import {
  counterYear,
  DEFAULT_ORDER_NUMBER_SETTINGS,
  formatOrderNumber,
  nextSequence,
  type OrderNumberSettings,
} from '../../../shared/order-number';
import type { OrderSettings, OrderSettingsInputData } from '../../../shared/schemas/order-settings';
import { AppError } from '../../errors';

/**
 * Order numbers (ARCHITECTURE.md "Order numbers"): assigned inside the transaction that inserts the
 * order, from a per-organisation counter row (organisation, year) bumped with one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`. The row lock it takes is held until the transaction
 * ends, so concurrent saves of one organisation queue on it (also across server processes); a rolled-back
 * save leaves the counter as it was, so it uses no number. The preview only reads.
 */

type NumberingSettings = Pick<OrderNumberSettings, 'prefix' | 'includeYear' | 'startingNumber'>;

const toOutput = (s: NumberingSettings): OrderSettings => ({
  format: s.includeYear ? 'year' : 'sequential',
  prefix: s.prefix,
  includeYear: s.includeYear,
  startingNumber: s.startingNumber,
});

async function readSettings(db: DbOrTx, organizationId: string): Promise<NumberingSettings> {
  const [row] = await db
    .select({
      prefix: orderSettings.prefix,
      includeYear: orderSettings.includeYear,
      startingNumber: orderSettings.startingNumber,
    })
    .from(orderSettings)
    .where(eq(orderSettings.organizationId, organizationId))
    .limit(1);
  return row ?? DEFAULT_ORDER_NUMBER_SETTINGS;
}

export async function getOrderSettings(db: DbOrTx, organizationId: string): Promise<OrderSettings> {
  return toOutput(await readSettings(db, organizationId));
}

/** Saves the fields sent; the others keep their value. `includeYear` wins over its synonym `format`. */
export async function updateOrderSettings(
  db: DbOrTx,
  organizationId: string,
  input: OrderSettingsInputData,
  now: Date,
): Promise<OrderSettings> {
  const current = await readSettings(db, organizationId);
  const includeYear = input.includeYear ?? (input.format ? input.format === 'year' : current.includeYear);
  const next: NumberingSettings = {
    prefix: input.prefix ?? current.prefix,
    includeYear,
    startingNumber: input.startingNumber ?? current.startingNumber,
  };
  const [row] = await db
    .insert(orderSettings)
    .values({ organizationId, ...next })
    .onConflictDoUpdate({ target: orderSettings.organizationId, set: { ...next, updatedAt: now } })
    .returning();
  return toOutput(row!);
}

async function numberTaken(db: DbOrTx, organizationId: string, orderNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  return row !== undefined;
}

/**
 * A number is skipped when it already exists; that only happens after the settings changed so that
 * two formats meet (prefix 'INK-2026' without year next to 'INK' with year). Bounded, in case.
 */
const MAX_SKIPS = 1000;

/** What the next saved order would get now. Reads only: never uses a number. */
export async function previewNextOrderNumber(db: DbOrTx, organizationId: string, now: Date): Promise<string> {
  const settings = await readSettings(db, organizationId);
  const year = amsterdamYear(now);
  const [counter] = await db
    .select({ lastSequence: orderCounters.lastSequence })
    .from(orderCounters)
    .where(
      and(
        eq(orderCounters.organizationId, organizationId),
        eq(orderCounters.year, counterYear(settings.includeYear, year)),
      ),
    )
    .limit(1);
  let sequence = nextSequence(counter?.lastSequence ?? null, settings.startingNumber);
  for (let i = 0; i < MAX_SKIPS; i++) {
    const candidate = formatOrderNumber(settings, year, sequence);
    if (!(await numberTaken(db, organizationId, candidate))) return candidate;
    sequence += 1;
  }
  return formatOrderNumber(settings, year, sequence);
}

/**
 * Takes the next number. MUST run inside the transaction that inserts the order: the counter row
 * stays locked until it commits (numbers in commit order) or rolls back (number not used).
 */
export async function assignOrderNumber(tx: DbOrTx, organizationId: string, now: Date): Promise<string> {
  const settings = await readSettings(tx, organizationId);
  const year = amsterdamYear(now);
  const key = counterYear(settings.includeYear, year);
  for (let i = 0; i < MAX_SKIPS; i++) {
    const [counter] = await tx
      .insert(orderCounters)
      .values({ organizationId, year: key, lastSequence: settings.startingNumber })
      .onConflictDoUpdate({
        target: [orderCounters.organizationId, orderCounters.year],
        set: { lastSequence: sql`greatest(${orderCounters.lastSequence} + 1, ${settings.startingNumber})` },
      })
      .returning({ lastSequence: orderCounters.lastSequence });
    const candidate = formatOrderNumber(settings, year, counter!.lastSequence);
    if (!(await numberTaken(tx, organizationId, candidate))) return candidate;
  }
  throw new AppError('CONFLICT', 'Er kon geen vrij ordernummer worden bepaald. Controleer de nummering.');
}
