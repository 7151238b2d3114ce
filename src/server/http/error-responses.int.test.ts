import net, { type AddressInfo } from 'node:net';
import { TRPCClientError } from '@trpc/client';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApiError } from '../../client/lib/api-errors';
import { orderMessages } from '../../shared/schemas/order';
import { passwordMessages } from '../../shared/schemas/password';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { RATE_LIMIT_MESSAGE } from '../services/auth/rate-limit';
import { GENERIC_INTERNAL_MESSAGE, JSON_ONLY_MESSAGE, VALIDATION_MESSAGE } from './error-body';
import { HEADERS_TOO_LARGE_MESSAGE } from './error-responses';
import { createRequestAuth, SESSION_COOKIE } from './request-auth';

/**
 * One error body over every transport: REST and plain routes send `{message, code,
 * details?}`, tRPC the same inside its envelope; nothing internal; a 429 says when to come back; a
 * plain route authenticates as tRPC does.
 */
let database: TestDatabase;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
  const deps = { ...testDeps(database.db, createCapturingMailer()), log };
  app = await buildTestApp(deps);
  // Plain routes as a download would be written: authentication from http/request-auth.ts.
  const requestAuth = createRequestAuth(deps);
  app.get('/test/whoami', async (req, reply) => {
    const { user } = await requestAuth.requireUser(req, reply);
    return { email: user.email };
  });
  app.get('/test/download', async (req, reply) => {
    const { user } = await requestAuth.requireUser(req, reply, { allowQueryToken: true });
    return reply.type('application/pdf').send(Buffer.from(`%PDF ${user.email}`));
  });
  app.get('/test/broken', async () => {
    throw new Error('select * from users where password_hash = $1');
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

/** tRPC's answer to a single (unbatched) call: the body inside `error`. */
const trpcError = (res: LightMyRequestResponse) => (res.json() as { error: Record<string, unknown> }).error;

/** Nothing of zod's raw issues, of a regex, of a stack or of SQL. */
function expectNothingInternal(res: LightMyRequestResponse) {
  expect(res.body).not.toContain('issues');
  expect(res.body).not.toContain('pattern');
  expect(res.body).not.toContain('[A-Z]');
  expect(res.body).not.toContain('[0-9]');
  expect(res.body).not.toContain('stack');
  expect(res.body).not.toMatch(/\bat [\w.]+ \(|\.ts:\d+|select |Input validation failed/);
}

const weakRegistration = () => ({
  name: 'Jan',
  email: uniqueEmail('zwak'),
  password: 'abcdefgh',
  company: 'Jansen BV',
});

describe('a refused input (400)', () => {
  it('REST: {message, code, details}, first message per field, nothing internal', async () => {
    const res = await post('/api/auth/register', { ...weakRegistration(), email: 'geen-adres' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: VALIDATION_MESSAGE,
      code: 'BAD_REQUEST',
      details: { email: 'Voer een geldig email adres in', password: passwordMessages.uppercase },
    });
    expectNothingInternal(res);
  });

  it('tRPC: the same body inside the envelope', async () => {
    const res = await post('/trpc/auth.register', { ...weakRegistration(), email: 'geen-adres' });
    expect(res.statusCode).toBe(400);
    expect(trpcError(res)).toEqual({
      message: VALIDATION_MESSAGE,
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'auth.register' },
      details: { email: 'Voer een geldig email adres in', password: passwordMessages.uppercase },
    });
    expectNothingInternal(res);
  });

  it('the client reads it through lib/api-errors, typed by the errorFormatter', async () => {
    const res = await post('/trpc/auth.register', { ...weakRegistration(), email: 'geen-adres' });
    expect(readApiError(TRPCClientError.from(res.json()))).toEqual({
      serverMessage: VALIDATION_MESSAGE,
      httpStatus: 400,
      details: { email: 'Voer een geldig email adres in', password: passwordMessages.uppercase },
      emailVerificationRequired: false,
      status: null,
      email: null,
      userId: null,
      domainCode: null,
      isNetworkError: false,
    });
  });

  it('names nested fields by their dot-joined path on both transports', async () => {
    const { token } = await createSignedInUser(database.db);
    const headers = { authorization: `Bearer ${token}` };
    const order = { customer: '', items: [{ description: '', quantity: 1, price: '5' }] };
    const rest = await post('/api/orders', order, headers);
    const trpc = await post('/trpc/orders.create', order, headers);
    expect(rest.json().details['items.0.description']).toBe(orderMessages.descriptionRequired);
    expect(trpcError(trpc).details).toEqual(rest.json().details);
  });

  it('a body that is not JSON: the same shape with a Dutch message', async () => {
    const res = await post('/api/auth/login', '{"email": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'De aanvraag bevat geen geldige JSON.', code: 'PARSE_ERROR' });
    const trpc = await post('/trpc/auth.login', '{"email": ', { 'content-type': 'application/json' });
    expect(trpc.statusCode).toBe(400);
    expect(trpcError(trpc).message).toBe('Ongeldige aanvraag.');
  });

  it('a form encoding: 415 in the same shape', async () => {
    const res = await post('/api/auth/login', 'email=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: JSON_ONLY_MESSAGE, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('an unknown route (404)', () => {
  it.each(['/api/bestaat-niet', '/bestaat-niet', '/dev/bestaat-niet'])('%s: {message, code}', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Niet gevonden.', code: 'NOT_FOUND' });
  });

  // Found by the fuzz test (hostile/fuzz.int.test.ts): Fastify refused these before
  // routing with its own English body, code FST_ERR_BAD_URL, that repeated the URL back.
  it.each([
    '/api/customers/%ED%A0%80',
    '/api/auth/verify-email/%',
    '/api/pdf/download/%FF',
    '/trpc/%FF',
    '/%',
  ])('a path that is not valid percent-encoded UTF-8, %s: 400 in the same shape', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ongeldige aanvraag.', code: 'BAD_REQUEST' });
  });

  it('tRPC: the same inside the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/bestaat.niet' });
    expect(res.statusCode).toBe(404);
    expect(trpcError(res)).toMatchObject({ message: 'Niet gevonden.', data: { code: 'NOT_FOUND' } });
  });
});

describe('an internal error on a plain route (500)', () => {
  it('answers the generic Dutch message and logs the error', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC_INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
    expectNothingInternal(res);
    expect(logged.some((line) => line.includes('password_hash'))).toBe(true);
  });
});

