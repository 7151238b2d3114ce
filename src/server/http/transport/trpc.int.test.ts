import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { createCapturingMailer } from '../../../test/mailer';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { createOrder } from '../../services/orders/orders';

/**
 * /trpc as the app serves it, through @trpc/server's Fastify adapter (adapters.ts): single calls,
 * batches, errors, mutations, and a JSON answer sent whole (compression.ts hands tRPC's Response on
 * as the bytes it holds).
 */
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('tRPC over Fastify', () => {
  it('answers a query as one JSON body with a length, not a chunked stream', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const res = await app.inject({
      url: '/trpc/auth.profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(res.headers.vary).toBe('trpc-accept, accept');
    expect(res.json()).toMatchObject({ result: { data: { _id: user.id, email: user.email } } });
  });

  it('answers a batch as the browser client sends it, each call with its own result or error', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, user.id);
    const order = await createOrder(database.db, user.id, parsedOrder(customer.id), new Date());
    const input = encodeURIComponent(JSON.stringify({ 1: { id: order.id }, 2: { id: crypto.randomUUID() } }));
    const res = await app.inject({
      url: `/trpc/auth.profile,orders.get,orders.get?batch=1&input=${input}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(207);
    const [profile, found, missing] = res.json() as [
      { result: { data: { _id: string } } },
      { result: { data: { _id: string; orderNumber: string } } },
      { error: { message: string; data: { httpStatus: number } } },
    ];
    expect(profile.result.data._id).toBe(user.id);
    expect(found.result.data).toMatchObject({ _id: order.id, orderNumber: order.orderNumber });
    expect(missing.error).toMatchObject({ message: 'Order niet gevonden.', data: { httpStatus: 404 } });
  });

  it('answers a batch whose procedure names run past 100 characters, as a settings screen asks them', async () => {
    const { token } = await createSignedInUser(database.db);
    const paths = [
      'orderSettings.get',
      'pdfSettings.get',
      'apiKeys.list',
      'webhooks.list',
      'organizationSettings.get',
      'members.list',
      'auth.profile',
      'auth.organizations',
    ];
    expect(paths.join(',').length).toBeGreaterThan(100);
    const res = await app.inject({
      url: `/trpc/${paths.join(',')}?batch=1&input=%7B%7D`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answers = res.json() as { result?: unknown }[];
    expect(answers).toHaveLength(paths.length);
    for (const answer of answers) expect(answer.result).toBeDefined();
  });

  it('refuses a query without a session with 401 and the Dutch body', async () => {
    const res = await app.inject({ url: '/trpc/auth.profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: { message: 'U bent niet ingelogd of uw sessie is verlopen. Log opnieuw in.', code: -32001 },
    });
  });

  it('runs a mutation with a JSON body; a malformed or empty JSON body is a 400, as with the adapter', async () => {
    const { token } = await createSignedInUser(database.db);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const payload of ['{"', '']) {
      const bad = await app.inject({ method: 'POST', url: '/trpc/auth.logout', headers, payload });
      expect(bad.statusCode).toBe(400);
    }
    // As the browser's batch link sends a call without input.
    const out = await app.inject({
      method: 'POST',
      url: '/trpc/auth.logout?batch=1',
      headers,
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject([{ result: { data: { success: true } } }]);
    const after = await app.inject({
      url: '/trpc/auth.profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a query by POST and a mutation by GET, as tRPC does', async () => {
    const { token } = await createSignedInUser(database.db);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = await app.inject({ method: 'POST', url: '/trpc/auth.profile', headers, payload: '{}' });
    expect(post.statusCode).toBe(405);
    const get = await app.inject({ url: '/trpc/auth.logout', headers });
    expect(get.statusCode).toBe(405);
  });
});
