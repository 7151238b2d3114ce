import { Readable } from 'node:stream';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApiError } from '../../client/lib/api-errors';
import { users } from '../../db/schema';
import { createTestClock, MINUTE_MS } from '../../test/clock';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { snapshotDatabase } from '../../test/db-snapshot';
import { STRONG_PASSWORD } from '../../test/helpers';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { type ApiOperation, apiOperations, apiUrl } from '../../test/openapi-operations';
import { orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser, strongPasswordHash } from '../../test/users';
import { CROSS_SITE_MESSAGE } from '../http/cross-site';
import { JSON_ONLY_MESSAGE } from '../http/error-body';
import { type AppRouter, appRouter } from '../routers';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { issueEmailToken } from '../services/auth/email-tokens';
import { RATE_LIMIT_MESSAGE, RATE_LIMIT_WINDOW_MS } from '../services/auth/rate-limit';
import { settleBackground } from '../services/background';

/**
 * The HTTP edge under hostile requests: a page of another site that posts a form to any
 * change the API offers, by any spelling of its address, over REST or tRPC, with the victim's session
 * cookie; the sign-in and API-key budgets, which refuse with Retry-After and give way again when their
 * window ends (moved by the app's clock, not slept through); bodies over the size limit.
 */

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(
    testDeps(database.db, createCapturingMailer(), testConfig({ webhookAllowPrivate: true })),
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** What "changed nothing" means here: every table but the budgets' counters (every attempt counts). */
/** Every table but the rate-limit counters (each request counts), and the queued webhook jobs. */
const snapshot = () => snapshotDatabase(database.db);

const ATTACKER = 'https://aanvaller.example';

type Method = NonNullable<InjectOptions['method']>;

/** The fields of a body as a form would send them: one text value per top-level field. */
function formFields(body: unknown): [string, string][] {
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).map(([name, value]) => [
    name,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
}

const BOUNDARY = '----inkooporders-formulier';

/**
 * The three encodings an HTML form can post (enctype), each with what a form can put in it. A
 * text/plain form can even carry JSON text (`<input name='{"name":"' value='x"}'>`), so it carries the
 * body exactly as a JSON client would send it.
 */
const FORM_ENCODINGS: { type: string; encode: (body: unknown) => string }[] = [
  { type: 'text/plain', encode: (body) => (body === undefined ? '' : JSON.stringify(body)) },
  {
    type: 'application/x-www-form-urlencoded',
    encode: (body) => new URLSearchParams(formFields(body)).toString(),
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    encode: (body) => {
      const parts = formFields(body).map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      return `${parts.join('')}--${BOUNDARY}--\r\n`;
    },
  },
];

/** A form post from another site, with the victim's session cookie (and its Origin, unless stripped). */
const formPost = (
  method: Method,
  url: string,
  sessionToken: string,
  type: string,
  payload: string,
  origin: string | null = ATTACKER,
) =>
  app.inject({
    method,
    url,
    headers: { 'content-type': type, ...(origin ? { origin } : {}) },
    cookies: { session: sessionToken },
    payload,
  });

/**
 * A signed-in account with something behind every kind of path parameter the document has (a
 * customer, an order, a template, an API key, a webhook, a reset link), made the honest way: JSON
 * calls with the document's own example bodies, from the same site. So a cross-site copy of a call
 * names real objects and a body that would be taken: only the edge stands between it and a change.
 */
async function accountWithEverything() {
  const { user, token } = await createSignedInUser(database.db);
  await database.db
    .update(users)
    .set({ passwordHash: await strongPasswordHash() })
    .where(eq(users.id, user.id));
  const byPath = new Map(apiOperations().map((op) => [`${op.method} ${op.path}`, op]));
  const create = async (path: string, body?: unknown) => {
    const op = byPath.get(`POST ${path}`);
    const res = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload: (body ?? op?.bodyExample) as object,
    });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return (res.json() as { _id: string })._id;
  };
  const customer = await create('/customers');
  const values: Record<string, Record<string, string>> = {
    customers: { id: customer },
    orders: { id: await create('/orders', orderPayload(customer)) },
    'email-templates': { id: await create('/email-templates') },
    'api-keys': { id: await create('/api-keys') },
    webhooks: {
      id: await create('/webhooks', {
        ...(byPath.get('POST /webhooks')?.bodyExample as object),
        url: 'http://127.0.0.1:9/haak',
      }),
    },
    auth: { token: (await issueEmailToken(database.db, user.id, 'reset', new Date())).token },
  };
  /** The operation's URL with this account's objects in it. */
  const urlOf = (op: ApiOperation) => apiUrl(op, values[op.path.split('/')[1] ?? ''] ?? {});
  /** Its example body, pointing at this account's customer where it names one. */
  const bodyOf = (op: ApiOperation) =>
    op.bodyExample && typeof op.bodyExample === 'object' && 'customer' in op.bodyExample
      ? { ...op.bodyExample, customer }
      : op.bodyExample;
  return { user, token, urlOf, bodyOf };
}

