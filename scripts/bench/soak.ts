/**
 * The soak: a mixed load of many accounts at once for many minutes on one server, to see whether it
 * slows down or grows the longer it runs. Each account is one worker on its own keep-alive connection
 * (as one browser tab), going round the same cycle without pause: the orders list and a search (tRPC,
 * as the screens ask), reading orders, the customers page and the dashboard's stats, creating an order
 * and printing and downloading it, editing one of its seeded orders and printing that again, printing
 * an unchanged order (the stored file handed out again), and deleting its oldest new order once it
 * keeps more than a few, so the number of orders stays level: what grows is the server's doing, not
 * the data's. Every request is timed; once a second the serving process's RSS (and V8 heap, through
 * memory-probe.mjs) and its Chromium's are read, every ten seconds the PDF store is counted.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { login, request, type Session, trpcQueryPath } from './http-client';
import { chromiumRssBytes, root, rssBytes } from './server-process';
import {
  type SoakMemorySample,
  type SoakMinute,
  type SoakRequest,
  type SoakStep,
  type SoakStoreSample,
  soakMinutes,
} from './soak-minutes';

export type SoakAccount = {
  email: string;
  session: Session;
  customerId: string;
  /** Orders of the seed, which the worker reads, edits and prints. */
  seededIds: string[];
};

export type SoakResult = {
  minutes: number;
  accounts: number;
  minutesTable: SoakMinute[];
  /** Requests by step over the whole run. */
  steps: Record<string, number>;
  failures: string[];
};

const REQUEST_TIMEOUT_MS = 60_000;
/** New orders a worker keeps before it deletes its oldest. */
const KEEP_CREATED = 5;
const SEARCHES = ['jansen', 'bouw', '-10', 'utrecht', 'kantoor'];

/** The preloaded memory probe and its folder: the soak server is started with these in its environment. */
export function memoryProbeEnv(dir: string): NodeJS.ProcessEnv {
  const probe = path.join(root, 'scripts/bench/memory-probe.mjs');
  const existing = process.env.NODE_OPTIONS ?? '';
  return { BENCH_MEMORY_DIR: dir, NODE_OPTIONS: `${existing} --import ${probe}`.trim() };
}

export const makeMemoryDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-soak-memory-'));

function readHeapUsed(dir: string | undefined, pid: number): number | undefined {
  if (!dir) return undefined;
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, `${pid}.json`), 'utf8')) as { heapUsed: number })
      .heapUsed;
  } catch {
    return undefined;
  }
}

const orderBody = (customer: string, reference: string) =>
  JSON.stringify({
    customer,
    project: 'Soak',
    reference,
    items: [
      { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: '199,99', vat: 21 },
      { description: 'Montage', quantity: 2, unit: 'uur', price: '45,50', vat: 21 },
      { description: 'Handboek', quantity: 1, unit: 'stuk', price: '12,50', vat: 9 },
    ],
    status: 'concept',
    paymentTerm: 30,
    btwVerlegd: false,
  });

type TrpcPage = [{ result: { data: { items: { _id: string }[] } } }];

/** Signs the accounts in (one after another: argon2) and reads each one's first customer and orders. */
export async function prepareSoakAccounts(
  baseUrl: string,
  emails: readonly string[],
  password: string,
): Promise<SoakAccount[]> {
  const accounts: SoakAccount[] = [];
  for (const email of emails) {
    const session = await login(baseUrl, email, password);
    const auth = { authorization: session.bearer };
    const customers = await request(baseUrl, '/api/customers', { headers: auth });
    const customerId = (JSON.parse(customers.body) as { _id: string }[])[0]?._id;
    if (!customerId) throw new Error(`${email} heeft geen klant om orders voor te maken`);
    const page = await request(
      baseUrl,
      trpcQueryPath('orders.page', { period: 'all', page: 1, pageSize: 20 }),
      { headers: { cookie: session.cookie } },
    );
    const seededIds = (JSON.parse(page.body) as TrpcPage)[0].result.data.items.map((o) => o._id);
    if (seededIds.length < 2) throw new Error(`${email} heeft te weinig orders`);
    accounts.push({ email, session, customerId, seededIds });
  }
  return accounts;
}

