import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestClock, DAY_MS, HOUR_MS, MINUTE_MS } from '../../test/clock';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { insertAccount, strongPasswordHash } from '../../test/users';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { authMessages } from '../services/auth/messages';
import { hashToken } from '../services/auth/session-tokens';
import { SESSION_DAYS_DEFAULT, SESSION_DAYS_REMEMBER } from '../services/auth/sessions';
import { settleBackground } from '../services/background';

/**
 * Sessions and mail links against the app's clock (AppDeps.now), over HTTP (ARCHITECTURE
 * "Sessions, the Lucia way"): a session lasts 1 day, or 30 with remember-me, to the millisecond, and
 * is extended to a full lifetime when used in its second half, its cookie with it; a reset link works
 * 30 minutes and a verification link 24 hours, each once; logging out and a password reset end
 * sessions whether they travel as the cookie or as a bearer token, and leave API keys working.
 *
 * The clock stands years away from the real one, so anything on these paths that still read real
 * time would decide differently and fail here.
 */

/**
 * A pause a test can put right after a login's password check (argon2 takes a while; here it is held
 * open), to land a password reset between the check and the session it opens.
 */
const afterPasswordCheck = vi.hoisted(() => ({
  pause: null as null | { reached: () => void; resume: Promise<void> },
}));
vi.mock('../services/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../services/auth/passwords')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      const right = await real.verifyPassword(hash, password);
      const pause = afterPasswordCheck.pause;
      afterPasswordCheck.pause = null;
      if (pause) {
        pause.reached();
        await pause.resume;
      }
      return right;
    },
  };
});

const START = Date.parse('2031-03-14T09:00:00.000Z');
const clock = createTestClock(START);
let database: TestDatabase;
let mailer: CapturingMailer;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  mailer = createCapturingMailer();
  app = await buildTestApp(testDeps(database.db, mailer, testConfig(), clock.now));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const LIFETIME = {
  short: SESSION_DAYS_DEFAULT * DAY_MS,
  long: SESSION_DAYS_REMEMBER * DAY_MS,
};
const RESET_LINK_MS = 30 * MINUTE_MS;
const VERIFY_LINK_MS = 24 * HOUR_MS;

/** Each test starts a day after the last one's furthest point: sessions and budgets never meet. */
let nextStart = START;
function startClock(span: number) {
  clock.set(nextStart);
  nextStart += span + DAY_MS;
  return nextStart - span - DAY_MS;
}

type Transport = 'cookie' | 'bearer';
const TRANSPORTS: Transport[] = ['cookie', 'bearer'];

/** The token as a browser sends it (the HttpOnly cookie) or as a program does (Authorization: Bearer). */
const carrying = (transport: Transport, token: string) =>
  transport === 'cookie'
    ? { cookies: { session: token } }
    : { headers: { authorization: `Bearer ${token}` } };

const profile = (transport: Transport, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', ...carrying(transport, token) });

function expectSignedOut(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(401);
  expect(res.json(), what).toEqual({ message: UNAUTHORIZED_MESSAGE, code: 'UNAUTHORIZED' });
}

const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'session');

/**
 * A verified account that logs in with STRONG_PASSWORD, with the hash the test accounts share.
 */
async function account() {
  const email = uniqueEmail('klok');
  await insertAccount(database.db, {
    email,
    passwordHash: await strongPasswordHash(),
    name: 'Klaas Klok',
    company: 'Klok B.V.',
    isEmailVerified: true,
  });
  return email;
}

async function login(email: string, rememberMe = false, password = STRONG_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, rememberMe },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().token as string, res };
}

const storedExpiry = async (token: string) =>
  (
    await database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
  )[0]?.expiresAt.getTime() ?? null;

describe('a session’s lifetime', () => {
  it.each([
    ['without remember-me', false, LIFETIME.short],
    ['with remember-me', true, LIFETIME.long],
  ])(
    '%s ends exactly its lifetime after login; the answer and the cookie say so',
    async (_kind, rememberMe, lifetime) => {
      const t0 = startClock(lifetime);
      const { token, res } = await login(await account(), rememberMe);
      expect(res.json().expiresAt).toBe(new Date(t0 + lifetime).toISOString());
      expect(sessionCookie(res)).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(sessionCookie(res)?.expires?.getTime()).toBe(t0 + lifetime);
      expect(await storedExpiry(token)).toBe(t0 + lifetime);
    },
  );

  it.each([
    ['without remember-me', false, LIFETIME.short],
    ['with remember-me', true, LIFETIME.long],
  ])(
    '%s works until the instant it ends, then answers 401 by cookie and by bearer alike',
    async (_kind, rememberMe, lifetime) => {
      const t0 = startClock(lifetime);
      const email = await account();
      for (const transport of TRANSPORTS) {
        clock.set(t0);
        const lastUse = (await login(email, rememberMe)).token;
        const late = (await login(email, rememberMe)).token;
        clock.set(t0 + lifetime - 1);
        expect((await profile(transport, lastUse)).statusCode, `${transport}: 1 ms before the end`).toBe(200);
        clock.set(t0 + lifetime);
        expectSignedOut(await profile(transport, late), `${transport}: at the end`);
        // An ended session is gone, not merely refused.
        expect(await storedExpiry(late)).toBeNull();
      }
    },
  );
});

