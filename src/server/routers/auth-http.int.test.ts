import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { authMessages } from '../services/auth/messages';
import { createMailer } from '../services/mail/mailer';

/**
 * What only HTTP adds to the auth procedures (Fastify inject, the real outbox mailer): the session
 * cookie, its attributes and its clearing, answers that set no cookie, a bodiless POST, and the REST
 * paths of the spec. The procedures' own rules are tested once, in auth.int.test.ts; that a REST call
 * answers what its procedure does (status, body, extra fields) is the REST route's own test
 * (http/rest-route.test.ts, http/error-responses.int.test.ts).
 */
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  const mailer = createMailer({ config, db: database.db, log: pino({ level: 'silent' }) });
  app = await buildTestApp(testDeps(database.db, mailer, config));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Mail = {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  text: string;
  html: string;
  links: string[];
};

async function outbox(): Promise<Mail[]> {
  const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function tokenFromMail(email: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const mail = (await outbox()).find((m) => m.to === email && m.links.some((l) => l.includes(`/${kind}/`)));
  const link = mail?.links.find((l) => l.includes(`/${kind}/`));
  if (!link) throw new Error(`no ${kind} mail for ${email}`);
  expect(link.startsWith(`http://localhost:3000/${kind}/`)).toBe(true);
  return link.slice(link.lastIndexOf('/') + 1);
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

async function registerAndVerify(email = uniqueEmail('http')) {
  const reg = await post('/api/auth/register', {
    name: 'Jan Jansen',
    email,
    password: STRONG_PASSWORD,
    company: 'Jansen BV',
    profileCompleted: false,
  });
  expect(reg.statusCode).toBe(200);
  const verify = await app.inject({
    method: 'GET',
    url: `/api/auth/verify-email/${await tokenFromMail(email, 'verify-email')}`,
  });
  expect(verify.statusCode).toBe(200);
  return email;
}

async function login(email: string, rememberMe = false) {
  const res = await post('/api/auth/login', { email, password: STRONG_PASSWORD, rememberMe });
  expect(res.statusCode).toBe(200);
  return { res, token: res.json().token as string };
}

describe('REST /api/auth', () => {
  it('the whole journey: register → outbox mail → verify → login (cookie) → profile → logout', async () => {
    const email = uniqueEmail('reis');
    const reg = await post('/api/auth/register', {
      name: 'Jan Jansen',
      email,
      password: STRONG_PASSWORD,
      company: 'Jansen BV',
      profileCompleted: false,
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toEqual({ success: true, message: authMessages.registered, email });
    expect(reg.headers['set-cookie']).toBeUndefined();

    const mails = await outbox();
    const mail = mails.find((m) => m.to === email);
    expect(mail?.subject).toBe('Bevestig uw e-mailadres voor Inkooporders');
    expect(mail?.html).toContain('#1E40AF');
    const token = await tokenFromMail(email, 'verify-email');

    const verify = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      success: true,
      message: authMessages.verified,
      email,
      status: 'verified',
    });

    const { res, token: sessionToken } = await login(email, true);
    const body = res.json();
    expect(body).toMatchObject({ email, name: 'Jan Jansen', company: 'Jansen BV', isEmailVerified: true });
    expect(typeof body._id).toBe('string');
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(body).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c: { name: string }) => c.name === 'session');
    expect(cookie).toMatchObject({ value: sessionToken, httpOnly: true, sameSite: 'Lax', path: '/' });

    const viaCookie = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      cookies: { session: sessionToken },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json()).toMatchObject({ email, _id: body._id });
    const viaBearer = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(viaBearer.statusCode).toBe(200);

    const logout = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      cookies: { session: sessionToken },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: authMessages.loggedOut });
    const cleared = logout.cookies.filter((c: { name: string }) => c.name === 'session');
    expect(cleared).toHaveLength(1);
    expect(cleared[0]?.value).toBe('');

    const after = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      cookies: { session: sessionToken },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(UNAUTHORIZED_MESSAGE);
  });

  it('login of an unverified account: 403 with emailVerificationRequired, userId, email, message', async () => {
    const email = uniqueEmail('onbevestigd');
    await post('/api/auth/register', { name: 'A', email, password: STRONG_PASSWORD, company: 'B' });
    const res = await post('/api/auth/login', { email, password: STRONG_PASSWORD, rememberMe: false });
    expect(res.statusCode).toBe(403);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(res.json()).toMatchObject({
      message: authMessages.emailNotVerified,
      emailVerificationRequired: true,
      userId: user?.id,
      email,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('POST /auth/resend-verification takes a call without a body (no Content-Type): 400 once verified, 401 without session', async () => {
    const email = await registerAndVerify();
    const { token } = await login(email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(authMessages.alreadyVerified);
    const anonymous = await app.inject({ method: 'POST', url: '/api/auth/resend-verification' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the OpenAPI document lists every auth call', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /auth/register',
        'POST /auth/login',
        'GET /auth/logout',
        'GET /auth/profile',
        'PUT /auth/profile',
        'POST /auth/resend-verification',
        'POST /auth/resend-verification-public',
        'POST /auth/forgot-password',
        'POST /auth/reset-password/{token}',
        'GET /auth/verify-email/{token}',
        'POST /auth/login/two-factor',
        'POST /auth/two-factor/setup',
        'POST /auth/two-factor/enable',
        'POST /auth/two-factor/disable',
      ]),
    );
  });
});
