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
 * order, from a per-user counter row (user, year) bumped with one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`. The row lock it takes is held until the transaction
 * ends, so concurrent saves of one user queue on it (also across server processes); a rolled-back
 * save leaves the counter as it was, so it uses no number. The preview only reads.
 */

type NumberingSettings = Pick<OrderNumberSettings, 'prefix' | 'includeYear' | 'startingNumber'>;

const toOutput = (s: NumberingSettings): OrderSettings => ({
  format: s.includeYear ? 'year' : 'sequential',
  prefix: s.prefix,
  includeYear: s.includeYear,
  startingNumber: s.startingNumber,
});

async function readSettings(db: DbOrTx, userId: string): Promise<NumberingSettings> {
  const [row] = await db
    .select({
      prefix: orderSettings.prefix,
      includeYear: orderSettings.includeYear,
      startingNumber: orderSettings.startingNumber,
    })
    .from(orderSettings)
    .where(eq(orderSettings.userId, userId))
    .limit(1);
  return row ?? DEFAULT_ORDER_NUMBER_SETTINGS;
}

export async function getOrderSettings(db: DbOrTx, userId: string): Promise<OrderSettings> {
  return toOutput(await readSettings(db, userId));
}

/** Saves the fields sent; the others keep their value. `includeYear` wins over its synonym `format`. */
export async function updateOrderSettings(
  db: DbOrTx,
  userId: string,
  input: OrderSettingsInputData,
  now: Date,
): Promise<OrderSettings> {
  const current = await readSettings(db, userId);
  const includeYear = input.includeYear ?? (input.format ? input.format === 'year' : current.includeYear);
  const next: NumberingSettings = {
    prefix: input.prefix ?? current.prefix,
    includeYear,
    startingNumber: input.startingNumber ?? current.startingNumber,
  };
  const [row] = await db
    .insert(orderSettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: orderSettings.userId, set: { ...next, updatedAt: now } })
    .returning();
  return toOutput(row!);
}

async function numberTaken(db: DbOrTx, userId: string, orderNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  return row !== undefined;
}

/**
 * A number is skipped when it already exists; that only happens after the settings changed so that
 * two formats meet (prefix 'INK-2026' without year next to 'INK' with year). Bounded, in case.
 */
const MAX_SKIPS = 1000;

/** What the next saved order would get now. Reads only: never uses a number. */
export async function previewNextOrderNumber(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const settings = await readSettings(db, userId);
  const year = amsterdamYear(now);
  const [counter] = await db
    .select({ lastSequence: orderCounters.lastSequence })
    .from(orderCounters)
    .where(
      and(eq(orderCounters.userId, userId), eq(orderCounters.year, counterYear(settings.includeYear, year))),
    )
    .limit(1);
  let sequence = nextSequence(counter?.lastSequence ?? null, settings.startingNumber);
  for (let i = 0; i < MAX_SKIPS; i++) {
    const candidate = formatOrderNumber(settings, year, sequence);
    if (!(await numberTaken(db, userId, candidate))) return candidate;
    sequence += 1;
  }
  return formatOrderNumber(settings, year, sequence);
}

/**
 * Takes the next number. MUST run inside the transaction that inserts the order: the counter row
 * stays locked until it commits (numbers in commit order) or rolls back (number not used).
 */
export async function assignOrderNumber(tx: DbOrTx, userId: string, now: Date): Promise<string> {
  const settings = await readSettings(tx, userId);
  const year = amsterdamYear(now);
  const key = counterYear(settings.includeYear, year);
  for (let i = 0; i < MAX_SKIPS; i++) {
    const [counter] = await tx
      .insert(orderCounters)
      .values({ userId, year: key, lastSequence: settings.startingNumber })
      .onConflictDoUpdate({
        target: [orderCounters.userId, orderCounters.year],
        set: { lastSequence: sql`greatest(${orderCounters.lastSequence} + 1, ${settings.startingNumber})` },
      })
      .returning({ lastSequence: orderCounters.lastSequence });
    const candidate = formatOrderNumber(settings, year, counter!.lastSequence);
    if (!(await numberTaken(tx, userId, candidate))) return candidate;
  }
  throw new AppError('CONFLICT', 'Er kon geen vrij ordernummer worden bepaald. Controleer de nummering.');
}
