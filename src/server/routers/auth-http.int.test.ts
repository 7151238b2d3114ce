import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { VALIDATION_MESSAGE } from '../http/error-body';
import { authMessages } from '../services/auth/messages';
import { hashToken } from '../services/auth/session-tokens';
import { createSession } from '../services/auth/sessions';
import { settleBackground } from '../services/background';
import { createMailer } from '../services/mail/mailer';

/** The REST contract over real HTTP (Fastify inject), with the real outbox mailer. */
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

  it('register of an existing address answers byte for byte the same', async () => {
    const email = await registerAndVerify();
    const payload = { name: 'X', email, password: 'Anders123', company: 'Y', profileCompleted: false };
    const fresh = await post('/api/auth/register', { ...payload, email: uniqueEmail('nieuw') });
    const existing = await post('/api/auth/register', payload);
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect({ ...existing.json(), email: '' }).toEqual({ ...fresh.json(), email: '' });
    expect(existing.json().email).toBe(email);
  });

  it('bad register input: 400 with details per field, nothing stored, no mail', async () => {
    const before = (await outbox()).length;
    const email = uniqueEmail('fout');
    const res = await post('/api/auth/register', { name: '', email, password: 'abc', company: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(VALIDATION_MESSAGE);
    expect(body.details).toEqual({
      name: 'Naam is verplicht',
      password: 'Wachtwoord moet minimaal 8 karakters bevatten',
      company: 'Bedrijfsnaam is verplicht',
    });
    const badEmail = await post('/api/auth/register', {
      name: 'A',
      email: 'geen-adres',
      password: STRONG_PASSWORD,
      company: 'B',
    });
    expect(badEmail.json().details).toEqual({ email: 'Voer een geldig email adres in' });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await outbox()).length).toBe(before);
  });

  it.each(['x<evil@evil.example>', 'evil@evil.example;x.nl', 'a@example.nl(.victim.nl)'])(
    'register refuses %j, which a mailer would read as another address: 400, no account, no mail',
    async (address) => {
      const before = (await outbox()).length;
      const res = await post('/api/auth/register', {
        name: 'A',
        email: address,
        password: STRONG_PASSWORD,
        company: 'B',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ email: 'Voer een geldig email adres in' });
      expect(await database.db.select().from(users).where(eq(users.email, address))).toHaveLength(0);
      expect((await outbox()).length).toBe(before);
    },
  );

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

  it('a wrong password and an unknown address give the same status and body', async () => {
    const email = await registerAndVerify();
    const wrong = await post('/api/auth/login', { email, password: 'Verkeerd123' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('niemand'), password: 'Verkeerd123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe(authMessages.invalidCredentials);
  });

  it('verify-email: second use already_verified, unknown 404 invalid_token, expired 400 expired_token', async () => {
    const email = uniqueEmail('verify');
    await post('/api/auth/register', { name: 'A', email, password: STRONG_PASSWORD, company: 'B' });
    const token = await tokenFromMail(email, 'verify-email');
    await database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.id, hashToken(token)));
    const expired = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      success: false,
      status: 'expired_token',
      email,
      message: authMessages.verifyExpired,
    });

    // A new mail (public resend) brings a working link; its second use is already_verified.
    const resend = await post('/api/auth/resend-verification-public', { email });
    await settleBackground();
    expect(resend.json()).toEqual({ success: true, message: authMessages.verificationResentPublic });
    const fresh = await tokenFromMail(email, 'verify-email');
    expect(fresh).not.toBe(token);
    expect((await app.inject({ method: 'GET', url: `/api/auth/verify-email/${fresh}` })).json().status).toBe(
      'verified',
    );
    const second = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${fresh}` });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      success: true,
      message: authMessages.verifiedAlready,
      email,
      status: 'already_verified',
    });

    const unknown = await app.inject({ method: 'GET', url: '/api/auth/verify-email/onbekendtoken' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      success: false,
      status: 'invalid_token',
      message: authMessages.verifyInvalid,
    });
  });

  it('forgot-password and reset-password/{token}: same answer, single use, sessions ended', async () => {
    const email = await registerAndVerify();
    const { token: sessionToken } = await login(email);
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('niemand') });
    await settleBackground();
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, message: authMessages.forgotPassword });

    const token = await tokenFromMail(email, 'reset-password');
    const mismatch = await post(`/api/auth/reset-password/${token}`, {
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12399',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual({ confirmPassword: 'Wachtwoorden komen niet overeen' });

    const ok = await post(`/api/auth/reset-password/${token}`, {
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12345',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: authMessages.passwordReset });
    const reused = await post(`/api/auth/reset-password/${token}`, {
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12345',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ success: false, message: authMessages.invalidResetToken });

    const old = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'Nieuw12345' })).statusCode).toBe(200);
  });

  it('PUT /auth/profile updates name and company, ignores email, and refuses blanks', async () => {
    const email = await registerAndVerify();
    const { token } = await login(email);
    const headers = { authorization: `Bearer ${token}` };
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { name: ' Piet ', company: 'Piet BV', email: 'ander@voorbeeld.nl' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Piet', company: 'Piet BV', email });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { name: '', company: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ name: 'Naam is verplicht', company: 'Bedrijfsnaam is verplicht' });
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { name: 'A', company: 'B' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('POST /auth/resend-verification works without a body; 400 once verified; 401 without session', async () => {
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

    // An unverified user with a session (as the dashboard banner has): a new mail, 200.
    const unverified = uniqueEmail('banner');
    await post('/api/auth/register', {
      name: 'A',
      email: unverified,
      password: STRONG_PASSWORD,
      company: 'B',
    });
    const [user] = await database.db.select().from(users).where(eq(users.email, unverified));
    const session = await createSession(database.db, user!.id, false);
    const first = await tokenFromMail(unverified, 'verify-email');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: authMessages.verificationResent });
    expect(await tokenFromMail(unverified, 'verify-email')).not.toBe(first);
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
      ]),
    );
  });
});

describe('REST rate limit', () => {
  it('answers 429 after RATE_LIMIT_AUTH calls', async () => {
    const config = testConfig({ rateLimitAuth: 2 });
    const limited = await buildTestApp(
      testDeps(
        database.db,
        createMailer({ config, db: database.db, log: pino({ level: 'silent' }) }),
        config,
      ),
    );
    try {
      const email = uniqueEmail('limiet');
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Verkeerd123' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json().message).toBe('Te veel pogingen. Probeer het over enkele minuten opnieuw.');
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
