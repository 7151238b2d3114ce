/**
 * What the app's HTTP stack costs on top of the work itself: the authenticated queries
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
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOrganization } from '../../src/server/services/organizations/memberships';
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

  const measured = await measureTargets(targets, { connections, seconds, rounds: opts.rounds, headers });
  return targets.map((t) => {
    const own = measured.get(t.name)!;
    const floor = t.floor ? measured.get(t.floor)?.reqPerSec : undefined;
    return {
      name: t.name,
      ...own,
      ratioToFloor: floor ? own.reqPerSec / floor : t.floor ? Number.NaN : 1,
    };
  });
}

export type Measured = { reqPerSec: number; p50: number; p99: number };

/**
 * Every target under the same load, interleaved: one short warm-up round per target (JIT, prepared
 * statements and pool connections warm for all), then `rounds` rounds through all targets, each
 * taking seconds / rounds per target — on a shared machine the load of other processes changes
 * within seconds, and interleaving spreads it over every target alike. The means over the rounds.
 */
async function measureTargets(
  targets: { name: string; url: string }[],
  opts: { connections: number; seconds: number; rounds?: number; headers: Record<string, string> },
): Promise<Map<string, Measured>> {
  const { connections, seconds, headers } = opts;
  for (const t of targets) await runLoad({ url: t.url, connections, seconds: 1, headers });
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
  return new Map(
    targets.map((t) => {
      const rs = results.get(t.name)!;
      return [
        t.name,
        {
          reqPerSec: mean(rs.map((r) => r.reqPerSec)),
          p50: mean(rs.map((r) => r.p50)),
          p99: mean(rs.map((r) => r.p99)),
        },
      ];
    }),
  );
}

/* ------------------------------------------------------------------ transport: custom vs stock */

/** One real call, measured on every app variant; `floor` the bare route doing the same work, if any. */
export type TransportRow = {
  call: string;
  /** Per variant name (e.g. 'custom', 'stock'): the median over the rounds. */
  variants: Record<string, Measured>;
  floor?: Measured;
  /** Per round, req/s by variant (and 'floor'): the ratios are taken within a round. */
  rounds: Record<string, number>[];
  /** Per round, the serving process's CPU milliseconds per request, by variant (and 'floor'). */
  cpuRounds: Record<string, number>[];
};

/** A server the bench started: its address and its process, whose CPU time is read from /proc. */
export type BenchServer = { url: string; pid: number };

/** utime + stime of a process in milliseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type BenchTransportOptions = {
  /** The same app with another transport each (scripts/bench/transport-server.ts), by name. */
  variants: Record<string, BenchServer>;
  floor: BenchServer;
  token: string;
  orderId: string;
  /** Seconds of one measurement; default 2. */
  sampleSeconds?: number;
  /** Rounds through every call; default 6. */
  rounds?: number;
  /** Default 10: few enough that a sample of a slow call still holds many requests on two cores. */
  connections?: number;
};

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The app's real calls over tRPC and REST on every variant, side by side in one run, with the bare
 * route as the floor: the calls as the bench's overhead section sends them (a single tRPC GET) and as
 * the app's own client sends them (httpBatchLink: `?batch=1`), the order by id, and the orders list
 * (the screen's page over tRPC, an integrator's page over REST).
 *
 * On a shared machine the load of other processes changes by the second, so the variants of one call
 * are measured right after each other (the floor with them), in an order that turns round every
 * round, and a ratio is the median of the rounds' ratios: a burst of load elsewhere spoils one round,
 * not the result. Beside req/s each sample records the serving process's own CPU time per request,
 * which the other processes on the machine change far less than they change req/s.
 */
