/**
 * The demo account: demo@inkooporders.nl, filled with ~200 customers and 10 000 orders over the last
 * two years by seed-bulk.ts (numbers in date order from INK-{year}-1001, counters at the last number
 * used, totals by computeOrderTotals). Used by `npm run seed` and `npm run bench`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { memberships, organizations, users } from '../src/db/schema';
import { type SeedCounts, seedBulkAccount } from './seed-bulk';

export const DEMO_EMAIL = 'demo@inkooporders.nl';
export const DEMO_PASSWORD = 'Demo12345!';

export type SeedOptions = { customers?: number; orders?: number; now?: Date; seed?: number };

/**
 * Creates the verified demo account with its company (an organisation under the account's own id, as
 * registering makes it), or returns the existing one (its password is left as it is).
 */
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
      isEmailVerified: true,
    })
    .returning({ id: users.id });
  await db.insert(organizations).values({
    id: row!.id,
    name: 'Demo Installatietechniek B.V.',
    address: 'Oudegracht 100',
    postalCode: '3511 AB',
    city: 'Utrecht',
    kvkNumber: '12345678',
    btwNumber: 'NL123456789B01',
    bankAccount: 'NL91ABNA0417164300',
    accountName: 'Demo Installatietechniek B.V.',
    bankName: 'ABN AMRO',
    phoneNumber: '+31301234567',
  });
  await db.insert(memberships).values({ organizationId: row!.id, userId: row!.id, role: 'owner' });
  return row!.id;
}

/** Replaces the organisation's customers, orders and counters with fresh demo data (seed-bulk.ts). */
export async function seedDemoData(
  db: Db,
  organizationId: string,
  opts: SeedOptions = {},
): Promise<SeedCounts> {
  return seedBulkAccount(db, {
    organizationId,
    orders: opts.orders ?? 10_000,
    customers: opts.customers ?? 200,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  });
}
