/**
 * `npm run bench [-- --quick]`: one command, one report. Seeds a fresh Postgres database and a PGlite
 * data dir at 10 000 and 100 000 orders (--quick: 10 000 only), starts the built server on each
 * (`node scripts/start.mjs`), and measures side by side: start-up, the screen calls, 50 connections on
 * the orders page, the API overhead against a bare Fastify route, the full-list stream, a login flood,
 * first-load JS, Lighthouse, the PDF printer, the sign-in evenness, the UBL file of a 120-line order,
 * the customer's order page (/confirm/{token}: server p95 on both databases, bytes, Lighthouse mobile),
 * and last a soak of mixed load on a server of its own (BENCH_SOAK_MINUTES, 15; --quick 4), which
 * makes the full bench last about a quarter of an hour longer. Writes bench/results.json and bench/REPORT.md and prints the report.
 * Then, in a Postgres database of its own, 1 000 organisations sharing 1 000 000 orders (the largest
 * 100 000; BENCH_ORGS, BENCH_ORGS_ORDERS, BENCH_ORGS_LARGEST; --quick 100 and 100 000) and the screen
 * calls of the largest and the smallest. BENCH_PARTS picks sections (see options.ts, `orgs` for that
 * run alone); BENCH_PORT_BASE the ports. Exit code 1 when a target is
 * missed or a section broke — after printing everything.
 */
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../../src/server/services/auth/passwords';
import { startSmtpSink } from '../../src/test/smtp-sink';
import { benchAuthEvenness } from './auth-evenness';
import { measureFirstLoadJs, runLighthouse } from './browser-checks';
import { benchConfirm, type ConfirmResult, smtpMailbox } from './confirm';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchDatabase,
  createBenchDatabase,
  type DbKind,
  type SeedOutcome,
  seedDatabase,
} from './databases';
import { login, request, type Session, trpcQueryPath } from './http-client';
import { type LoadResult, runLoad } from './load';
import { benchLoginFlood, type FloodResult } from './login-flood';
import { benchManyOrganizations, seedManyOrganizations } from './many-organizations';
import { OptionsError, type Part, PGLITE_PARTS, parseOptions, SERVER_PARTS } from './options';
import { organizationSizes } from './organization-sizes';
import { benchPdf } from './pdf';
import { settle } from './probe';
import { type RunMeta, renderReport, type SectionResult } from './report';
import { benchScreens, ORDERS_PAGE_PATH, type ScreenTiming } from './screens';
import type { SectionBody } from './section';
import {
  buildApiOverheadSection,
  buildConcurrencySection,
  buildConfirmSection,
  buildFirstLoadSection,
  buildLighthouseSection,
  buildLoginSection,
  buildOrganizationsSection,
  buildScreensSection,
  buildSeedSection,
  buildSoakSection,
  buildStartupSection,
  buildStreamSection,
  buildTransportSection,
  type OrganizationsResult,
  type OverheadRow,
  type StartupRun,
  type TransportResult,
} from './sections';
import { type RunningServer, root, serverEnvironment, serverPid, startServer } from './server-process';
import { makeMemoryDir, memoryProbeEnv, prepareSoakAccounts, runSoak, type SoakResult } from './soak';
import { round } from './stats';
import { benchStream, type StreamResult } from './stream';
import { benchUbl } from './ubl';

const TITLES: Record<Part, string> = {
  seed: '1. Seeden',
  startup: '2. Opstarten tot gezond',
  screens: '3. Schermaanroepen na elkaar (HTTP, tRPC)',
  concurrency: '4. 50 verbindingen op de orderlijst',
  overhead: '5. API-overhead: kale Fastify-route vs tRPC vs REST',
  transport: '6. Transport: eigen routes vs de standaard-adapters',
  stream: '7. Volledige lijst GET /api/orders (stream)',
  login: '8. Inlogvloed',
  firstload: '9. JavaScript bij eerste laden',
  lighthouse: '10. Lighthouse',
  pdf: '11. PDF',
  auth: '12. Aanmelden gelijkmatig (bestaand vs onbekend adres)',
  soak: '13. Duurtest: gemengde belasting, minuut voor minuut',
  orgs: '14. Veel organisaties in één database: schermaanroepen (Postgres)',
  ubl: '15. UBL-bestand (Peppol) van een order met 120 regels',
  confirm: '16. Orderpagina voor de klant (/confirm/{token})',
};

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (err) {
  console.error(err instanceof OptionsError ? err.message : err);
  process.exit(2);
}
const { quick, sizes, parts, soakMinutes, orgs } = options;
const wants = (p: Part) => parts.includes(p);
const largest = Math.max(...sizes);
const wallStart = performance.now();
const loadAtStart = os.loadavg()[0]!;
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const log = (msg: string) =>
  console.error(`[bench ${((performance.now() - wallStart) / 1000).toFixed(0)} s] ${msg}`);

