import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { buildTestApp, createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, parsedOrder } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { buildApp } from '../app';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { createLogger } from '../log';
import { listAllOrders } from '../services/orders/order-reads';
import { orderToWire } from '../services/orders/order-wire';
import { createOrder } from '../services/orders/orders';

/**
 * An HTTP answer read off a real socket: whether its body ended properly, not just what arrived.
 * Status 0: the connection closed before any answer.
 */
type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean };

function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            complete: res.complete,
          });
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', done);
        // A response cut off by the server ends in an 'aborted' error instead of 'end'.
        res.on('error', done);
      })
      // Cut off before any byte (a compressor still held the first batch): no answer at all.
      .on('error', (err: NodeJS.ErrnoException) =>
        err.code === 'ECONNRESET'
          ? resolve({ status: 0, headers: {}, body: Buffer.alloc(0), complete: false })
          : reject(err),
      );
  });
}

/** Orders with 1–3 lines each, straight through the service (numbers, totals and lines as in use). */
async function createOrders(db: Db, userId: string, count: number): Promise<string[]> {
  const customer = await insertCustomer(db, userId);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const items = [
      {
        description: `Regel ${i}.1`,
        quantity: i + 1,
        unit: 'stuk' as const,
        price: `${i + 1},25`,
        vat: 21 as const,
      },
      { description: `Regel ${i}.2`, quantity: 2, unit: 'uur' as const, price: '45,50', vat: 9 as const },
      { description: `Regel ${i}.3`, quantity: 1, unit: 'dag' as const, price: 12.5, vat: 0 as const },
    ].slice(0, (i % 3) + 1);
    const order = await createOrder(
      db,
      userId,
      parsedOrder(customer.id, { project: `Project ${i}`, items, btwVerlegd: i % 5 === 4 }),
      new Date(),
    );
    ids.push(order.id);
  }
  return ids;
}