export async function benchTransport(opts: BenchTransportOptions): Promise<TransportRow[]> {
  const orderId = opts.orderId;
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const ordersPage = { period: 'all', page: 1, pageSize: 20 };
  const calls: { call: string; path: string; floor?: string }[] = [
    { call: 'tRPC auth.profile (GET)', path: '/trpc/auth.profile', floor: '/bare/profile' },
    {
      call: 'tRPC auth.profile (batch)',
      path: `/trpc/auth.profile?batch=1&input=${q({})}`,
      floor: '/bare/profile',
    },
    {
      call: 'tRPC orders.get (GET)',
      path: `/trpc/orders.get?input=${q({ id: orderId })}`,
      floor: `/bare/orders/${orderId}`,
    },
    {
      call: 'tRPC orders.get (batch)',
      path: `/trpc/orders.get?batch=1&input=${q({ 0: { id: orderId } })}`,
      floor: `/bare/orders/${orderId}`,
    },
    { call: 'tRPC orders.page (batch)', path: `/trpc/orders.page?batch=1&input=${q({ 0: ordersPage })}` },
    { call: 'REST GET /api/auth/profile', path: '/api/auth/profile', floor: '/bare/profile' },
    { call: 'REST GET /api/orders/{id}', path: `/api/orders/${orderId}`, floor: `/bare/orders/${orderId}` },
    { call: 'REST GET /api/orders?limit=20', path: '/api/orders?limit=20' },
  ];
  const connections = opts.connections ?? 10;
  const seconds = opts.sampleSeconds ?? 2;
  const headers = { authorization: `Bearer ${opts.token}` };
  const urlsOf = (c: (typeof calls)[number]) => {
    const urls: [string, string, number][] = Object.entries(opts.variants).map(([v, server]) => [
      v,
      `${server.url}${c.path}`,
      server.pid,
    ]);
    if (c.floor) urls.push(['floor', `${opts.floor.url}${c.floor}`, opts.floor.pid]);
    return urls;
  };
  const sample = async (url: string, what: string) => {
    const r = await runLoad({ url, connections, seconds, headers });
    if (r.non2xx || r.errors) throw new Error(`${what}: ${r.non2xx} non-2xx, ${r.errors} errors or timeouts`);
    return r;
  };
  for (const c of calls)
    for (const [, url] of urlsOf(c)) await runLoad({ url, connections, seconds: 1, headers });

  const results = new Map<
    string,
    {
      rounds: Record<string, number>[];
      cpuRounds: Record<string, number>[];
      loads: Map<string, LoadResult[]>;
    }
  >(calls.map((c) => [c.call, { rounds: [], cpuRounds: [], loads: new Map() }]));
  const rounds = Math.max(1, opts.rounds ?? 6);
  for (let round = 0; round < rounds; round++) {
    for (const c of calls) {
      const urls = urlsOf(c);
      if (round % 2) urls.reverse();
      const row: Record<string, number> = {};
      const cpuRow: Record<string, number> = {};
      const entry = results.get(c.call)!;
      for (const [v, url, pid] of urls) {
        const cpuBefore = cpuMs(pid);
        const r = await sample(url, `${v} ${c.call}`);
        cpuRow[v] = (cpuMs(pid) - cpuBefore) / r.total;
        row[v] = r.reqPerSec;
        entry.loads.set(v, [...(entry.loads.get(v) ?? []), r]);
      }
      entry.rounds.push(row);
      entry.cpuRounds.push(cpuRow);
    }
  }
  const summary = (loads: LoadResult[]): Measured => ({
    reqPerSec: median(loads.map((r) => r.reqPerSec)),
    p50: median(loads.map((r) => r.p50)),
    p99: median(loads.map((r) => r.p99)),
  });
  return calls.map((c) => {
    const { rounds: perRound, cpuRounds, loads } = results.get(c.call)!;
    return {
      call: c.call,
      variants: Object.fromEntries(Object.keys(opts.variants).map((v) => [v, summary(loads.get(v)!)])),
      ...(c.floor ? { floor: summary(loads.get('floor')!) } : {}),
      rounds: perRound,
      cpuRounds,
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
        isEmailVerified: true,
      })
      .returning();
    await createOrganization(database.db, user!.id, {
      id: user!.id,
      name: 'De Vries Installatietechniek',
      profileCompleted: false,
    });
    // Remember-me: 30 days, so no run of this bench reaches the second half and extends it.
    const { token } = await createSession(database.db, user!.id, true, new Date(), user!.id);
    const customer = await insertCustomer(database.db, user!.id);
    const order = await createOrder(database.db, user!.id, parsedOrder(customer.id), new Date());
    await recordOrderSent(
      database.db,
      user!.id,
      order.id,
      {
        recipient: 'petra@jansenbouw.nl',
        cc: null,
        subject: `Order ${order.orderNumber}`,
        includePdf: true,
        includeUbl: false,
        templateId: null,
      },
      new Date(),
    );
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
