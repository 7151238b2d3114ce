import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, organizations } from '../db/schema';
import { createTestCaller, testConfig, testDeps } from '../test/context';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { rejectionOf } from '../test/helpers';
import { createCapturingMailer } from '../test/mailer';
import { createSignedInUser } from '../test/users';
import { buildApp } from './app';
import { GENERIC_INTERNAL_MESSAGE } from './http/error-body';
import { NOT_AN_OBJECT_MESSAGE, TOO_DEEP_MESSAGE } from './http/json-body';
import { CLIENT_ERROR_REPORTS_PER_WINDOW } from './routers/system';
import { createSession, validateSessionToken } from './services/auth/sessions';
import { settleBackground } from './services/background';

describe('the HTTP edge (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkoop-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Inkooporders</title>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    app = await buildApp({ deps: testDeps(database.db, createCapturingMailer()), clientDir });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers the health check once the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document with the REST paths of the spec, and the interactive reference', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of [
      '/auth/login',
      '/auth/register',
      '/auth/verify-email/{token}',
      '/customers/{id}',
      '/orders',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    // Served from the npm package, never a CDN.
    expect(docs.body).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
  });

  it.each([
    ['/api/auth/login', 'application/x-www-form-urlencoded', 'email=a%40b.nl&password=x'],
    ['/api/customers', 'text/plain', '{"name":"x"}'],
    ['/trpc/auth.login', 'text/plain', '{"email":"a@b.nl","password":"x"}'],
    ['/trpc/customers.create', 'multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s mutation sent as %s (a cross-site form could send it)', async (url, type, payload) => {
    const res = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
    expect(res.statusCode).toBe(415);
  });

  it('refuses non-JSON mutations whatever spelling of the path reaches the router, and changes nothing', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const other = await createSession(database.db, user.id, false, new Date(), user.id);
    const cookie = `session=${token}`;
    const types = [
      ['text/plain', '{}'],
      ['application/x-www-form-urlencoded', 'a=b'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      ],
    ] as const;
    const paths = [
      '/%74rpc/auth.signOutOtherSessions',
      '/trpc/auth.signOutOtherSessions',
      '/%74%72%70%63/auth.signOutOtherSessions',
      '/%61pi/customers',
      '/%61%70%69/customers',
      '//trpc/auth.signOutOtherSessions',
      '/TRPC/auth.signOutOtherSessions',
      '/Api/customers',
    ];
    for (const url of paths) {
      for (const [type, payload] of types) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, cookie },
          payload,
        });
        // A spelling the router does not know is a 404; one it does is refused before any procedure.
        expect([404, 415], `${url} ${type}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      }
    }
    expect(await validateSessionToken(database.db, other.token, new Date())).not.toBeNull();
    expect(
      await database.db.select().from(customers).where(eq(customers.organizationId, user.id)),
    ).toHaveLength(0);
  });

  it('a procedure refuses FormData as its input even when called past the HTTP edge', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const other = await createSession(database.db, user.id, false, new Date(), user.id);
    const caller = await createTestCaller(testDeps(database.db, createCapturingMailer()), { token });
    const form = new FormData();
    form.set('a', 'b');
    const err = await rejectionOf(caller.auth.signOutOtherSessions(form as never));
    expect(err).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await validateSessionToken(database.db, other.token, new Date())).not.toBeNull();
  });

  it('an authed procedure refuses FormData before it asks for a session, and a session after', async () => {
    const deps = testDeps(database.db, createCapturingMailer());
    const form = new FormData();
    form.set('a', 'b');
    const anonymous = await createTestCaller(deps);
    expect(await rejectionOf(anonymous.auth.signOutOtherSessions(form as never))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await rejectionOf(anonymous.auth.profile())).toMatchObject({ code: 'UNAUTHORIZED' });
    const { user, token } = await createSignedInUser(database.db);
    const signedIn = await createTestCaller(deps, { token });
    // The narrowed context still carries the rest of the context (db, config, …) and the user.
    expect(await signedIn.auth.profile()).toMatchObject({ _id: user.id, email: user.email });
  });

  it('refuses 800 KB of nested arrays with a 400 on REST and tRPC, even without a session', async () => {
    const deep = '['.repeat(400_000) + ']'.repeat(400_000);
    for (const url of ['/api/auth/login', '/trpc/auth.login', '/api/customers']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(TOO_DEEP_MESSAGE);
    }
  });

  it('a REST body that is not a JSON object is a 400 and changes nothing', async () => {
    const { user, token } = await createSignedInUser(database.db, { company: 'Ongewijzigd B.V.' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const payload of ['[]', '[{"company":"Anders"}]', 'null', '"tekst"', '5']) {
      for (const url of ['/api/auth/profile', '/api/auth/order-settings', '/api/auth/pdf-settings']) {
        const res = await app.inject({ method: 'PUT', url, headers, payload });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json()).toEqual({ message: NOT_AN_OBJECT_MESSAGE, code: 'BAD_REQUEST' });
      }
      const created = await app.inject({ method: 'POST', url: '/api/customers', headers, payload });
      expect(created.statusCode, payload).toBe(400);
    }
    const [after] = await database.db.select().from(organizations).where(eq(organizations.id, user.id));
    expect(after?.name).toBe('Ongewijzigd B.V.');
  });

  it('answers API calls with Cache-Control: no-store (login carries a session token)', async () => {
    const { token } = await createSignedInUser(database.db);
    const headers = { authorization: `Bearer ${token}` };
    for (const [method, url] of [
      ['GET', '/api/auth/profile'],
      ['GET', '/trpc/auth.profile'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/health'],
    ] as const) {
      const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('caps client error reports in size and number', async () => {
    const big = { message: 'x', route: '/', stack: 'y'.repeat(70 * 1024) };
    for (const url of ['/api/client-errors', '/%61pi/client-errors', '/trpc/system.reportClientError']) {
      const res = await app.inject({ method: 'POST', url, payload: big, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(413);
    }
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_WINDOW + 1; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: { message: `Kapot ${i}`, route: '/' },
        remoteAddress: '203.0.113.10',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CLIENT_ERROR_REPORTS_PER_WINDOW);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps frame-ancestors none on the API reference, which has its own CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('per-IP budgets follow X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const attempt = (target: FastifyInstance, forwardedFor: string) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `${forwardedFor.replace(/[.:]/g, '-')}@voorbeeld.nl` },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '10.0.0.2',
      });
    const mailer = createCapturingMailer();
    const direct = await buildApp({
      deps: testDeps(database.db, mailer, testConfig({ rateLimitAuth: 1 })),
      serveClient: false,
    });
    const proxied = await buildApp({
      deps: testDeps(database.db, mailer, testConfig({ rateLimitAuth: 1, trustProxy: 1 })),
      serveClient: false,
    });
    try {
      // Untrusted: the header is the client's claim; both calls share the proxy's one budget.
      expect((await attempt(direct, '192.0.2.10')).statusCode).toBe(200);
      expect((await attempt(direct, '192.0.2.11')).statusCode).toBe(429);
      // Trusted: each client behind the balancer has its own budget.
      expect((await attempt(proxied, '192.0.2.20')).statusCode).toBe(200);
      expect((await attempt(proxied, '192.0.2.21')).statusCode).toBe(200);
      expect((await attempt(proxied, '192.0.2.20')).statusCode).toBe(429);
    } finally {
      await settleBackground();
      await direct.close();
      await proxied.close();
    }
  });

  it('sends strict security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves index.html for client routes and the assets as files', async () => {
    for (const url of ['/', '/login', '/inkooporders/123/edit', '/verify-email/abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Inkooporders</title>');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    // Hashed build assets are kept for good; the page that names them is checked every time.
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404, not the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bestaat-niet' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('logs a client error report with its route', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'Kapot', route: '/klanten' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  // Last: it breaks the database under the app on purpose.
  it('never leaks a stack trace or SQL on an internal error, over REST and tRPC', async () => {
    const { token } = await createSignedInUser(database.db);
    await database.db.execute(sql`drop table order_items, orders, customers cascade`);
    const headers = { authorization: `Bearer ${token}` };
    for (const url of ['/api/customers', '/trpc/customers.list']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(500);
      expect(res.body).toContain(GENERIC_INTERNAL_MESSAGE);
      expect(res.body).not.toMatch(/customers" does not exist|relation|select |\bat [\w.]+ \(|\.ts:\d+/);
      expect(res.body).not.toContain('stack');
    }
  });
});
