import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { snapshotDatabase } from '../../test/db-snapshot';
import { STRONG_PASSWORD } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser, strongPasswordHash } from '../../test/users';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { buildOpenApiDocument } from '../http/openapi-document';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { issueEmailToken } from '../services/auth/email-tokens';

/**
 * API keys over REST: a key signs every call as its account; a read-only key changes
 * nothing anywhere; a key never manages keys or the account's security; revoked or expired is 401.
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, bearer: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload ? { payload } : {}),
  });

async function newAccount() {
  const { user, token } = await createSignedInUser(database.db);
  const key = async (access: 'read' | 'write', extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/api-keys', token, { name: `Sleutel ${access}`, access, ...extra });
    expect(res.statusCode).toBe(200);
    return res.json() as { _id: string; secret: string; prefix: string; access: string };
  };
  return { user, token, key };
}

describe('API keys over REST', () => {
  it('a session creates a key (its secret once), lists it without the secret, and the key signs calls', async () => {
    const { token, key } = await newAccount();
    const created = await key('write');
    expect(created.secret).toMatch(/^ik_[0-9A-Za-z]{32}$/);
    const list = await call('GET', '/api/api-keys', token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ _id: created._id, prefix: created.prefix })]);
    expect(list.body).not.toContain(created.secret);

    const customers = await call('GET', '/api/customers', created.secret);
    expect(customers.statusCode).toBe(200);
    expect(customers.headers['ratelimit-limit']).toBe('600');
    expect(Number(customers.headers['ratelimit-remaining'])).toBeLessThan(600);
    expect(Number(customers.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const made = await call('POST', '/api/customers', created.secret, {
      name: 'Sara Bakker',
      company: 'Bakker Advies',
      email: 'sara@bakker.nl',
    });
    expect(made.statusCode).toBe(200);
    // The same key over tRPC.
    const trpc = await call('GET', '/trpc/customers.list', created.secret);
    expect(trpc.statusCode).toBe(200);
  });

  it('refuses bad input in Dutch with details, and changes nothing', async () => {
    const { token } = await newAccount();
    const res = await call('POST', '/api/api-keys', token, {
      name: ' ',
      access: 'alles',
      expiresAt: '2001-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      name: 'Naam is verplicht',
      access: expect.stringMatching(/toegangsniveau/),
      expiresAt: 'De verloopdatum moet in de toekomst liggen',
    });
    expect((await call('GET', '/api/api-keys', token)).json()).toEqual([]);
  });

  it.each(['9999-12-31', '9999-12-31T23:00:00-05:00', '2201-01-01T00:00:00Z', '0000-01-01T00:00:00Z'])(
    'refuses the expiry %s outside the years it takes, with details.expiresAt',
    async (expiresAt) => {
      const { token } = await newAccount();
      const res = await call('POST', '/api/api-keys', token, { name: 'Webshop', access: 'read', expiresAt });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        details: { expiresAt: 'De verloopdatum moet in de toekomst liggen, uiterlijk in 2200' },
      });
      expect((await call('GET', '/api/api-keys', token)).json()).toEqual([]);
    },
  );

  it('a read-only key gets 403 on every change the OpenAPI document lists, and nothing changes', async () => {
    const { user, token, key } = await newAccount();
    const readKey = await key('read');
    const writeKey = await key('write');
    const customer = await insertCustomer(database.db, user.id);
    const order = (await call('POST', '/api/orders', token, orderPayload(customer.id))).json();
    const template = (
      await call('POST', '/api/email-templates', token, {
        name: 'Order versturen',
        subject: 'Order {{order.orderNumber}}',
        content: '<p>Beste {{customer.name}}, hierbij de order.</p>',
      })
    ).json();
    // Real ids and valid bodies: without the rule, these calls would change something.
    const ids: Record<string, string> = {
      customers: customer.id,
      orders: order._id,
      'email-templates': template._id,
      'api-keys': writeKey._id,
    };
    const bodies: Record<string, unknown> = {
      'POST /customers': { name: 'Nieuw', company: 'Nieuw B.V.', email: 'nieuw@voorbeeld.nl' },
      'PUT /customers/{id}': { name: 'Anders', company: 'Anders B.V.', email: 'anders@voorbeeld.nl' },
      'POST /orders': orderPayload(customer.id),
      'PUT /orders/{id}': orderPayload(customer.id, { project: 'Gewijzigd' }),
      'PUT /auth/profile': { company: 'Gewijzigd B.V.' },
      'POST /api-keys': { name: 'Nog een', access: 'write' },
    };
    const doc = buildOpenApiDocument('http://localhost') as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The customer's public answer (/public/confirm/{token}) rests on the link alone and reads no
    // key; what it refuses is its own test's subject (public-confirm.int.test.ts).
    const changes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(path.startsWith('/public/') ? {} : ops)
        .filter((m) => m !== 'get' && m !== 'head' && m !== 'options')
        .map((m) => ({ method: m.toUpperCase() as Method, path })),
    );
    // The document lists the spec's changes and ours: far more than a handful.
    expect(changes.length).toBeGreaterThan(20);

    await call('GET', '/api/customers', readKey.secret); // the key's first use stamps last_used_at
    // Every table's rows but the rate-limit counters (each request counts): what "nothing changed" means.
    const before = await snapshotDatabase(database.db);
    for (const { method, path } of changes) {
      const url = `/api${path.replace('{id}', ids[path.split('/')[1]!] ?? 'x').replace(/\{\w+\}/g, 'x')}`;
      const res = await call(method, url, readKey.secret, bodies[`${method} ${path}`] ?? {});
      expect({ call: `${method} ${path}`, status: res.statusCode, body: res.json() }).toEqual({
        call: `${method} ${path}`,
        status: 403,
        body: {
          message: expect.stringMatching(
            /^Deze API-sleutel heeft alleen leestoegang|^Dit kan niet met een API-sleutel/,
          ),
          code: 'FORBIDDEN',
        },
      });
    }
    // tRPC mutations that REST exposes as GET are changes too.
    expect((await call('GET', '/api/auth/logout', readKey.secret)).statusCode).toBe(403);
    expect((await call('GET', '/api/auth/verify-email/x', readKey.secret)).statusCode).toBe(403);
    // And tRPC itself.
    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/customers.create',
      headers: { authorization: `Bearer ${readKey.secret}`, 'content-type': 'application/json' },
      payload: { name: 'Nieuw', company: 'Nieuw B.V.', email: 'nieuw@voorbeeld.nl' },
    });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toBe(apiKeyServiceMessages.readOnly);
    expect(await snapshotDatabase(database.db)).toEqual(before);

    // Reading works: the lists, one order, the profile, a PDF's stored file (404: none yet).
    for (const url of ['/api/customers', '/api/orders', `/api/orders/${order._id}`, '/api/auth/profile'])
      expect((await call('GET', url, readKey.secret)).statusCode).toBe(200);
  });

  it('a key cannot manage keys, change the password, end sessions or log out (403); company details it may change', async () => {
    const { token, key } = await newAccount();
    const writeKey = await key('write');
    const refused: [Method, string, unknown?][] = [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'Nog een', access: 'write' }],
      ['DELETE', `/api/api-keys/${writeKey._id}`],
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: STRONG_PASSWORD, newPassword: 'Nieuw123!x', confirmPassword: 'Nieuw123!x' },
      ],
      ['POST', '/api/auth/sessions/sign-out-others', {}],
      ['GET', '/api/auth/logout'],
      ['POST', '/api/auth/logout'],
      [
        'PUT',
        '/api/auth/profile',
        { password: 'Nieuw123!x', confirmPassword: 'Nieuw123!x', currentPassword: STRONG_PASSWORD },
      ],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, writeKey.secret, body);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 403,
        body: { message: apiKeyServiceMessages.sessionOnly, code: 'FORBIDDEN' },
      });
    }
    // Still one live key, the session still signed in.
    expect((await call('GET', '/api/api-keys', token)).json()).toHaveLength(1);
    expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(200);
    const profile = await call('PUT', '/api/auth/profile', writeKey.secret, { city: 'Utrecht' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().city).toBe('Utrecht');
  });

  it('a revoked key and an expired key answer 401 at once, with the standard body', async () => {
    const { token, key } = await newAccount();
    const revoked = await key('write');
    expect((await call('GET', '/api/customers', revoked.secret)).statusCode).toBe(200);
    const del = await call('DELETE', `/api/api-keys/${revoked._id}`, token);
    expect(del.json()).toEqual({ success: true, message: apiKeyServiceMessages.revoked });
    const after = await call('GET', '/api/customers', revoked.secret);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: UNAUTHORIZED_MESSAGE, code: 'UNAUTHORIZED' });
    expect((await call('GET', '/api/orders', revoked.secret)).statusCode).toBe(401);

    const expiring = await key('read');
    expect((await call('GET', '/api/customers', expiring.secret)).statusCode).toBe(200);
    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${apiKeys.id} = ${expiring._id}`);
    const expired = await call('GET', '/api/customers', expiring.secret);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: UNAUTHORIZED_MESSAGE, code: 'UNAUTHORIZED' });
  });

  it('a key is never read from a cookie or ?token= (keys do not belong in URLs)', async () => {
    const { key } = await newAccount();
    const k = await key('read');
    const viaQuery = await app.inject({
      method: 'GET',
      url: `/api/pdf/download/x-${'a'.repeat(32)}.pdf?token=${k.secret}`,
    });
    expect(viaQuery.statusCode).toBe(401);
    const viaCookie = await app.inject({
      method: 'GET',
      url: '/api/customers',
      cookies: { session: k.secret },
    });
    expect(viaCookie.statusCode).toBe(401);
  });

  it("keeps accounts apart: A's key sees only A's data and cannot revoke B's key", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const keyOfA = await a.key('write');
    const keyOfB = await b.key('read');
    const customerOfB = await insertCustomer(database.db, b.user.id, { name: 'Alleen van B' });
    const list = await call('GET', '/api/customers', keyOfA.secret);
    expect(list.json()).toEqual([]);
    expect((await call('GET', `/api/customers/${customerOfB.id}`, keyOfA.secret)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/customers/${customerOfB.id}`, keyOfA.secret)).statusCode).toBe(404);
    // Revoking takes a session; A's session cannot reach B's key either.
    const revoke = await call('DELETE', `/api/api-keys/${keyOfB._id}`, a.token);
    expect(revoke.statusCode).toBe(404);
    expect((await call('GET', '/api/api-keys', a.token)).json().map((k: { _id: string }) => k._id)).toEqual([
      keyOfA._id,
    ]);
    expect((await call('GET', '/api/customers', keyOfB.secret)).json()).toEqual([
      expect.objectContaining({ _id: customerOfB.id }),
    ]);
  });

  it('logging out, changing the password and a password reset leave keys working', async () => {
    const { user, token, key } = await newAccount();
    const k = await key('write');
    await database.db
      .update(users)
      .set({ passwordHash: await strongPasswordHash() })
      .where(sql`${users.id} = ${user.id}`);
    const changed = await call('POST', '/api/auth/change-password', token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'AnderGeheim456!',
      confirmPassword: 'AnderGeheim456!',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('POST', '/api/auth/sessions/sign-out-others', token, {})).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/customers', k.secret)).statusCode).toBe(200);

    const { token: resetToken } = await issueEmailToken(database.db, user.id, 'reset', new Date());
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: 'Derde789!geheim', confirmPassword: 'Derde789!geheim' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/customers', k.secret)).statusCode).toBe(200);
  });
});

describe('the per-key budget', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp(
      testDeps(database.db, createCapturingMailer(), testConfig({ apiKeyRateLimit: 2 })),
    );
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT requests a minute; other keys keep their own', async () => {
    const { key } = await newAccount();
    const k = await key('read');
    const other = await key('read');
    const get = (secret: string) =>
      limited.inject({
        method: 'GET',
        url: '/api/customers',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await get(k.secret)).headers['ratelimit-remaining']).toBe('1');
    expect((await get(k.secret)).headers['ratelimit-remaining']).toBe('0');
    const refused = await get(k.secret);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.json()).toEqual({ message: apiKeyServiceMessages.rateLimited, code: 'TOO_MANY_REQUESTS' });
    expect((await get(other.secret)).statusCode).toBe(200);
  });
});