describe('a spent rate limit (429)', () => {
  it('says when to come back in Retry-After, over REST and tRPC', async () => {
    const config = testConfig({ rateLimitAuth: 1 });
    const limited = await buildTestApp(testDeps(database.db, createCapturingMailer(), config));
    try {
      for (const url of ['/api/auth/login', '/trpc/auth.login']) {
        const login = () =>
          limited.inject({
            method: 'POST',
            url,
            payload: { email: uniqueEmail('limiet'), password: 'Verkeerd123' },
            remoteAddress: `10.8.${url.length}.1`,
          });
        expect((await login()).statusCode, url).toBe(401);
        const refused = await login();
        expect(refused.statusCode, url).toBe(429);
        const seconds = Number(refused.headers['retry-after']);
        expect(seconds, url).toBeGreaterThan(890);
        expect(seconds, url).toBeLessThanOrEqual(900);
        const body = url.startsWith('/trpc') ? trpcError(refused) : refused.json();
        expect(body.message, url).toBe(RATE_LIMIT_MESSAGE);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('a plain route that requires a user', () => {
  it('answers 401 without a session, with the body a tRPC or REST call gets', async () => {
    const plain = await app.inject({ method: 'GET', url: '/test/whoami' });
    const rest = await app.inject({ method: 'GET', url: '/api/auth/profile' });
    const trpc = await app.inject({ method: 'GET', url: '/trpc/auth.profile' });
    expect(plain.statusCode).toBe(401);
    expect(plain.json()).toEqual({ message: UNAUTHORIZED_MESSAGE, code: 'UNAUTHORIZED' });
    expect(plain.json()).toEqual(rest.json());
    expect(trpcError(trpc).message).toBe(UNAUTHORIZED_MESSAGE);
    const unknownToken = await app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: { authorization: 'Bearer onbekend' },
    });
    expect(unknownToken.statusCode).toBe(401);
  });

  it('knows the user by cookie (kept in step with the session) and by bearer', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const byCookie = await app.inject({
      method: 'GET',
      url: '/test/whoami',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual({ email: user.email });
    expect(byCookie.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    const byBearer = await app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.json()).toEqual({ email: user.email });
    expect(byBearer.headers['set-cookie']).toBeUndefined();
  });

  it('takes ?token= only where the route allows it', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const download = await app.inject({ method: 'GET', url: `/test/download?token=${token}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.body).toBe(`%PDF ${user.email}`);
    const refused = await app.inject({ method: 'GET', url: `/test/whoami?token=${token}` });
    expect(refused.statusCode).toBe(401);
    const noToken = await app.inject({ method: 'GET', url: '/test/download' });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ message: UNAUTHORIZED_MESSAGE, code: 'UNAUTHORIZED' });
  });
});

describe('what the HTTP parser refuses before there is a request (a real listening server)', () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  /** Sends `raw` as it is and reads the answer until the server ends the connection. */
  const exchange = (raw: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(raw));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
    });

  it('an oversized header: 431 with the shared body, in Dutch', async () => {
    const res = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Groot: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: HEADERS_TOO_LARGE_MESSAGE, code: 'BAD_REQUEST' });
    expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
  });

  it('bytes that are no HTTP: 400 with the shared body, in Dutch', async () => {
    const res = await exchange('HALLO /api/health\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'Ongeldige aanvraag.', code: 'BAD_REQUEST' });
  });
});
