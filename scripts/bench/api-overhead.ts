/**
 * What the app's HTTP stack costs on top of the work itself (issue 12): the authenticated queries
 * auth.profile and orders.get, over tRPC and over REST, side by side with a bare Fastify route that does
 * the same session lookup and reads with postgres.js directly (scripts/bench/floor-server.ts).
 * Target: every app row ≥ 50 % of its floor's req/s.
 *
 *   benchApiOverhead({ appUrl, floorUrl, token, orderId })  → one Row per target, in one run
 *   node --import tsx scripts/bench/api-overhead.ts          → fresh Postgres database, seed, start both, print
 *
 * Environment of the direct run: DATABASE_URL (the server to create the scratch database on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (per target in all, default 6),
 * BENCH_CONNECTIONS (default 25), BENCH_ROUNDS (default 3), PORT (the app's; the floor takes PORT + 1;
 * default 4410), BENCH_APP_COMMAND (how to start the app, default `node --import tsx src/server/main.ts`;
 * the app of another checkout gives a before/after in one sitting), BENCH_ONLY (a regular expression:
 * only the targets whose name matches, e.g. to run the app under `node --cpu-prof` for one of them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoadResult, runLoad } from './load';

export type Row = {
  name: string;
  /** The mean over the rounds, as are the latencies. */
  reqPerSec: number;
  /** Latency in ms. */
  p50: number;
  p99: number;
  /** req/s divided by the req/s of the floor route doing the same work (1 for the floor rows). */
  ratioToFloor: number;
};

export type BenchApiOverheadOptions = {
  appUrl: string;
  floorUrl: string;
  /** A valid session token of the user who owns `orderId`. */
  token: string;
  orderId: string;
  /** Per target in all; default 6. */
  seconds?: number;
  /** Default 25. */
  connections?: number;
  /** Rounds through all targets, each taking seconds / rounds per target; default 3. */
  rounds?: number;
  /** Only the targets whose name matches (to profile one of them); default all. */
  only?: RegExp;
};

type Target = { name: string; url: string; floor?: string };

