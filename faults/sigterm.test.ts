import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/build-server.mjs';
import { apiAs, customerOverHttp, signUpOverHttp } from '../src/test/http-account';
import { orderPayload } from '../src/test/orders-fixtures';
import {
  chromiumBrowserOf,
  descendantsOf,
  isAlive,
  killIfStillRunning,
  type ProcessInfo,
} from '../src/test/processes';
import { type Exit, type ServerProcess, startServerProcess } from '../src/test/server-process';
import { startSlowRequest } from '../src/test/slow-request';
import { faultsServerEntry, installedDataDir } from './support/server';

/**
 * SIGTERM (what `docker stop`, systemd and a terminal's Ctrl-C send): the server finishes the
 * requests under way — an order being saved is stored and answered — closes its browser, its
 * webhook queue and its database, and exits 0 within 10 s. Also when started with `npm start`,
 * whose npm stands between the signal and the server (scripts/start.mjs runs it in its own process).
 */

/** The most a stop may take: what `docker stop` waits before it kills. */
const STOP_LIMIT_MS = 10_000;

/** The exit, or a failure naming the limit when it does not come within it. */
async function exitWithin(server: ServerProcess, ms: number): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running ${ms} ms after SIGTERM:\n${server.output().slice(-3000)}`)),
      ms,
    );
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

const INCOMING_ORDER = /"method":"POST","url":"\/api\/orders"[^\n]*"msg":"incoming request"/g;

describe('SIGTERM', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  /** What the servers started: should a signal not reach them, they must not outlive the tests either. */
  const started: ProcessInfo[] = [];
  const newDataDir = () => {
    const dir = installedDataDir('faults-sigterm-');
    dataDirs.push(dir);
    return dir;
  };

  /** The built server on `dataDir`, healthy. */
  const startOn = async (dataDir: string) => {
    const server = await startServerProcess({ entry: faultsServerEntry(), env: { DATA_DIR: dataDir } });
    servers.push(server);
    await server.healthy();
    return server;
  };

  /** A new server on a new folder, with an account and a customer. */
  const serverWithCustomer = async () => {
    const dataDir = newDataDir();
    const server = await startOn(dataDir);
    const account = await signUpOverHttp(server.url);
    const api = apiAs(server.url, account);
    const customerId = await customerOverHttp(api);
    return { dataDir, server, account, api, customerId };
  };

  /** An order save under way: the server has its headers and half its body (and has logged it). */
  const orderSaveUnderWay = async (
    { server, account, customerId }: Awaited<ReturnType<typeof serverWithCustomer>>,
    reference: string,
  ) => {
    const seen = server.output().match(INCOMING_ORDER)?.length ?? 0; // the request log, LOG_LEVEL info
    const request = await startSlowRequest(server.port, {
      method: 'POST',
      path: '/api/orders',
      headers: { Authorization: `Bearer ${account.token}` },
      json: orderPayload(customerId, { reference }),
    });
    await server.waitForOutput((output) => (output.match(INCOMING_ORDER)?.length ?? 0) > seen);
    return request;
  };

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const p of started) killIfStillRunning(p);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the order being saved, closes browser, queue and database, and exits 0', async () => {
    const setUp = await serverWithCustomer();
    const { dataDir, server, account, api, customerId } = setUp;
    // A PDF first: the browser runs, so there is one to close.
    const first = await api.post('/api/orders', orderPayload(customerId));
    expect((await api.get(`/api/pdf/orders/${((await first.json()) as { _id: string })._id}`)).status).toBe(
      200,
    );
    expect(chromiumBrowserOf(server.pid)).toBeDefined();
    const children = descendantsOf(server.pid);
    started.push(...children);

    const request = await orderSaveUnderWay(setUp, 'Onderweg bij SIGTERM');

    server.child.kill('SIGTERM');
    const exit = exitWithin(server, STOP_LIMIT_MS);
    await server.waitForOutput('SIGTERM received');
    request.finish();
    const res = await request.response;
    expect(res.status, res.body).toBe(200);
    expect(res.headers.connection).toBe('close');
    const saved = JSON.parse(res.body) as { _id: string; reference: string };

    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain(
      'Stopped: requests finished; PDF browser, job queues and database closed.',
    );
    // Nothing it started outlives it: the browser, the password-hashing child.
    expect(children.filter((p) => isAlive(p.pid))).toEqual([]);

    // Stored: a new start on the same folder has it.
    const again = await startOn(dataDir);
    const stored = await apiAs(again.url, account).get(`/api/orders/${saved._id}`);
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { reference: string }).reference).toBe('Onderweg bij SIGTERM');
    expect(await again.stop()).toEqual({ code: 0, signal: null });
  });

  it('a client that never finishes its request: exits 1 within the limit, saying so, and keeps nothing half', async () => {
    const setUp = await serverWithCustomer();
    const { dataDir, server, account } = setUp;
    // Half a body and then nothing: Node would wait for the rest for its request timeout (300 s).
    const stalled = await orderSaveUnderWay(setUp, 'Nooit af');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, STOP_LIMIT_MS)).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(8000);
    expect(server.output()).toContain('Not stopped within 9 s: stopped without waiting any longer.');
    await stalled.closed;

    const again = await startOn(dataDir);
    const orders = (await (await apiAs(again.url, account).get('/api/orders')).json()) as unknown[];
    expect(orders).toEqual([]);
    expect(await again.stop()).toEqual({ code: 0, signal: null });
  });

  it('reaches the server through `npm start` (npm hands it to scripts/start.mjs, which runs the server)', async () => {
    const builds = path.join('dist', 'test-builds', `npm-start-${process.pid}-${Date.now()}`);
    try {
      const server = await startServerProcess({
        command: { file: 'npm', args: ['start'] },
        env: {
          DATA_DIR: newDataDir(),
          // Its own builds (start.mjs makes them), beside the developer's.
          CLIENT_DIST_DIR: path.join(builds, 'client'),
          SERVER_DIST_DIR: path.join(builds, 'server'),
        },
      });
      servers.push(server);
      await server.healthy(300_000);
      const tree = descendantsOf(server.pid);
      started.push(...tree);
      // start.mjs runs the built server in its own process: the one serving, under npm.
      expect(tree.some((p) => p.command.includes('scripts/start.mjs'))).toBe(true);
      expect(tree.some((p) => p.command.includes(path.join(builds, 'server', 'main.js')))).toBe(false);
      expect(server.output()).toContain('Inkooporders running at');

      server.child.kill('SIGTERM');
      expect(await exitWithin(server, STOP_LIMIT_MS)).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('Stopped:');
      expect(tree.filter((p) => isAlive(p.pid))).toEqual([]);
    } finally {
      fs.rmSync(path.join(root, builds), { recursive: true, force: true });
    }
  });
});
