import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
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
    app = await buildApp({ deps: testDeps(database.db, createCapturingMailer()), clientDir });
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
    ['a 415', 'POST', '/api/auth/login', false, 415],
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
    expect(securityHeadersOf(res.headers)).toEqual({
      ...HELMET_HEADERS,
      'content-security-policy': APP_CSP,
    });
  });

  it("keeps the API reference's own policy, with the other headers unchanged", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    const { 'content-security-policy': csp, ...others } = securityHeadersOf(res.headers);
    expect(others).toEqual(HELMET_HEADERS);
    expect(csp).not.toBe(APP_CSP);
    // One frame-ancestors, 'none': a second directive is ignored by the browser (and logged as an error).
    expect(String(csp).match(/frame-ancestors [^;]*/g)).toEqual(["frame-ancestors 'none'"]);
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