describe('GET /api/orders streams the list (integration)', () => {
  let database: TestDatabase;
  /** The app by batch size: 1, 10 and 25 orders per query, and the default. */
  const apps = new Map<number | 'default', FastifyInstance>();
  const app = (size: number | 'default') => apps.get(size)!;
  let a: { token: string; userId: string; orderIds: string[] };
  let b: { token: string; userId: string; orderIds: string[] };
  let empty: { token: string };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    database = await openTestDatabase();
    const deps = testDeps(database.db, createCapturingMailer());
    for (const size of [1, 10, 25] as const)
      apps.set(size, await buildApp({ deps, serveClient: false, ordersStream: { batchSize: size } }));
    apps.set('default', await buildTestApp(deps));

    const userA = await createSignedInUser(database.db);
    const userB = await createSignedInUser(database.db);
    const userEmpty = await createSignedInUser(database.db);
    a = {
      token: userA.token,
      userId: userA.user.id,
      orderIds: await createOrders(database.db, userA.user.id, 25),
    };
    b = {
      token: userB.token,
      userId: userB.user.id,
      orderIds: await createOrders(database.db, userB.user.id, 3),
    };
    empty = { token: userEmpty.token };

    // The keyset's hard cases, across the boundaries of 10 per batch: orders 5–14 share one date to the
    // microsecond (they are then ordered by id), and orders 15–24 lie within one millisecond, apart
    // only in microseconds — a cursor kept as a JS Date would skip or repeat some of them.
    const ids = a.orderIds;
    for (let i = 0; i < 5; i++)
      await database.db.execute(
        sql`update orders set date = ${`2026-04-0${i + 1} 12:00:00+02`}::timestamptz where id = ${ids[i]}`,
      );
    await database.db
      .update(orders)
      .set({ date: sql`'2026-03-01 10:00:00.123456+01'::timestamptz` })
      .where(inArray(orders.id, ids.slice(5, 15)));
    for (let i = 15; i < 25; i++)
      await database.db.execute(
        sql`update orders set date = ${`2026-02-01 09:00:00.5000${String(i - 15).padStart(2, '0')}+01`}::timestamptz where id = ${ids[i]}`,
      );
    // An order without lines (possible only outside the API) streams as it lists.
    await database.db.delete(orderItems).where(eq(orderItems.orderId, ids[7]!));
    // B's orders are newer than all of A's: a keyset that forgot the owner would start with them.
    await database.db
      .update(orders)
      .set({ date: sql`'2026-06-01 10:00:00+02'::timestamptz` })
      .where(eq(orders.organizationId, b.userId));
  });
  afterAll(async () => {
    for (const instance of apps.values()) await instance.close();
    await database.close();
  });

  /** What the REST call answered before it streamed: the procedure's output, as JSON. */
  async function unstreamed(token: string): Promise<string> {
    const caller = await createTestCaller(testDeps(database.db, createCapturingMailer()), { token });
    return JSON.stringify(await caller.orders.list());
  }

  it.each([1, 10, 25, 'default'] as const)(
    'sends exactly the unstreamed list, newest first, at %s orders per batch',
    async (size) => {
      const res = await app(size).inject({ method: 'GET', url: '/api/orders', headers: bearer(a.token) });
      expect(res.statusCode).toBe(200);
      const wire = (await listAllOrders(database.db, a.userId)).map(orderToWire);
      expect(wire).toHaveLength(25);
      expect(res.json()).toEqual(wire);
      // Byte for byte what trpc-to-openapi sent: the output schema's key order, same numbers.
      expect(res.body).toBe(await unstreamed(a.token));
      // The dates set above, in order: the April ones, then the shared one, then the microsecond ones.
      const ids = a.orderIds;
      expect(res.json().map((o: { _id: string }) => o._id)).toEqual([
        ...ids.slice(0, 5).reverse(),
        ...ids.slice(5, 15).sort().reverse(),
        ...ids.slice(15).reverse(),
      ]);
    },
  );

  it('sends [] for no orders, and one order as a one-element array', async () => {
    for (const size of [1, 10, 'default'] as const) {
      const res = await app(size).inject({ method: 'GET', url: '/api/orders', headers: bearer(empty.token) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('[]');
    }
    const one = await createSignedInUser(database.db);
    await createOrders(database.db, one.user.id, 1);
    const res = await app(10).inject({ method: 'GET', url: '/api/orders', headers: bearer(one.token) });
    expect(res.json()).toHaveLength(1);
    expect(res.body).toBe(await unstreamed(one.token));
  });

  it("never sends another user's orders", async () => {
    for (const size of [1, 10, 'default'] as const) {
      const res = await app(size).inject({ method: 'GET', url: '/api/orders', headers: bearer(b.token) });
      const sent = res.json().map((o: { _id: string }) => o._id);
      expect(sent).toEqual([...b.orderIds].sort().reverse());
      expect(res.body).toBe(await unstreamed(b.token));
    }
  });

  it('takes the session cookie as well as the bearer header, and answers 401 as every REST call does', async () => {
    const byCookie = await app(10).inject({
      method: 'GET',
      url: '/api/orders',
      headers: { cookie: `session=${a.token}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toHaveLength(25);

    const procedure401 = await app(10).inject({ method: 'GET', url: '/api/customers' });
    for (const headers of [{}, bearer('onzin'), { cookie: 'session=onzin' }]) {
      const res = await app(10).inject({ method: 'GET', url: '/api/orders', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE, code: 'UNAUTHORIZED' });
      expect(res.body).toBe(procedure401.body);
      expect(res.headers['content-type']).toBe(procedure401.headers['content-type']);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers with the headers of every API answer, and ignores parameters it does not know', async () => {
    const plain = await app(10).inject({ method: 'GET', url: '/api/orders', headers: bearer(a.token) });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    for (const query of ['?page=2', '?pagina=3&zoek=x', '?']) {
      const res = await app(10).inject({
        method: 'GET',
        url: `/api/orders${query}`,
        headers: bearer(a.token),
      });
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toBe(plain.body);
    }
  });

  it('leaves the other /api/orders routes, HEAD and the OpenAPI description to the procedures', async () => {
    const headers = bearer(a.token);
    const one = await app(10).inject({ method: 'GET', url: `/api/orders/${a.orderIds[0]}`, headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: a.orderIds[0], emails: [] });
    const foreign = await app(10).inject({ method: 'GET', url: `/api/orders/${b.orderIds[0]}`, headers });
    expect(foreign.statusCode).toBe(404);
    const invalid = await app(10).inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { customer: 'x', items: [] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'BAD_REQUEST' });
    // HEAD reads nothing: no list is built to be thrown away.
    const head = await app(10).inject({ method: 'HEAD', url: '/api/orders', headers });
    expect(head.statusCode).toBeLessThan(300);
    expect(head.body).toBe('');

    const doc = (await app(10).inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = doc.paths['/orders'].get;
    expect(list.summary).toBe('Alle orders, nieuwste eerst');
    const schema = list.responses['200'].content['application/json'].schema;
    expect(schema.type).toBe('array');
    expect(Object.keys(schema.items.properties)).toEqual(
      expect.arrayContaining(['_id', 'items', 'vatByRate']),
    );
    expect(doc.paths['/orders'].post).toBeDefined();
  });

  it('sends the same list compressed when asked, gzip and brotli alike', async () => {
    const expected = await unstreamed(a.token);
    for (const size of [1, 'default'] as const) {
      for (const [encoding, decode] of [
        ['gzip', zlib.gunzipSync],
        ['br', zlib.brotliDecompressSync],
      ] as const) {
        const res = await app(size).inject({
          method: 'GET',
          url: '/api/orders',
          headers: { ...bearer(a.token), 'accept-encoding': encoding },
        });
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(decode(res.rawPayload).toString('utf8'), encoding).toBe(expected);
      }
    }
  });
});

/** A query builder whose every step chains as usual but which, awaited, fails after a while. */
function failingLater(query: object): object {
  return new Proxy(query, {
    get(q, p, r) {
      if (p === 'then')
        return (_ok: unknown, fail: (err: Error) => void) =>
          setTimeout(() => fail(new Error('write CONNECTION_CLOSED 127.0.0.1:5432')), 20);
      const member = Reflect.get(q, p, r);
      return typeof member === 'function'
        ? (...args: unknown[]) => failingLater(member.apply(q, args))
        : member;
    },
  });
}

/** In a database of its own: the list breaks off half-way. */
describe('GET /api/orders when the database fails mid-stream (integration)', () => {
  let database: TestDatabase;
  let server: FastifyInstance;
  let base: string;
  let token: string;
  const lines: string[] = [];
  /** Reads of the orders table before the next one fails; Infinity: none fails. */
  let readsBeforeFailure = Number.POSITIVE_INFINITY;

  beforeAll(async () => {
    database = await openTestDatabase();
    const user = await createSignedInUser(database.db);
    token = user.token;
    await createOrders(database.db, user.user.id, 12);
    // The database as the app sees it: a read of `orders` past the allowed number fails as a lost
    // connection would. Reads of other tables (the session) are untouched.
    const failing = new Proxy(database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'select') return value;
        return (...args: unknown[]) => {
          const builder = value.apply(target, args);
          return new Proxy(builder, {
            get(b, p, r) {
              const member = Reflect.get(b, p, r);
              if (p !== 'from') return member;
              return (table: unknown, ...rest: unknown[]) => {
                const query = member.apply(b, [table, ...rest]);
                return table === orders && readsBeforeFailure-- <= 0 ? failingLater(query) : query;
              };
            },
          });
        };
      },
    }) as Db;
    const log = createLogger('error', { write: (line: string) => void lines.push(line) });
    server = await buildApp({
      deps: { ...testDeps(failing, createCapturingMailer()), log },
      serveClient: false,
      ordersStream: { batchSize: 5 },
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('streams the whole list while the database answers', async () => {
    readsBeforeFailure = Number.POSITIVE_INFINITY;
    const res = await getRaw(`${base}/api/orders`, { authorization: `Bearer ${token}` });
    expect(res.complete).toBe(true);
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(12);
  });

  it.each(['identity', 'gzip', 'br'])(
    'cuts the response off (%s) instead of ending a shorter array, and logs it',
    async (encoding) => {
      lines.length = 0;
      readsBeforeFailure = 1; // the first batch (5 orders) is sent, the second read fails
      const res = await getRaw(`${base}/api/orders`, {
        authorization: `Bearer ${token}`,
        'accept-encoding': encoding,
      });
      // Either the list began (status 200) and broke off, or it was cut before its first byte.
      expect([0, 200]).toContain(res.status);
      expect(res.complete).toBe(false);
      const text =
        encoding === 'gzip'
          ? zlib.gunzipSync(res.body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8')
          : encoding === 'br'
            ? zlib
                .brotliDecompressSync(res.body, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
                .toString('utf8')
            : res.body.toString('utf8');
      expect(() => JSON.parse(text)).toThrow();
      expect(lines.join('')).toContain('mid-stream');
      expect(lines.join('')).toContain('CONNECTION_CLOSED');
    },
  );

  it('answers a proper 500 when the database fails before the first byte', async () => {
    lines.length = 0;
    readsBeforeFailure = 0;
    const res = await getRaw(`${base}/api/orders`, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(500);
    expect(res.complete).toBe(true);
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    expect(res.body.toString('utf8')).not.toContain('CONNECTION_CLOSED');
  });
});

describe('GET /api/orders leaves room for other requests (integration)', () => {
  let database: TestDatabase;
  let server: FastifyInstance;
  let base: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const user = await createSignedInUser(database.db);
    token = user.token;
    await createOrders(database.db, user.user.id, 40);
    server = await buildApp({
      deps: testDeps(database.db, createCapturingMailer()),
      serveClient: false,
      ordersStream: { batchSize: 1 },
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('answers a health check asked once the list has begun, before the list ends', async () => {
    // Client and server share this process: without a turn for other work between chunks (PGlite
    // answers in the same thread), the list would end before the health check was even read.
    const events: string[] = [];
    const list = new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/api/orders`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
          let asked = false;
          res.on('data', () => {
            if (asked) return;
            asked = true;
            http
              .get(`${base}/api/health`, (health) => {
                health.resume();
                health.on('end', () => events.push(`health ${health.statusCode}`));
              })
              .on('error', reject);
          });
          res.on('end', () => {
            events.push('list end');
            resolve();
          });
        })
        .on('error', reject);
    });
    await list;
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual(['health 200', 'list end']);
  });
});
