import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { buildApp } from '../app';
import { helmetHeaders } from './security-headers';

/** The app's policy, as @fastify/helmet set it before security-headers.ts took it over. */
const APP_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';frame-src 'self' blob:;object-src 'none';" +
  "frame-ancestors 'none';base-uri 'self';form-action 'self'";

/** Every other header helmet set, with the values it gave them (plain http: no HSTS). */
const HELMET_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(HELMET_HEADERS)
      .concat('content-security-policy', 'strict-transport-security')
      .filter((name) => headers[name] !== undefined)
      .map((name) => [name, headers[name]]),
  );

/** The app's whole set: helmet's headers and the app's policy. */
const expectAppHeaders = (headers: Record<string, unknown>) =>
  expect(securityHeadersOf(headers)).toEqual({ ...HELMET_HEADERS, 'content-security-policy': APP_CSP });

describe('security headers on every kind of answer (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientDir: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkoop-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Inkooporders</title>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    // A sign-in budget of one, so that a 429 is one call away.
    app = await buildApp({
      deps: testDeps(database.db, createCapturingMailer(), testConfig({ rateLimitAuth: 1 })),
      clientDir,
    });
    ({ token } = await createSignedInUser(database.db));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['a REST answer', 'GET', '/api/auth/profile', true, 200],
    ['a tRPC answer', 'GET', '/trpc/auth.profile', true, 200],
    ['the health check', 'GET', '/api/health', false, 200],
    ['a page', 'GET', '/login', false, 200],
    ['an asset', 'GET', '/assets/app.js', false, 200],
    ['a REST 401', 'GET', '/api/auth/profile', false, 401],
    ['a tRPC 401', 'GET', '/trpc/auth.profile', false, 401],
    ['a 404', 'GET', '/api/bestaat-niet', false, 404],
    ['a tRPC 404', 'GET', '/trpc/bestaat.niet', false, 404],
    ['a 415', 'POST', '/api/auth/login', false, 415],
    ['a tRPC 415', 'POST', '/trpc/auth.login', false, 415],
    ['the OpenAPI document', 'GET', '/api/openapi.json', false, 200],
    ['the outbox page', 'GET', '/dev/mail', false, 200],
    ['the outbox as JSON', 'GET', '/dev/mail.json', false, 200],
    ['an unknown outbox message', 'GET', '/dev/mail/bestaat-niet', false, 404],
    ['an unknown PDF download', 'GET', `/api/pdf/download/x-${'a'.repeat(32)}.pdf`, true, 404],
  ] as const)('sends the full set on %s', async (_kind, method, url, signedIn, status) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'text/plain' } : {}),
      },
      payload: method === 'POST' ? 'x' : undefined,
    });
    expect(res.statusCode).toBe(status);
    expectAppHeaders(res.headers);
  });

  it.each([
    ['a 400 (unreadable JSON)', '/api/auth/login', '{"email": ', 400],
    ['a tRPC 400 (refused input)', '/trpc/auth.login', '{"email": "geen-adres"}', 400],
    ['a 413 (body too large)', '/api/auth/login', JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), 413],
    ['a tRPC 413', '/trpc/auth.login', JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), 413],
  ] as const)('sends the full set on %s', async (_kind, url, payload, status) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expectAppHeaders(res.headers);
  });

  it('sends the full set on a 403 (a change from another site) and a 429 (a spent budget)', async () => {
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://aanvaller.example' },
      cookies: { session: token },
    });
    expect(crossSite.statusCode).toBe(403);
    expectAppHeaders(crossSite.headers);
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'limiet@voorbeeld.nl', password: 'Verkeerd123!' },
        remoteAddress: '203.0.113.77',
      });
    expect((await login()).statusCode).toBe(401);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expectAppHeaders(limited.headers);
  });

  it('sends the full set on a printed PDF: the print call and the download', async () => {
    const { user, token: owner } = await createSignedInUser(database.db);
    const headers = { authorization: `Bearer ${owner}` };
    const customer = await insertCustomer(database.db, user.id);
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderPayload(customer.id),
    });
    expect(order.statusCode, order.body).toBe(200);
    const printed = await app.inject({ method: 'GET', url: `/api/pdf/orders/${order.json()._id}`, headers });
    expect(printed.statusCode, printed.body).toBe(200);
    expectAppHeaders(printed.headers);
    const file = await app.inject({
      method: 'GET',
      url: `/api/pdf/download/${printed.json().filename}`,
      headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expectAppHeaders(file.headers);
  });

  it('sends the full set on a 500', async () => {
    // An app of its own on a database whose tables are gone: the call fails inside, with the
    // database still answering (a database that is away is a 503: database-unavailable.int.test.ts).
    const broken = await openTestDatabase();
    const brokenApp = await buildApp({
      deps: testDeps(broken.db, createCapturingMailer()),
      serveClient: false,
    });
    try {
      const { token: someone } = await createSignedInUser(broken.db);
      await broken.db.execute(sql`drop table order_items, orders, customers cascade`);
      const res = await brokenApp.inject({
        method: 'GET',
        url: '/api/customers',
        headers: { authorization: `Bearer ${someone}` },
      });
      expect(res.statusCode).toBe(500);
      expectAppHeaders(res.headers);
    } finally {
      await brokenApp.close();
      await broken.close();
    }
  });

  it.each([
    '/api/docs/',
    '/api/docs/static/swagger-ui.css',
    '/api/docs/static/swagger-ui-bundle.js',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/static/theme/favicon.svg',
    '/api/docs/json',
  ])("keeps the API reference's own policy on %s, with the other headers unchanged", async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const { 'content-security-policy': csp, ...others } = securityHeadersOf(res.headers);
    expect(others).toEqual(HELMET_HEADERS);
    expect(csp).not.toBe(APP_CSP);
    // One frame-ancestors, 'none': a second directive is ignored by the browser (and logged as an error).
    expect(String(csp).match(/frame-ancestors [^;]*/g)).toEqual(["frame-ancestors 'none'"]);
    expect(String(csp)).toContain("object-src 'none'");
  });

  it('adds HSTS when the app is served over https', async () => {
    const https = await buildApp({
      deps: testDeps(database.db, createCapturingMailer(), testConfig({ appUrl: 'https://inkoop.example' })),
      serveClient: false,
    });
    try {
      const res = await https.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('takes the headers from helmet once, as frozen pairs', async () => {
    const headers = await helmetHeaders({ contentSecurityPolicy: false, hsts: false });
    expect(Object.isFrozen(headers)).toBe(true);
    expect(Object.isFrozen(headers[0])).toBe(true);
    expect(headers.map(([name]) => name)).not.toContain('Content-Security-Policy');
    expect(headers).toContainEqual(['X-Content-Type-Options', 'nosniff']);
  });
});