/** Every REST operation that changes something, as /api/openapi.json lists them. */
const mutations = () => apiOperations().filter((op) => op.changes);

/** Every tRPC mutation, whether REST offers it or not. */
const trpcMutations = () =>
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .filter(([, procedure]) => procedure._def.type === 'mutation')
    .map(([path]) => path);

describe('a form posted from another site with the victim’s session cookie', () => {
  it('covers every change the API offers (the document lists them)', () => {
    const listed = mutations().map((op) => `${op.method} ${op.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /customers',
        'DELETE /orders/{id}',
        'POST /auth/logout',
        'POST /api-keys',
      ]),
    );
    expect(listed.length).toBeGreaterThanOrEqual(30);
    expect(trpcMutations()).toEqual(expect.arrayContaining(['customers.create', 'auth.logout']));
  });

  it('is refused on every REST change, in every form encoding, full or empty, and changes nothing', async () => {
    const { token, urlOf, bodyOf } = await accountWithEverything();
    const before = await snapshot();
    const wrong: string[] = [];
    for (const op of mutations()) {
      for (const { type, encode } of FORM_ENCODINGS) {
        for (const payload of [encode(bodyOf(op)), '']) {
          // With the attacker's Origin: the cross-site check. Without (a proxy may strip it): JSON only.
          for (const [origin, status, message] of [
            [ATTACKER, 403, CROSS_SITE_MESSAGE],
            [null, 415, JSON_ONLY_MESSAGE],
          ] as const) {
            const res = await formPost(op.method, urlOf(op), token, type, payload, origin);
            const body = res.json() as { message?: string };
            if (res.statusCode !== status || body.message !== message)
              wrong.push(
                `${op.method} ${urlOf(op)} ${type} ${payload ? 'vol' : 'leeg'} origin=${origin}: ${res.statusCode} ${res.body}`,
              );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused on every tRPC mutation, batched or not, and changes nothing', async () => {
    const { token } = await accountWithEverything();
    const before = await snapshot();
    const wrong: string[] = [];
    for (const path of trpcMutations()) {
      for (const url of [`/trpc/${path}`, `/trpc/${path}?batch=1`, `/trpc/${path},${path}?batch=1`]) {
        for (const { type, encode } of FORM_ENCODINGS) {
          for (const payload of [encode({ name: 'Aanval' }), '']) {
            for (const [origin, status] of [
              [ATTACKER, 403],
              [null, 415],
            ] as const) {
              const res = await formPost('POST', url, token, type, payload, origin);
              if (res.statusCode !== status)
                wrong.push(`${url} ${type} origin=${origin}: ${res.statusCode} ${res.body}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused however the address is spelled: whatever reaches a procedure is refused, the rest is unknown', async () => {
    const { token, urlOf, bodyOf } = await accountWithEverything();
    /** Other spellings of a path under its first segment ('/api' or '/trpc') that a router might take. */
    const spellings = (url: string) => {
      const [, first = '', ...rest] = url.split('/');
      const tail = rest.join('/');
      const [head = '', ...more] = rest;
      return [
        url,
        `${url}/`,
        `/${first}//${tail}`,
        `//${first}/${tail}`,
        `/${first.toUpperCase()}/${tail}`,
        `/${first}/${tail.toUpperCase()}`,
        `/${first}/./${tail}`,
        `/${first}/x/../${tail}`,
        `/${first}/%2e/${tail}`,
        `/${first}%2F${tail}`,
        `/${first}/${tail.replace(/\//g, '%2F')}`,
        `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
        `/${first}/%${head.charCodeAt(0).toString(16)}${[head.slice(1), ...more].join('/')}`,
        `${url}?x=1`,
        `${url};x=1`,
      ];
    };
    /**
     * Which spellings reach a procedure is found out, not assumed: a JSON call of this site with a
     * body the procedure refuses (400: nothing changes) reaches it; an unknown address answers 404.
     */
    const probes: { method: Method; url: string }[] = [
      { method: 'POST', url: '/api/customers' },
      { method: 'POST', url: '/api/orders' },
      { method: 'PUT', url: '/api/auth/profile' },
      { method: 'POST', url: '/trpc/customers.create' },
      { method: 'POST', url: '/trpc/auth.updateProfile' },
    ];
    const refusedBody = { name: '', company: '' };
    const before = await snapshot();
    const reached: string[] = [];
    const wrong: string[] = [];
    for (const { method, url } of probes) {
      for (const spelled of spellings(url)) {
        const honest = await app.inject({
          method,
          url: spelled,
          headers: { authorization: `Bearer ${token}` },
          payload: refusedBody,
        });
        const reachesProcedure = honest.statusCode !== 404;
        if (reachesProcedure) reached.push(spelled);
        for (const [origin, status] of [
          [ATTACKER, 403],
          [null, 415],
        ] as const) {
          const res = await formPost(
            method,
            spelled,
            token,
            'text/plain',
            JSON.stringify(refusedBody),
            origin,
          );
          const expected = reachesProcedure ? [status] : [404, status];
          if (!expected.includes(res.statusCode))
            wrong.push(
              `${method} ${spelled} origin=${origin}: ${res.statusCode} (honest ${honest.statusCode}) ${res.body}`,
            );
        }
      }
    }
    // Every other spelling of every change: refused or unknown, never taken.
    for (const op of mutations()) {
      for (const spelled of spellings(urlOf(op)).slice(1)) {
        const res = await formPost(op.method, spelled, token, 'text/plain', JSON.stringify(bodyOf(op) ?? {}));
        if (![403, 404, 415].includes(res.statusCode))
          wrong.push(`${op.method} ${spelled}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    // The probes did reach procedures through other spellings than the plain one (so the test tests them).
    expect(reached).toEqual(
      expect.arrayContaining([
        '/api/customers/',
        '/api/CUSTOMERS',
        '/api/./customers',
        '/api/x/../customers',
        '/%74rpc/customers.create',
        '/trpc/%63ustomers.create',
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('a bodiless change with the cookie from another origin (sendBeacon, a no-cors fetch) is refused too', async () => {
    const { token, urlOf } = await accountWithEverything();
    const before = await snapshot();
    const wrong: string[] = [];
    for (const op of mutations()) {
      for (const origin of [
        ATTACKER,
        'null',
        'http://localhost:3000.aanvaller.example',
        'http://localhost',
      ]) {
        const res = await app.inject({
          method: op.method,
          url: urlOf(op),
          headers: { origin },
          cookies: { session: token },
        });
        if (res.statusCode !== 403 || res.json().message !== CROSS_SITE_MESSAGE)
          wrong.push(`${op.method} ${urlOf(op)} origin=${origin}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a link on another site to the spec’s GET logout does not end the session; typed, same-origin and program calls do', async () => {
    const { token } = await accountWithEverything();
    const logout = (headers: Record<string, string>, session = token) =>
      app.inject({ method: 'GET', url: '/api/auth/logout', headers, cookies: { session } });
    for (const site of ['cross-site', 'same-site']) {
      const res = await logout({ 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' });
      expect({ site, status: res.statusCode, body: res.json() }).toEqual({
        site,
        status: 403,
        body: { message: CROSS_SITE_MESSAGE, code: 'FORBIDDEN' },
      });
    }
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      cookies: { session: token },
    });
    expect(profile.statusCode).toBe(200);
    // Same origin (the app's own menu) and a typed address ('none') log out, as does a program.
    const calls: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of calls) {
      const { token: fresh } = await createSignedInUser(database.db);
      const res = await logout(headers, fresh);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 200 });
      const after = await app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        cookies: { session: fresh },
      });
      expect(after.statusCode).toBe(401);
    }
  });

  it('this site’s own pages still change things with the cookie: APP_URL’s origin, or the host the request went to', async () => {
    const { token } = await accountWithEverything();
    for (const [origin, host] of [
      ['http://localhost:3000', 'localhost:3000'],
      ['http://localhost:3000', 'inkoop.intern:8080'],
      ['http://127.0.0.1:4321', '127.0.0.1:4321'],
      ['http://INKOOP.intern:8080', 'inkoop.intern:8080'],
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { origin, host, 'content-type': 'application/json' },
        cookies: { session: token },
        payload: { company: `Via ${host}` },
      });
      expect(res.statusCode, `${origin} → ${host}: ${res.body}`).toBe(200);
      expect(res.json().company).toBe(`Via ${host}`);
    }
    // A bearer token is sent by a program on purpose: no Origin rule for it.
    const bearer = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { origin: ATTACKER, authorization: `Bearer ${token}` },
      payload: { company: 'Via bearer' },
    });
    expect(bearer.statusCode).toBe(200);
  });
});

describe('the sign-in and API-key budgets, on the app’s clock', () => {
  const START = Date.parse('2031-03-14T09:00:00.000Z');
  const clock = createTestClock(START);
  let mailer: CapturingMailer;
  let limited: FastifyInstance;

  beforeAll(async () => {
    mailer = createCapturingMailer();
    limited = await buildTestApp(
      testDeps(database.db, mailer, testConfig({ rateLimitAuth: 2, apiKeyRateLimit: 2 }), clock.now),
    );
  });
  afterAll(async () => {
    await limited.close();
  });

  /** A user who can log in with STRONG_PASSWORD, with a session that started on the clock. */
  async function userWithPassword() {
    const signedIn = await createSignedInUser(database.db, { now: clock.now() });
    await database.db
      .update(users)
      .set({ passwordHash: await strongPasswordHash() })
      .where(eq(users.id, signedIn.user.id));
    return signedIn;
  }

  const post = (url: string, payload: object, remoteAddress: string) =>
    limited.inject({ method: 'POST', url, payload, remoteAddress });

  it('login: 429 with the seconds left of the window as Retry-After, then the owner gets in once it ends', async () => {
    clock.set(START);
    const { user } = await userWithPassword();
    const ip = '198.51.100.21';
    const wrongPassword = { email: user.email, password: 'Verkeerd123!' };
    expect((await post('/api/auth/login', wrongPassword, ip)).statusCode).toBe(401);
    expect((await post('/api/auth/login', wrongPassword, ip)).statusCode).toBe(401);
    const refused = await post('/api/auth/login', { email: user.email, password: STRONG_PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(RATE_LIMIT_WINDOW_MS / 1000));
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE, code: 'TOO_MANY_REQUESTS' });

    clock.advance(RATE_LIMIT_WINDOW_MS - 1000);
    const stillRefused = await post('/api/auth/login', { email: user.email, password: STRONG_PASSWORD }, ip);
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('1');

    clock.advance(1000);
    const again = await post('/api/auth/login', { email: user.email, password: STRONG_PASSWORD }, ip);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().email).toBe(user.email);
  });

  it('forgot-password: 429 with Retry-After and no mail; a new window mails the link again', async () => {
    clock.set(START + 2 * RATE_LIMIT_WINDOW_MS);
    const { user } = await userWithPassword();
    const ip = '198.51.100.22';
    for (let i = 0; i < 2; i++)
      expect((await post('/api/auth/forgot-password', { email: user.email }, ip)).statusCode).toBe(200);
    await settleBackground();
    mailer.clear();
    const refused = await post('/api/auth/forgot-password', { email: user.email }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(RATE_LIMIT_WINDOW_MS / 1000));
    await settleBackground();
    expect(mailer.messages).toEqual([]);

    clock.advance(RATE_LIMIT_WINDOW_MS);
    const again = await post('/api/auth/forgot-password', { email: user.email }, ip);
    expect(again.statusCode).toBe(200);
    await settleBackground();
    expect(mailer.messages.map((m) => m.to)).toEqual([user.email]);
  });

  it('an API key: 429 with Retry-After past its budget a minute; the next minute it works again', async () => {
    clock.set(START + 4 * RATE_LIMIT_WINDOW_MS);
    const { token } = await userWithPassword();
    const created = await limited.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Boekhouding', access: 'read' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const get = () =>
      limited.inject({
        method: 'GET',
        url: '/api/customers',
        headers: { authorization: `Bearer ${created.json().secret}` },
      });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ message: apiKeyServiceMessages.rateLimited, code: 'TOO_MANY_REQUESTS' });

    clock.advance(MINUTE_MS - 1000);
    const stillRefused = await get();
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('1');

    clock.advance(1000);
    const again = await get();
    expect(again.statusCode).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe('1');
    expect(again.headers['ratelimit-reset']).toBe('60');
  });
});

describe('a body over the size limit (1 MiB)', () => {
  const LIMIT = 1024 * 1024;
  /** A customer whose name makes the JSON body exactly `size` bytes. */
  const customerBody = (size: number) => {
    const frame = JSON.stringify({ name: '', company: 'Groot B.V.', email: 'groot@voorbeeld.nl' });
    return JSON.stringify({
      name: 'x'.repeat(size - frame.length),
      company: 'Groot B.V.',
      email: 'groot@voorbeeld.nl',
    });
  };

  it('REST: 413 in the JSON error shape one byte over; at the limit the body is read (and refused on its merits)', async () => {
    const { token } = await createSignedInUser(database.db);
    const before = await snapshot();
    const send = (method: Method, url: string, payload: string) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
    for (const [method, url] of [
      ['POST', '/api/customers'],
      ['PUT', '/api/auth/profile'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const over = await send(method, url, customerBody(LIMIT + 1));
      expect(over.statusCode, url).toBe(413);
      expect(over.headers['content-type']).toContain('application/json');
      expect(over.json()).toEqual({ message: 'De aanvraag is te groot.', code: 'PAYLOAD_TOO_LARGE' });
      const at = await send(method, url, customerBody(LIMIT));
      expect(at.statusCode, url).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a body streamed without Content-Length is cut off at the limit too, on REST and tRPC', async () => {
    const { token } = await createSignedInUser(database.db);
    const before = await snapshot();
    for (const url of ['/api/customers', '/trpc/customers.create']) {
      const body = customerBody(LIMIT + 1);
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: Readable.from([body.slice(0, LIMIT / 2), body.slice(LIMIT / 2)]),
      });
      expect(res.statusCode, url).toBe(413);
      const error = url.startsWith('/trpc/') ? res.json().error : res.json();
      expect(error.message, url).toBe('De aanvraag is te groot.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('tRPC: 413 inside tRPC’s envelope, so the app’s own client shows the message', async () => {
    const { token } = await createSignedInUser(database.db);
    const before = await snapshot();
    for (const url of ['/trpc/customers.create', '/trpc/customers.create?batch=1']) {
      const over = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: customerBody(LIMIT + 1),
      });
      expect(over.statusCode, url).toBe(413);
      expect(over.json(), url).toEqual({
        error: {
          message: 'De aanvraag is te groot.',
          code: -32013,
          data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, path: 'customers.create' },
        },
      });
    }

    // The browser app's own link (httpBatchLink), over this app.
    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: 'http://localhost/trpc',
          fetch: async (input, init) => {
            const res = await app.inject({
              method: (init?.method ?? 'GET') as Method,
              url: String(input).replace('http://localhost', ''),
              headers: { ...(init?.headers as Record<string, string>), cookie: `session=${token}` },
              payload: init?.body as string | undefined,
            });
            const headers = Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]);
            return new Response(res.body, { status: res.statusCode, headers });
          },
        }),
      ],
    });
    const err = await client.customers.create
      .mutate({ name: 'x'.repeat(LIMIT), company: 'Groot B.V.', email: 'groot@voorbeeld.nl' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(readApiError(err)).toMatchObject({ serverMessage: 'De aanvraag is te groot.', httpStatus: 413 });
    expect(await snapshot()).toEqual(before);
  });
});
