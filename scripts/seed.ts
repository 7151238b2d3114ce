/**
 * `npm run seed`: the demo account demo@inkooporders.nl / Demo12345! (verified), with ~200 Dutch
 * customers and 10 000 orders over the last two years. Uses the server's database (DATABASE_URL, or
 * the embedded database in DATA_DIR), migrating it first. Running it again replaces the demo
 * account's customers and orders; other accounts are not touched.
 *
 * Optional: SEED_CUSTOMERS, SEED_ORDERS.
 */
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { loadConfig } from '../src/server/config';
import { hashPassword } from '../src/server/services/auth/passwords';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoUser, seedDemoData } from './seed-demo';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
try {
  const started = performance.now();
  const userId = await ensureDemoUser(database.db, () => hashPassword(DEMO_PASSWORD));
  const counts = await seedDemoData(database.db, userId, {
    customers: Number(process.env.SEED_CUSTOMERS ?? 200),
    orders: Number(process.env.SEED_ORDERS ?? 10_000),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Demo-account ${DEMO_EMAIL} / ${DEMO_PASSWORD}: ${counts.customers} klanten, ${counts.orders} orders, ${counts.items} orderregels (${database.kind}, ${seconds} s).`,
  );
} finally {
  await database.close();
}