export async function benchApiOverhead(opts: BenchApiOverheadOptions): Promise<Row[]> {
  const seconds = opts.seconds ?? 6;
  const connections = opts.connections ?? 25;
  const headers = { authorization: `Bearer ${opts.token}` };
  const orderInput = encodeURIComponent(JSON.stringify({ id: opts.orderId }));
  const profileFloor = 'floor GET /bare/profile';
  const orderFloor = 'floor GET /bare/orders/:id';
  const targets: Target[] = [
    { name: 'floor GET /bare', url: `${opts.floorUrl}/bare` },
    { name: profileFloor, url: `${opts.floorUrl}/bare/profile` },
    { name: 'tRPC auth.profile', url: `${opts.appUrl}/trpc/auth.profile`, floor: profileFloor },
    { name: 'REST GET /api/auth/profile', url: `${opts.appUrl}/api/auth/profile`, floor: profileFloor },
    { name: orderFloor, url: `${opts.floorUrl}/bare/orders/${opts.orderId}` },
    { name: 'tRPC orders.get', url: `${opts.appUrl}/trpc/orders.get?input=${orderInput}`, floor: orderFloor },
    {
      name: 'REST GET /api/orders/{id}',
      url: `${opts.appUrl}/api/orders/${opts.orderId}`,
      floor: orderFloor,
    },
  ];

  if (opts.only) {
    const only = opts.only;
    targets.splice(0, targets.length, ...targets.filter((t) => only.test(t.name)));
  }

  // One short round per target first: JIT, prepared statements and pool connections are warm for all.
  for (const t of targets) await runLoad({ url: t.url, connections, seconds: 1, headers });

  // The time per target is split over `rounds` rounds through all targets: on a shared machine the load
  // of other processes changes within seconds, and interleaving spreads it over every target alike.
  const rounds = Math.max(1, Math.min(opts.rounds ?? 3, seconds));
  const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      const r = await runLoad({ url: t.url, connections, seconds: seconds / rounds, headers });
      if (r.non2xx || r.errors)
        throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors or timeouts`);
      results.get(t.name)!.push(r);
    }
  }

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const reqPerSec = new Map(targets.map((t) => [t.name, mean(results.get(t.name)!.map((r) => r.reqPerSec))]));
  return targets.map((t) => {
    const rs = results.get(t.name)!;
    const own = reqPerSec.get(t.name)!;
    const floor = t.floor ? reqPerSec.get(t.floor) : undefined;
    return {
      name: t.name,
      reqPerSec: own,
      p50: mean(rs.map((r) => r.p50)),
      p99: mean(rs.map((r) => r.p99)),
      ratioToFloor: floor ? own / floor : t.floor ? Number.NaN : 1,
    };
  });
}

export function formatRows(rows: Row[]): string {
  const head = `${'target'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× floor'.padStart(8)}`;
  const lines = rows.map(
    (r) =>
      `${r.name.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${`${(r.ratioToFloor * 100).toFixed(0)} %`.padStart(8)}`,
  );
  return [head, ...lines].join('\n');
}

/* ------------------------------------------------------------------ the direct run */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts a process and resolves once `ready` is true of a line of its stdout. */
function startProcess(command: string[], env: NodeJS.ProcessEnv, ready: (line: string) => boolean) {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.split('\n').some(ready)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} stopte (code ${code})`)));
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`de app stopte (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}/api/health antwoordde niet binnen ${timeoutMs} ms`);
}

const stop = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function main() {
  const { default: postgres } = await import('postgres');
  const { openDatabase } = await import('../../src/db/client');
  const { users } = await import('../../src/db/schema');
  const { createSession } = await import('../../src/server/services/auth/sessions');
  const { createOrder } = await import('../../src/server/services/orders/orders');
  const { recordOrderSent } = await import('../../src/server/services/orders/order-emails');
  const { insertCustomer, parsedOrder } = await import('../../src/test/orders-fixtures');

  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const seconds = Number(process.env.BENCH_SECONDS ?? 6);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 25);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const port = Number(process.env.PORT ?? 4410);
  const appCommand = (process.env.BENCH_APP_COMMAND ?? 'node --import tsx src/server/main.ts')
    .split(' ')
    .map((part) => (part === 'node' ? process.execPath : part));

  const name = `h_api_bench_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  let app: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl, maxConnections: 2 });
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'bench@inkooporders.nl',
        passwordHash: 'bench-no-login',
        name: 'Jan de Vries',
        company: 'De Vries Installatietechniek',
        isEmailVerified: true,
      })
      .returning();
    // Remember-me: 30 days, so no run of this bench reaches the second half and extends it.
    const { token } = await createSession(database.db, user!.id, true);
    const customer = await insertCustomer(database.db, user!.id);
    const order = await createOrder(database.db, user!.id, parsedOrder(customer.id));
    await recordOrderSent(database.db, user!.id, order.id, {
      recipient: 'petra@jansenbouw.nl',
      cc: null,
      subject: `Order ${order.orderNumber}`,
      includePdf: true,
      templateId: null,
    });
    await database.close();

    const appUrl = `http://127.0.0.1:${port}`;
    app = spawn(appCommand[0]!, appCommand.slice(1), {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: appUrl,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    floor = await startProcess(
      [process.execPath, '--import', 'tsx', 'scripts/bench/floor-server.ts'],
      { DATABASE_URL: databaseUrl, PORT: String(port + 1), HOST: '127.0.0.1' },
      (line) => line.startsWith('listening '),
    );
    await waitForHealth(appUrl, app);

    const rows = await benchApiOverhead({
      appUrl,
      floorUrl: `http://127.0.0.1:${port + 1}`,
      token,
      orderId: order.id,
      seconds,
      connections,
      rounds,
      only: process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined,
    });
    console.log(`${connections} verbindingen, ${seconds} s per doel in ${rounds} rondes, Postgres\n`);
    console.log(formatRows(rows));
  } finally {
    await Promise.all([stop(app), stop(floor)]);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