describe('sliding renewal in the second half of a session’s life', () => {
  it.each([
    ['without remember-me', false, LIFETIME.short],
    ['with remember-me', true, LIFETIME.long],
  ])(
    '%s: used at half its life it stays; a second later it runs a full lifetime from then, cookie and all',
    async (_kind, rememberMe, lifetime) => {
      const t0 = startClock(3 * lifetime);
      const { token } = await login(await account(), rememberMe);

      clock.set(t0 + lifetime / 2);
      const atHalf = await profile('cookie', token);
      expect(atHalf.statusCode).toBe(200);
      expect(await storedExpiry(token)).toBe(t0 + lifetime);
      // The cookie travels along with its session's end, unchanged here.
      expect(sessionCookie(atHalf)?.expires?.getTime()).toBe(t0 + lifetime);

      const renewedAt = t0 + lifetime / 2 + 1000;
      clock.set(renewedAt);
      const renewed = await profile('cookie', token);
      expect(renewed.statusCode).toBe(200);
      expect(await storedExpiry(token)).toBe(renewedAt + lifetime);
      expect(sessionCookie(renewed)).toMatchObject({
        value: token,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(sessionCookie(renewed)?.expires?.getTime()).toBe(renewedAt + lifetime);

      // Past the first end it still works; at the new end it is over.
      clock.set(t0 + lifetime + 1000);
      expect((await profile('cookie', token)).statusCode).toBe(200);
      clock.set(renewedAt + lifetime);
      expectSignedOut(await profile('cookie', token), 'at the renewed end');
    },
  );

  it.each([
    ['without remember-me', false, LIFETIME.short],
    ['with remember-me', true, LIFETIME.long],
  ])(
    '%s: a bearer token is renewed the same way (no cookie is set for it)',
    async (_kind, rememberMe, lifetime) => {
      const t0 = startClock(3 * lifetime);
      const { token } = await login(await account(), rememberMe);
      const renewedAt = t0 + lifetime / 2 + 1;
      clock.set(renewedAt);
      const renewed = await profile('bearer', token);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.headers['set-cookie']).toBeUndefined();
      expect(await storedExpiry(token)).toBe(renewedAt + lifetime);
      clock.set(renewedAt + lifetime - 1);
      expect((await profile('bearer', token)).statusCode).toBe(200);
    },
  );
});

describe('logging out', () => {
  it.each([
    ['GET /api/auth/logout by cookie', 'GET', '/api/auth/logout', 'cookie'],
    ['POST /api/auth/logout by cookie', 'POST', '/api/auth/logout', 'cookie'],
    ['GET /api/auth/logout by bearer', 'GET', '/api/auth/logout', 'bearer'],
    ['POST /api/auth/logout by bearer', 'POST', '/api/auth/logout', 'bearer'],
    ['tRPC auth.logout by cookie', 'POST', '/trpc/auth.logout', 'cookie'],
    ['tRPC auth.logout by bearer', 'POST', '/trpc/auth.logout', 'bearer'],
  ] as const)(
    '%s ends that session for the cookie and the bearer token alike, and only that one',
    async (_kind, method, url, transport) => {
      startClock(HOUR_MS);
      const email = await account();
      const { token } = await login(email);
      const other = (await login(email)).token;
      // The tRPC call as the app's client makes it: a batch of one, in JSON.
      const trpc = url.startsWith('/trpc/');
      const { headers = {}, cookies } = carrying(transport, token) as {
        headers?: Record<string, string>;
        cookies?: Record<string, string>;
      };
      const res = await app.inject({
        method,
        url: trpc ? `${url}?batch=1` : url,
        headers: trpc ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(cookies ? { cookies } : {}),
        ...(trpc ? { payload: '{}' } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      // The cookie is cleared on the answer, whichever way the token came.
      expect(sessionCookie(res)?.value).toBe('');
      clock.advance(MINUTE_MS);
      for (const t of TRANSPORTS) expectSignedOut(await profile(t, token), `${t} after logout`);
      expect(await storedExpiry(token)).toBeNull();
      expect((await profile('cookie', other)).statusCode).toBe(200);
    },
  );
});

describe('an API key with an expiry', () => {
  it('works until 1 ms before its moment and answers 401 from that instant', async () => {
    const start = startClock(2 * HOUR_MS);
    const { token } = await login(await account());
    const expiresAt = new Date(start + HOUR_MS).toISOString();
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Koppeling', access: 'read', expiresAt },
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().secret as string;
    const asKey = () =>
      app.inject({ method: 'GET', url: '/api/orders?limit=1', headers: { authorization: `Bearer ${key}` } });
    clock.set(start + HOUR_MS - 1);
    const before = await asKey();
    expect(before.statusCode, before.body).toBe(200);
    clock.set(start + HOUR_MS);
    expectSignedOut(await asKey(), 'the key at its expiry');
    // The session that made it is not the key: it still works.
    expect((await profile('bearer', token)).statusCode).toBe(200);
  });
});

describe('a password reset link', () => {
  const forgot = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    await settleBackground();
    return mailer.lastToken(email, 'reset-password');
  };
  const reset = (token: string, password: string) =>
    app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password, confirmPassword: password },
    });
  const passwordHashOf = async (email: string) =>
    (await database.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, email)))[0]?.h;

  it('is refused from the instant its 30 minutes are over, and changes nothing then', async () => {
    const t0 = startClock(RESET_LINK_MS);
    const email = await account();
    const { token: session } = await login(email);
    const link = await forgot(email);
    const hashBefore = await passwordHashOf(email);
    clock.set(t0 + RESET_LINK_MS);
    const expired = await reset(link, 'Nieuw12345!');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      success: false,
      message: authMessages.invalidResetToken,
      code: 'BAD_REQUEST',
    });
    expect(await passwordHashOf(email)).toBe(hashBefore);
    for (const t of TRANSPORTS) expect((await profile(t, session)).statusCode).toBe(200);
  });

  it('works 1 ms before, once; it ends every session by cookie and bearer, and API keys keep working', async () => {
    const t0 = startClock(RESET_LINK_MS);
    const email = await account();
    const { token: browser } = await login(email, true);
    const { token: program } = await login(email);
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      ...carrying('bearer', browser),
      payload: { name: 'Boekhouding', access: 'read' },
    });
    expect(key.statusCode, key.body).toBe(200);
    const link = await forgot(email);

    clock.set(t0 + RESET_LINK_MS - 1);
    const done = await reset(link, 'Nieuw12345!');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, message: authMessages.passwordReset });
    const again = await reset(link, 'Anders12345!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: authMessages.invalidResetToken });

    for (const token of [browser, program])
      for (const t of TRANSPORTS) expectSignedOut(await profile(t, token), `${t} after the reset`);
    const withKey = await app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: { authorization: `Bearer ${key.json().secret}` },
    });
    expect(withKey.statusCode).toBe(200);
    // The new password is the one (the second use changed nothing).
    await login(email, false, 'Nieuw12345!');
  });
});