/* ---------------------------------------------------------------- bookkeeping */

const seconds = new Map<Part, number>();
const errors = new Map<Part, string[]>();
const addError = (part: Part, message: string) => errors.set(part, [...(errors.get(part) ?? []), message]);

async function attempt<T>(part: Part, label: string, run: () => Promise<T>): Promise<T | undefined> {
  const t0 = performance.now();
  log(`${TITLES[part]} — ${label}`);
  try {
    return await run();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    addError(part, `${label}: ${message.split('\n').slice(0, 6).join(' ')}`);
    log(`  mislukt: ${message}`);
    return undefined;
  } finally {
    seconds.set(part, (seconds.get(part) ?? 0) + (performance.now() - t0) / 1000);
  }
}

// BENCH_PORT_BASE: the first of ten ports to use (when others share the machine), else 4500–4599.
const portBase = Number(process.env.BENCH_PORT_BASE ?? 4500);
const portCount = process.env.BENCH_PORT_BASE ? 10 : 100;
let nextPort = portBase + (((process.pid % 20) * 5) % portCount);
const takePort = () => {
  nextPort = nextPort >= portBase + portCount - 1 ? portBase : nextPort + 1;
  return nextPort;
};

/* ---------------------------------------------------------------- the measured data */

const seeds: SeedOutcome[] = [];
const screens: { kind: DbKind; size: number; timings: ScreenTiming[] }[] = [];
const startups: StartupRun[] = [];
const loads: ({ kind: DbKind; size: number } & LoadResult)[] = [];
let overhead: { size: number; rows: OverheadRow[] } | undefined;
let transport: TransportResult | undefined;
let stream: ({ size: number } & StreamResult) | undefined;
let flood: ({ size: number } & FloodResult) | undefined;
let firstLoad: Awaited<ReturnType<typeof measureFirstLoadJs>> | undefined;
let lighthouse: Awaited<ReturnType<typeof runLighthouse>> | undefined;
let soak: ({ size: number } & SoakResult) | undefined;
let organizations: OrganizationsResult | undefined;
let confirm: ConfirmResult | undefined;
const bodies = new Map<Part, SectionBody>();

/* ---------------------------------------------------------------- the API overhead (api part's files) */

const overheadModule = path.join(root, 'scripts/bench/api-overhead.ts');
const floorServer = path.join(root, 'scripts/bench/floor-server.ts');

type BenchApiOverhead = (opts: {
  appUrl: string;
  floorUrl: string;
  token: string;
  orderId: string;
  seconds?: number;
  connections?: number;
}) => Promise<OverheadRow[]>;

const startFloorServer = (databaseUrl: string, port: number) =>
  startScriptServer(floorServer, {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
  });

