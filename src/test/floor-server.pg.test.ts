import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../server/services/orders/orders';
import { buildTestApp, testDeps } from './context';
import { openTestDatabase, type TestDatabase } from './db';
import { createCapturingMailer } from './mailer';
import { insertCustomer, parsedOrder } from './orders-fixtures';
import { postgresForTestFile } from './postgres';
import { createSignedInUser } from './users';

/**
 * The floor of the API benchmark (scripts/bench/floor-server.ts; vitest collects src/ only, so its test
 * lives here): started the way the bench starts it, it must refuse a request without a session as the
 * app does and answer the same profile and order the app answers. It speaks postgres.js, so Postgres only.
 */
const { serverUrl, unreachable } = await postgresForTestFile(import.meta.filename);
const root = path.resolve(import.meta.dirname, '../..');

function startFloor(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve({ child, url: line.slice('listening '.length) });
    });
    child.once('exit', (code) => reject(new Error(`floor server exited (${code}): ${stderr}`)));
  });
}

describe.skipIf(unreachable)('the bench floor server (Postgres)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let floor: { child: ChildProcess; url: string };

  beforeAll(async () => {
    database = await openTestDatabase({ serverUrl });
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const url = new URL(serverUrl);
    url.pathname = `/${database.name}`;
    floor = await startFloor(url.toString());
  });
  afterAll(async () => {
    if (floor && floor.child.exitCode === null) {
      const exited = new Promise((resolve) => floor.child.once('exit', resolve));
      floor.child.kill('SIGTERM');
      await exited;
    }
    await app?.close();
    await database?.close();
  });

  const get = (p: string, token?: string) =>
    fetch(`${floor.url}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('/bare answers without a database', async () => {
    expect(await (await get('/bare')).json()).toEqual({ status: 'ok' });
  });

  it('/bare/profile: 401 with the app’s body without a valid token, the app’s profile with one', async () => {
    const appRefusal = await app.inject({ url: '/api/auth/profile' });
    for (const token of [undefined, 'onbekend-token']) {
      const res = await get('/bare/profile', token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(appRefusal.json());
    }
    const { token } = await createSignedInUser(database.db);
    const res = await get('/bare/profile', token);
    expect(res.status).toBe(200);
    const appProfile = await app.inject({
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await res.json()).toEqual(appProfile.json());
  });

  it('/bare/orders/:id: the app’s GET /api/orders/{id}, and 404 for another user’s order', async () => {
    const owner = await createSignedInUser(database.db);
    const stranger = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, owner.user.id);
    const order = await createOrder(database.db, owner.user.id, parsedOrder(customer.id), new Date());
    const res = await get(`/bare/orders/${order.id}`, owner.token);
    expect(res.status).toBe(200);
    const appOrder = await app.inject({
      url: `/api/orders/${order.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(await res.json()).toEqual(appOrder.json());
    expect((await get(`/bare/orders/${order.id}`, stranger.token)).status).toBe(404);
    expect((await get(`/bare/orders/${order.id}`)).status).toBe(401);
  });
});