describe('a password reset while someone logs in with the old password', () => {
  it('the login whose check the reset overtook gets no session: the reset ends them all', async () => {
    startClock(HOUR_MS);
    const email = await account();
    const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    await settleBackground();
    const link = mailer.lastToken(email, 'reset-password');

    let reached = () => {};
    let resume = () => {};
    const checked = new Promise<void>((resolve) => {
      reached = resolve;
    });
    afterPasswordCheck.pause = { reached, resume: new Promise<void>((resolve) => (resume = resolve)) };
    const loggingIn = app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD, rememberMe: true },
    });
    // The old password was right; its session is not made yet.
    await checked;
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${link}`,
      payload: { password: 'Nieuw12345!', confirmPassword: 'Nieuw12345!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    resume();
    const late = await loggingIn;
    expect(late.statusCode, late.body).toBe(401);
    expect(late.json()).toEqual({ message: authMessages.invalidCredentials, code: 'UNAUTHORIZED' });
    expect(sessionCookie(late)).toBeUndefined();
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    await login(email, false, 'Nieuw12345!');
  });
});

describe('a verification link', () => {
  const verify = (token: string) => app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });

  it('is expired from the instant its 24 hours are over; a new link works 1 ms before its end, once', async () => {
    const t0 = startClock(2 * VERIFY_LINK_MS);
    const email = uniqueEmail('verifieer');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Vera Verifieer', email, password: STRONG_PASSWORD, company: 'Vera B.V.' },
    });
    expect(registered.statusCode).toBe(200);
    const first = mailer.lastToken(email, 'verify-email');

    clock.set(t0 + VERIFY_LINK_MS);
    const expired = await verify(first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ success: false, status: 'expired_token', email });
    const unverified = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(unverified.statusCode).toBe(403);

    const t1 = clock.now().getTime();
    const resend = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification-public',
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
    await settleBackground();
    const second = mailer.lastToken(email, 'verify-email');
    expect(second).not.toBe(first);

    clock.set(t1 + VERIFY_LINK_MS - 1);
    const verified = await verify(second);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, status: 'verified', email });
    const twice = await verify(second);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ status: 'already_verified', email });
    await login(email);
  });
});