/** A bench server script run with tsx, ready once it prints `listening <url>`. */
async function startScriptServer(file: string, env: NodeJS.ProcessEnv) {
  const name = path.basename(file, '.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} niet klaar binnen 60 s: ${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} stopte (${code}): ${out.slice(-2000)}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

async function measureOverhead(server: RunningServer, target: BenchDatabase, session: Session) {
  if (!fs.existsSync(overheadModule) || !fs.existsSync(floorServer)) {
    throw new Error(
      'overgeslagen: scripts/bench/api-overhead.ts of scripts/bench/floor-server.ts ontbreekt (api-deel, branch h-api)',
    );
  }
  if (!target.server.databaseUrl) throw new Error('de kale route draait alleen op Postgres');
  const page = await request(
    server.url,
    trpcQueryPath('orders.page', { period: 'all', page: 1, pageSize: 1 }),
    {
      headers: { cookie: session.cookie },
    },
  );
  const orderId = (JSON.parse(page.body) as [{ result: { data: { items: { _id: string }[] } } }])[0].result
    .data.items[0]?._id;
  if (!orderId) throw new Error('geen order gevonden om op te vragen');
  const mod = (await import(pathToFileURL(overheadModule).href)) as { benchApiOverhead: BenchApiOverhead };
  const floor = await startFloorServer(target.server.databaseUrl, takePort());
  try {
    return await mod.benchApiOverhead({
      appUrl: server.url,
      floorUrl: floor.url,
      token: session.token,
      orderId,
      seconds: quick ? 3 : 4,
      connections: 50,
    });
  } finally {
    await floor.stop();
  }
}

/** The transport variants the transport section compares (BuildAppOptions.transport). */
const TRANSPORT_VARIANTS: Record<string, string> = {
  custom: 'rest:custom',
  stock: 'rest:stock',
};

async function measureTransport(
  server: RunningServer,
  target: BenchDatabase,
  session: Session,
): Promise<TransportResult['rows']> {
  const databaseUrl = target.server.databaseUrl;
  if (!databaseUrl) throw new Error('de kale route draait alleen op Postgres');
  const orderId = await firstOrderId(server, session);
  const { benchTransport } = await import('./api-overhead');
  const started: { url: string; pid: number; stop: () => Promise<void> }[] = [];
  try {
    const floor = await startFloorServer(databaseUrl, takePort());
    started.push(floor);
    const variants: Record<string, { url: string; pid: number }> = {};
    for (const [name, transport] of Object.entries(TRANSPORT_VARIANTS)) {
      const port = takePort();
      const app = await startScriptServer(path.join(root, 'scripts/bench/transport-server.ts'), {
        ...serverEnvironment(port, target.server),
        BENCH_TRANSPORT: transport,
      });
      started.push(app);
      variants[name] = { url: app.url, pid: app.pid };
    }
    return await benchTransport({
      variants,
      floor: { url: floor.url, pid: floor.pid },
      token: session.token,
      orderId,
      rounds: 8,
    });
  } finally {
    for (const s of started) await s.stop();
  }
}

async function firstOrderId(server: RunningServer, session: Session): Promise<string> {
  const page = await request(
    server.url,
    trpcQueryPath('orders.page', { period: 'all', page: 1, pageSize: 1 }),
    { headers: { cookie: session.cookie } },
  );
  const orderId = (JSON.parse(page.body) as [{ result: { data: { items: { _id: string }[] } } }])[0].result
    .data.items[0]?._id;
  if (!orderId) throw new Error('geen order gevonden om op te vragen');
  return orderId;
}

/** Accounts of the soak: the mixed load was 20 accounts at once. */
const SOAK_ACCOUNTS = 20;

/** The soak on a server of its own, started for it, so its memory starts where a fresh server's does. */
async function measureSoak(target: BenchDatabase, emails: string[]): Promise<SoakResult> {
  const databaseUrl = target.server.databaseUrl;
  if (!databaseUrl) throw new Error('de duurtest draait alleen op Postgres');
  if (emails.length < SOAK_ACCOUNTS) throw new Error(`te weinig andere accounts: ${emails.length}`);
  const memoryDir = makeMemoryDir();
  const server = await startServer(takePort(), target.server, { env: memoryProbeEnv(memoryDir) });
  try {
    const accounts = await prepareSoakAccounts(server.url, emails.slice(0, SOAK_ACCOUNTS), BENCH_PASSWORD);
    return await runSoak({
      baseUrl: server.url,
      accounts,
      minutes: soakMinutes,
      serverPid: serverPid(server.process.pid!),
      databaseUrl,
      memoryDir,
      log,
    });
  } finally {
    await server.stop();
    fs.rmSync(memoryDir, { recursive: true, force: true });
  }
}

/**
 * The customer's order page on a server started for it as an operator runs it: NODE_ENV=production
 * (React's production build renders the page; the outbox is off) and SMTP_URL on a mail server on
 * loopback that keeps what it is sent, where the links are read from.
 */
async function measureConfirm(target: BenchDatabase, kind: DbKind, size: number): Promise<ConfirmResult> {
  const sink = await startSmtpSink();
  try {
    const server = await startServer(takePort(), target.server, {
      env: { NODE_ENV: 'production', SMTP_URL: sink.url },
    });
    try {
      const session = await login(server.url, BENCH_EMAIL, BENCH_PASSWORD);
      return await benchConfirm(server.url, session, smtpMailbox(sink.received), {
        kind,
        size,
        quick,
        browser: kind === 'postgres',
      });
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
  }
}

/* ---------------------------------------------------------------- one database at one size */

async function benchDatabase(kind: DbKind, size: number, hash: string) {
  const target = await createBenchDatabase(kind, size, stamp);
  try {
    const ordersEach = Number(process.env.BENCH_OTHER_ORDERS ?? (size >= 100_000 ? 1000 : 200));
    const seeded = await attempt('seed', target.label, () =>
      seedDatabase(target, hash, { count: 50, ordersEach }),
    );
    if (!seeded) return;
    seeds.push(seeded);

    let server: RunningServer;
    try {
      log(`server starten op ${target.label}`);
      server = await startServer(takePort(), target.server);
    } catch (err) {
      for (const p of SERVER_PARTS.filter(wants))
        addError(p, `${target.label}: ${String(err).slice(0, 500)}`);
      return;
    }
    const atLargest = size === largest;
    try {
      const session = await login(server.url, BENCH_EMAIL, BENCH_PASSWORD);
      if (wants('screens')) {
        const timings = await attempt('screens', target.label, () =>
          benchScreens(server.url, session, { runs: 100, budgetMs: quick ? 1000 : 1500 }),
        );
        if (timings) screens.push({ kind, size, timings });
      }
      // Each section starts on a server that has answered everything the previous one asked.
      const settled = () => settle(server.url);
      if (atLargest && wants('concurrency')) {
        await settled();
        const load = await attempt('concurrency', target.label, () =>
          runLoad({
            url: `${server.url}${ORDERS_PAGE_PATH}`,
            connections: 50,
            seconds: quick ? 5 : 10,
            headers: { cookie: session.cookie },
          }),
        );
        if (load) loads.push({ kind, size, ...load });
      }
      if (atLargest && kind === 'postgres') {
        if (wants('overhead')) {
          await settled();
          const rows = await attempt('overhead', target.label, () =>
            measureOverhead(server, target, session),
          );
          if (rows) overhead = { size, rows };
        }
        if (wants('transport')) {
          await settled();
          const rows = await attempt('transport', target.label, () =>
            measureTransport(server, target, session),
          );
          if (rows) transport = { size, variants: TRANSPORT_VARIANTS, rows };
        }
        if (wants('stream')) {
          await settled();
          const pid = serverPid(server.process.pid!);
          const r = await attempt('stream', target.label, () => benchStream(server.url, session, pid));
          if (r) stream = { size, ...r };
        }
        if (wants('login')) {
          await settled();
          const emails = seeded.otherEmails.length ? seeded.otherEmails : [BENCH_EMAIL];
          const r = await attempt('login', target.label, () =>
            benchLoginFlood(
              server.url,
              session,
              { emails, password: BENCH_PASSWORD },
              { concurrent: 20, seconds: quick ? 2 : 3 },
            ),
          );
          if (r) flood = { size, ...r };
        }
        if (wants('firstload')) {
          await settled();
          firstLoad = await attempt('firstload', target.label, () => measureFirstLoadJs(server.url, session));
        }
        if (wants('lighthouse')) {
          await settled();
          lighthouse = await attempt('lighthouse', target.label, () => runLighthouse(server.url, session));
        }
      }
    } catch (err) {
      addError('screens', `${target.label}: ${String(err).slice(0, 500)}`);
    } finally {
      await server.stop();
    }

    if (atLargest && wants('startup')) {
      await attempt('startup', target.label, async () => {
        for (let run = 1; run <= 3; run++) {
          const s = await startServer(takePort(), target.server, { pollMs: 10 });
          startups.push({ kind, size, run, ms: s.readyMs });
          await s.stop();
        }
      });
    }

    if (atLargest && wants('confirm')) {
      // On a server of its own, run as in production; the bytes and Lighthouse do not depend on the
      // database: once, on Postgres.
      const r = await attempt('confirm', target.label, () => measureConfirm(target, kind, size));
      if (r) {
        confirm = {
          timings: [...(confirm?.timings ?? []), ...r.timings],
          bytes: confirm?.bytes ?? r.bytes,
          lighthouse: confirm?.lighthouse ?? r.lighthouse,
        };
      }
    }

    if (atLargest && kind === 'postgres' && wants('soak')) {
      await attempt('soak', `${target.label}, ${soakMinutes} minuten`, async () => {
        const r = await measureSoak(target, seeded.otherEmails);
        soak = { size, ...r };
      });
    }
  } finally {
    await target.drop();
  }
}

/* ---------------------------------------------------------------- many organisations */

/** Its own database, seeded, one server, the screen calls of the largest and the smallest organisation. */
async function benchOrganizations(): Promise<OrganizationsResult> {
  const sizes = organizationSizes(orgs.count, orgs.orders, orgs.largest);
  const target = await createBenchDatabase('postgres', orgs.orders, stamp, '_orgs');
  const databaseUrl = target.server.databaseUrl!;
  try {
    // Migrated by opening, then seeded on a connection of its own.
    await (await target.open()).close();
    log(`  ${orgs.count} organisaties, ${orgs.orders} orders seeden`);
    const seed = await seedManyOrganizations(databaseUrl, {
      sizes,
      passwordHash: await hashPassword(BENCH_PASSWORD),
    });
    log(`  geseed in ${seed.seconds.toFixed(0)} s; server starten`);
    const server = await startServer(takePort(), target.server);
    try {
      const runs = await benchManyOrganizations(
        server.url,
        databaseUrl,
        [
          { label: 'grootste', organization: seed.largest, password: BENCH_PASSWORD },
          { label: 'kleinste', organization: seed.smallest, password: BENCH_PASSWORD },
        ],
        { runs: 100, budgetMs: quick ? 1000 : 1500 },
      );
      return { sizes, seed, runs };
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

/* ---------------------------------------------------------------- the run */

if (parts.some((p) => SERVER_PARTS.includes(p) || p === 'seed')) {
  const hash = await hashPassword(BENCH_PASSWORD);
  // Only the screens, the orders page under load, the start-up and the customer's order page compare
  // PGlite; the rest is Postgres.
  const kinds: DbKind[] =
    parts.some((p) => PGLITE_PARTS.includes(p)) || parts.every((p) => p === 'seed')
      ? ['postgres', 'pglite']
      : ['postgres'];
  for (const size of sizes) {
    for (const kind of kinds) await benchDatabase(kind, size, hash);
  }
  bodies.set('seed', buildSeedSection(seeds, 'scripts/seed-bulk.ts'));
  bodies.set('startup', buildStartupSection(startups));
  bodies.set('screens', buildScreensSection(screens, sizes));
  bodies.set('concurrency', buildConcurrencySection(loads));
  bodies.set('overhead', buildApiOverheadSection(overhead));
  bodies.set('transport', buildTransportSection(transport));
  bodies.set('stream', buildStreamSection(stream));
  bodies.set('login', buildLoginSection(flood));
  bodies.set('firstload', buildFirstLoadSection(firstLoad));
  bodies.set('lighthouse', buildLighthouseSection(lighthouse));
  bodies.set('soak', buildSoakSection(soak));
  bodies.set('confirm', buildConfirmSection(confirm, largest));
}
if (wants('orgs')) {
  organizations = await attempt(
    'orgs',
    `${orgs.count} organisaties, ${orgs.orders} orders`,
    benchOrganizations,
  );
  bodies.set('orgs', buildOrganizationsSection(organizations));
}
if (wants('pdf')) {
  const body = await attempt('pdf', 'printer, ondergrens, browser per document', () => benchPdf({ quick }));
  if (body) bodies.set('pdf', body);
}
if (wants('auth')) {
  const body = await attempt('auth', 'forgot-password en resend', () => benchAuthEvenness());
  if (body) bodies.set('auth', body);
}
if (wants('ubl')) {
  const body = await attempt('ubl', 'genereren en orderUbl', () => benchUbl({ quick }));
  if (body) bodies.set('ubl', body);
}

/* ---------------------------------------------------------------- the report */

const sections: SectionResult[] = parts.map((id) => {
  const body = bodies.get(id) ?? { tables: [], targets: [], notes: [], data: null };
  const errs = errors.get(id);
  return {
    id,
    title: TITLES[id],
    seconds: seconds.get(id) ?? 0,
    ...body,
    ...(errs ? { error: errs.join(' · ') } : {}),
  };
});

function commit(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    const dirty = execSync('git status --porcelain --untracked-files=no', { cwd: root }).toString().trim();
    return dirty ? `${sha} (met lokale wijzigingen)` : sha;
  } catch {
    return 'onbekend';
  }
}

const meta: RunMeta = {
  date: new Date().toISOString(),
  commit: commit(),
  node: process.version,
  cpus: os.availableParallelism(),
  quick,
  sizes,
  parts,
  wallSeconds: (performance.now() - wallStart) / 1000,
  loadAverage: [loadAtStart, os.loadavg()[0]!],
};
const report = renderReport(meta, sections);
const outDir = path.join(root, 'bench');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'REPORT.md'), report);
const resultsFile = path.join(outDir, 'results.json');
// Milliseconds to the microsecond are plenty; the rest is noise that makes the file unreadable.
const rounded = (_key: string, value: unknown) => (typeof value === 'number' ? round(value, 3) : value);
fs.writeFileSync(resultsFile, `${JSON.stringify({ meta, sections }, rounded, 2)}\n`);
// In the repository's own JSON style, so `npm run lint` (Biome) passes on the committed file.
spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', resultsFile], {
  cwd: root,
  stdio: 'ignore',
});
console.log(`\n${report}`);
console.log(`Geschreven: bench/REPORT.md en bench/results.json (${meta.wallSeconds.toFixed(0)} s).`);
const failed = sections.some((s) => s.error || s.targets.some((t) => !t.pass));
process.exit(failed ? 1 : 0);
