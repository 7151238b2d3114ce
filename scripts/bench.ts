/**
 * `npm run bench`: seeds the demo account (200 customers, 10 000 orders) in a fresh in-memory PGlite —
 * or in DATABASE_URL when set — then times the list, search and stats calls 200× each through the
 * services, and prints p50/p95 in milliseconds. Target: p95 under 50 ms.
 *
 * Optional: BENCH_RUNS (default 200).
 */
import { openDatabase } from '../src/db/client';
import { listCustomers } from '../src/server/services/customers/customers';
import { orderStats } from '../src/server/services/orders/dashboard-stats';
import { listOrdersPage } from '../src/server/services/orders/orders-list';
import { ensureDemoUser, seedDemoData } from './seed-demo';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_P95_MS = 50;

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
const db = database.db;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

try {
  const seedStart = performance.now();
  // The bench only reads; a placeholder hash spares argon2's time and memory.
  const userId = await ensureDemoUser(db, async () => 'bench-no-login');
  const counts = await seedDemoData(db, userId);
  console.log(
    `Database: ${database.kind}${databaseUrl ? '' : ' (in memory)'}; ${counts.customers} klanten, ${counts.orders} orders, ${counts.items} regels geseed in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );

  const cases: [string, () => Promise<unknown>][] = [
    ['orders.page (geen filter)', () => listOrdersPage(db, userId, { page: 1, pageSize: 25 })],
    ['orders.page (pagina 200)', () => listOrdersPage(db, userId, { page: 200, pageSize: 25 })],
    ['orders.page (zoeken "jansen")', () => listOrdersPage(db, userId, { search: 'jansen' })],
    ['orders.page (zoeken ordernummer)', () => listOrdersPage(db, userId, { search: '-1234' })],
    ['orders.page (status betaald)', () => listOrdersPage(db, userId, { status: 'paid' })],
    [
      'orders.page (kwartaal + zoeken)',
      () => listOrdersPage(db, userId, { period: 'quarter', search: 'bouw' }),
    ],
    ['orders.stats (maand)', () => orderStats(db, userId, 'month')],
    ['orders.stats (jaar)', () => orderStats(db, userId, 'year')],
    ['customers.page (geen filter)', () => listCustomers(db, userId, {})],
    ['customers.page (zoeken "utrecht")', () => listCustomers(db, userId, { search: 'utrecht' })],
  ];

  let failed = false;
  console.log(
    `\n${'call'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  for (const [name, run] of cases) {
    for (let i = 0; i < 10; i++) await run(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 >= TARGET_P95_MS) failed = true;
    console.log(
      `${name.padEnd(36)} ${percentile(times, 50).toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)} ${times[times.length - 1]!.toFixed(2).padStart(8)}${p95 >= TARGET_P95_MS ? '  ← boven 50 ms' : ''}`,
    );
  }
  console.log(
    `\n${RUNS} runs per call. Doel: p95 < ${TARGET_P95_MS} ms — ${failed ? 'NIET gehaald' : 'gehaald'}.`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await database.close();
}
