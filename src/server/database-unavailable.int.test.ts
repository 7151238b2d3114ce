import net from 'node:net';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { reconnectOptions } from '../db/postgres-reconnect';
import * as schema from '../db/schema';
import { buildTestApp, createTestCaller, testDeps } from '../test/context';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { rejectionOf } from '../test/helpers';
import { createCapturingMailer } from '../test/mailer';
import { createSignedInUser } from '../test/users';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './database-unavailable';

/**
 * A database that is away (PostgreSQL restarting, stopped, unreachable) answers every request with a
 * clear 503 — on tRPC, REST and the plain routes alike — never the 500 of a bug (the real
 * restart under load is faults/postgres-restart.test.ts). Here the database is a port nothing listens on.
 */

const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const outage = { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' };

describe('requests while the database is away', () => {
  let gone: ReturnType<typeof postgres>;
  let goneDb: Db;
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    gone = postgres(`postgres://postgres@127.0.0.1:${await closedPort()}/weg`, {
      max: 2,
      onnotice: () => {},
      ...reconnectOptions,
    });
    goneDb = drizzle(gone, { schema });
    const deps = testDeps(goneDb, createCapturingMailer());
    app = await buildTestApp({
      ...deps,
      dbPing: async () => {
        await gone`select 1`;
      },
    });
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await app?.close();
    await gone?.end({ timeout: 1 });
    await database?.close();
  });

  const bearer = { authorization: 'Bearer sessie-zonder-database' };

  it('answers 503 with the Dutch message and Retry-After on every transport, not a 500', async () => {
    const calls = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/customers', headers: bearer },
      { method: 'GET', url: '/api/orders', headers: bearer }, // the streamed list, a plain route
      { method: 'GET', url: '/api/orders?limit=5', headers: bearer },
      { method: 'GET', url: '/trpc/customers.list', headers: bearer },
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'jan@voorbeeld.nl', password: 'Geheim123!', rememberMe: false },
      },
    ] as const;
    for (const call of calls) {
      const res = await app.inject(call);
      const what = `${call.method} ${call.url}: ${res.body}`;
      expect(res.statusCode, what).toBe(503);
      const body = res.json();
      // tRPC wraps the body in its envelope, with the JSON-RPC number as `code`.
      expect(call.url.startsWith('/trpc/') ? body.error.message : body, what).toEqual(
        call.url.startsWith('/trpc/') ? outage.message : outage,
      );
      expect(res.headers['retry-after'], what).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    }
  });

  it('a procedure whose database goes away after the sign-in: the signed-in and the session-only ones', async () => {
    const { token } = await createSignedInUser(database.db);
    const caller = await createTestCaller(testDeps(database.db, createCapturingMailer()), { token });
    // Signed in on the working database; from here on every statement meets the one that is gone.
    caller.ctx.db = goneDb;
    for (const call of [() => caller.customers.list(), () => caller.apiKeys.list()]) {
      const err = await rejectionOf(call());
      expect(err.code).toBe('SERVICE_UNAVAILABLE');
      expect(err.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }
  });
});