/** One account's endless round, until the deadline; every request is recorded. */
async function work(
  baseUrl: string,
  account: SoakAccount,
  startedAt: number,
  deadline: number,
  record: (r: SoakRequest) => void,
  fail: (message: string) => void,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bearer = { authorization: account.session.bearer };
  const cookie = { cookie: account.session.cookie };
  const created: string[] = [];
  /** Seeded orders printed since their last edit: printing them again hands out the stored file. */
  const printed = new Set<string>();
  let round = 0;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

  const call = async (
    step: SoakStep,
    urlPath: string,
    opts: { method?: string; headers: http.OutgoingHttpHeaders; body?: string },
  ): Promise<string | null> => {
    if (performance.now() >= deadline) return null;
    const t0 = performance.now();
    try {
      const reply = await request(baseUrl, urlPath, {
        ...opts,
        headers: opts.body ? { ...opts.headers, 'content-type': 'application/json' } : opts.headers,
        agent,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      const ok = reply.status >= 200 && reply.status < 300;
      record({ atMs: t0 - startedAt, ms: performance.now() - t0, step, ok });
      if (!ok) fail(`${step} ${reply.status}: ${reply.body.slice(0, 200)}`);
      return ok ? reply.body : null;
    } catch (err) {
      record({ atMs: t0 - startedAt, ms: performance.now() - t0, step, ok: false });
      fail(`${step}: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  };
  const ordersPage = (input: Record<string, unknown>) =>
    trpcQueryPath('orders.page', { period: 'all', page: 1, pageSize: 20, ...input });
  const printAndDownload = async (step: SoakStep, id: string, download: boolean) => {
    const body = await call(step, `/api/pdf/orders/${id}`, { headers: bearer });
    if (!body || !download) return;
    const { filename } = JSON.parse(body) as { filename: string };
    await call('download', `/api/pdf/download/${filename}`, { headers: bearer });
  };

  try {
    while (performance.now() < deadline) {
      round++;
      await call('list', ordersPage({}), { headers: cookie });
      await call('search', ordersPage({ search: SEARCHES[round % SEARCHES.length] }), { headers: cookie });
      await call('read', `/api/orders/${pick(account.seededIds)}`, { headers: bearer });
      await call('list', ordersPage({ page: 2 }), { headers: cookie });
      await call('read', `/api/orders/${pick(account.seededIds)}`, { headers: bearer });
      await call('customers', trpcQueryPath('customers.page', { activeOnly: false, pageSize: 24, page: 1 }), {
        headers: cookie,
      });
      await call('stats', trpcQueryPath('orders.stats', { period: 'month' }), { headers: cookie });

      const made = await call('create', '/api/orders', {
        method: 'POST',
        headers: bearer,
        body: orderBody(account.customerId, `soak-${round}`),
      });
      const newId = made ? (JSON.parse(made) as { _id: string })._id : null;
      if (newId) created.push(newId);

      if (round % 2 === 1 && newId) {
        await printAndDownload('pdf-new', newId, true);
      } else {
        const id = pick(account.seededIds);
        printed.delete(id);
        const edited = await call('edit', `/api/orders/${id}`, {
          method: 'PUT',
          headers: bearer,
          body: orderBody(account.customerId, `soak-edit-${round}`),
        });
        if (edited) {
          await printAndDownload('pdf-new', id, true);
          printed.add(id);
        }
      }
      if (printed.size > 0) await printAndDownload('pdf-reused', pick([...printed]), false);

      while (created.length > KEEP_CREATED) {
        await call('delete', `/api/orders/${created.shift()}`, { method: 'DELETE', headers: bearer });
      }
    }
  } finally {
    agent.destroy();
  }
}

export async function runSoak(opts: {
  baseUrl: string;
  accounts: readonly SoakAccount[];
  minutes: number;
  serverPid: number;
  databaseUrl: string;
  memoryDir?: string;
  log?: (message: string) => void;
}): Promise<SoakResult> {
  const requests: SoakRequest[] = [];
  const memory: SoakMemorySample[] = [];
  const store: SoakStoreSample[] = [];
  const failures: string[] = [];
  let failureCount = 0;
  const fail = (message: string) => {
    failureCount++;
    if (failures.length < 20) failures.push(message);
  };
  const sql = postgres(opts.databaseUrl, { max: 1, onnotice: () => {} });
  const startedAt = performance.now();
  const deadline = startedAt + opts.minutes * 60_000;

  const sampleMemory = () => {
    const heapUsed = readHeapUsed(opts.memoryDir, opts.serverPid);
    memory.push({
      atMs: performance.now() - startedAt,
      rss: rssBytes(opts.serverPid),
      chromiumRss: chromiumRssBytes(opts.serverPid),
      ...(heapUsed !== undefined ? { heapUsed } : {}),
    });
  };
  const countStore = async () => {
    const atMs = performance.now() - startedAt;
    const [row] = await sql<{ n: number; bytes: string }[]>`
      select count(*)::int as n, coalesce(sum(size), 0)::bigint as bytes from pdf_files`;
    store.push({ atMs, pdfFiles: row!.n, pdfBytes: Number(row!.bytes) });
  };
  const memoryTimer = setInterval(sampleMemory, 1000);
  let counting = Promise.resolve();
  const storeTimer = setInterval(() => {
    counting = counting.then(countStore).catch((err: unknown) => fail(`pdf_files tellen: ${String(err)}`));
  }, 10_000);
  let lastMinute = 0;
  const progress = setInterval(() => {
    const minute = Math.floor((performance.now() - startedAt) / 60_000);
    if (minute <= lastMinute) return;
    lastMinute = minute;
    const row = soakMinutes(minute, requests, memory, store)[minute - 1];
    if (row)
      opts.log?.(
        `  soak minuut ${minute}: ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99.toFixed(0)} ms, nieuwe PDF p50 ${row.newPdfP50.toFixed(0)} ms, RSS ${row.rssMb.toFixed(0)} MB, heap ${row.heapUsedMb.toFixed(0)} MB, Chromium ${row.chromiumRssMb.toFixed(0)} MB, ${row.pdfFiles} PDF's`,
      );
  }, 1000);
  try {
    await Promise.all(
      opts.accounts.map((account) =>
        work(opts.baseUrl, account, startedAt, deadline, (r) => requests.push(r), fail),
      ),
    );
  } finally {
    clearInterval(memoryTimer);
    clearInterval(storeTimer);
    clearInterval(progress);
    await counting;
    await sql.end({ timeout: 5 });
  }
  const steps: Record<string, number> = {};
  for (const r of requests) steps[r.step] = (steps[r.step] ?? 0) + 1;
  if (failureCount > failures.length) failures.push(`… en nog ${failureCount - failures.length}`);
  return {
    minutes: opts.minutes,
    accounts: opts.accounts.length,
    minutesTable: soakMinutes(opts.minutes, requests, memory, store),
    steps,
    failures,
  };
}
