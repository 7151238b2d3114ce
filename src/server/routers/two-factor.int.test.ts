import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TOTP } from 'otpauth';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  loginChallenges,
  memberships,
  sessions,
  twoFactorRecoveryCodes,
  users,
} from '../../db/schema';
import { roleRequiredMessage } from '../../shared/roles';
import { TWO_FACTOR_CODE_MESSAGES } from '../../shared/schemas/login';
import type { OrganizationRole } from '../../shared/schemas/organization';
import { createTestClock, MINUTE_MS } from '../../test/clock';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser, strongPasswordHash } from '../../test/users';
import { createApiKey } from '../services/api-keys/api-keys';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { issueEmailToken } from '../services/auth/email-tokens';
import { RATE_LIMIT_MESSAGE, RATE_LIMIT_WINDOW_MS } from '../services/auth/rate-limit';
import { hashToken } from '../services/auth/session-tokens';
import { createSession } from '../services/auth/sessions';
import { twoFactorMessages } from '../services/auth/two-factor/messages';
import { hashRecoveryCode } from '../services/auth/two-factor/recovery-codes';
import { sweepExpired } from '../services/housekeeping';
import { organizationMessages } from '../services/organizations/messages';

/**
 * Two-step sign-in over REST: setting it up, enabling and disabling it; the login's second step with
 * a code or a recovery code; a code counted once, the clock's drift, the challenge's lifetime, use
 * and death, the rate limits and the one answer for everything wrong; what a password reset or change
 * leaves of it; an owner's or admin's reset of a member's; and that no key, code or challenge ends up
 * in an answer, the audit log or the server's log. Codes are computed with otpauth at the test
 * clock's moments, so every step is chosen, never waited for.
 */
let database: TestDatabase;
let app: FastifyInstance;
/** The same server with a budget of 3 attempts, for the rate limits. */
let limited: FastifyInstance;
/** 10 s into a 30-second step: a step earlier or later is exactly 30 s away. */
const START = Date.parse('2026-11-24T09:15:10Z');
const clock = createTestClock(START);
const LIMIT = 3;
/** Every line the (main) server logged. */
const logged: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  );
  app = await buildTestApp({
    ...testDeps(database.db, createCapturingMailer(), testConfig(), clock.now),
    log,
  });
  limited = await buildTestApp(
    testDeps(database.db, createCapturingMailer(), testConfig({ rateLimitAuth: LIMIT }), clock.now),
  );
});
afterAll(async () => {
  await app?.close();
  await limited?.close();
  await database?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type CallOptions = { token?: string; ip?: string; server?: FastifyInstance };
const call = (method: Method, url: string, payload?: object, opts: CallOptions = {}) =>
  (opts.server ?? app).inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
    ...(payload ? { payload } : {}),
  });
const post = (url: string, payload?: object, opts?: CallOptions) => call('POST', url, payload ?? {}, opts);

/** The code the app shows `offsetMs` from the test clock's now. */
const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: clock.now().getTime() + offsetMs,
  });

/** A code that is none of the key's around now (none of the steps the server would accept). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => codeAt(secret, offset)));
  let n = 123456;
  while (near.has(String(n))) n += 1;
  return String(n);
}

/** The time to the next step (and well past the one a code was last accepted for). */
const nextStep = () => clock.advance(30_000);

const FAILED = { message: twoFactorMessages.secondStepFailed, code: 'UNAUTHORIZED' };

type Account = { userId: string; email: string; token: string; secret: string; recoveryCodes: string[] };

/** A verified account with a real password, owning its organisation, signed in (not yet with 2FA). */
async function plainAccount(name = 'Jan de Vries') {
  const { user, token, organization } = await createSignedInUser(database.db, { name, now: clock.now() });
  await database.db
    .update(users)
    .set({ passwordHash: await strongPasswordHash() })
    .where(eq(users.id, user.id));
  return { userId: user.id, email: user.email, token, organizationId: organization.id };
}

/** Sets up and enables two-step sign-in over REST, as the Beveiliging tab does. */
async function enable(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/auth/two-factor/setup', {}, { token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const enabled = await post('/api/auth/two-factor/enable', { code: codeAt(secret) }, { token });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes };
}

async function accountWithTwoFactor(): Promise<Account> {
  const account = await plainAccount();
  return { ...account, ...(await enable(account.token)) };
}

/** The first step: the password; the answer (a challenge, with 2FA on). */
const login = (email: string, opts?: CallOptions) =>
  post('/api/auth/login', { email, password: STRONG_PASSWORD, rememberMe: false }, opts);

async function challengeOf(email: string, opts?: CallOptions): Promise<string> {
  const res = await login(email, opts);
  expect(res.statusCode, res.body).toBe(200);
  const { challenge } = res.json();
  expect(typeof challenge).toBe('string');
  return challenge;
}

const secondStep = (body: object, opts?: CallOptions) => post('/api/auth/login/two-factor', body, opts);

const answerOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });

async function userRow(userId: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function auditActions(organizationId: string) {
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.organizationId, organizationId))
    .orderBy(auditLog.at);
  return rows;
}

describe('setting up, enabling and disabling two-step sign-in', () => {
  it('setup → enable → the profile says so → the login asks for a code → the code signs in → disable', async () => {
    clock.set(START);
    logged.length = 0;
    const account = await plainAccount();
    const { token, userId, email } = account;

    const setup = await post('/api/auth/two-factor/setup', {}, { token });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Inkooporders:${email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Inkooporders',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Not on yet: set up is not enabled.
    expect((await userRow(userId)).twoFactorEnabled).toBe(false);
    expect((await login(email)).json().token).toEqual(expect.any(String));

    const wrong = await post('/api/auth/two-factor/enable', { code: wrongCode(secret) }, { token });
    expect(answerOf(wrong)).toEqual({
      status: 400,
      body: {
        message: twoFactorMessages.enableCodeWrong,
        code: 'BAD_REQUEST',
        details: { code: twoFactorMessages.enableCodeWrong },
      },
    });
    const enabled = await post('/api/auth/two-factor/enable', { code: codeAt(secret) }, { token });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);

    // Stored: the key in the user's row, the recovery codes only as their hashes.
    const row = await userRow(userId);
    expect(row).toMatchObject({
      twoFactorEnabled: true,
      twoFactorSecret: secret,
      twoFactorPendingSecret: null,
    });
    const stored = await database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, userId));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());

    const profile = await call('GET', '/api/auth/profile', undefined, { token });
    expect(profile.json().twoFactorEnabled).toBe(true);
    const members = await call('GET', '/api/organization/members', undefined, { token });
    expect(members.json()).toEqual([expect.objectContaining({ userId, twoFactorEnabled: true })]);
    expect(answerOf(await post('/api/auth/two-factor/setup', {}, { token }))).toEqual({
      status: 409,
      body: { message: twoFactorMessages.alreadyOn, code: 'CONFLICT' },
    });

    // The login: no session, no cookie, no sign-in in the log, only a challenge.
    const sessionsBefore = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    const signInsBefore = (await auditActions(userId)).filter((e) => e.action === 'auth.signed_in').length;
    nextStep();
    const first = await login(email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      twoFactorRequired: true,
      requiresTwoFactor: true,
      challenge: expect.any(String),
      userId,
      email,
      message: twoFactorMessages.codeNeeded,
    });
    expect(first.headers['set-cookie']).toBeUndefined();
    const { challenge } = first.json();
    expect(challenge.length).toBeGreaterThanOrEqual(32);
    const [stillWaiting] = await database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, userId));
    expect(stillWaiting?.id).toBe(hashToken(challenge));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual(
      sessionsBefore,
    );

    const second = await secondStep({ challenge, code: codeAt(secret) });
    expect(second.statusCode, second.body).toBe(200);
    const signedIn = second.json();
    expect(signedIn).toMatchObject({ email, _id: userId, twoFactorEnabled: true, token: expect.any(String) });
    expect(second.cookies.find((c) => c.name === 'session')?.value).toBe(signedIn.token);
    const newProfile = await call('GET', '/api/auth/profile', undefined, { token: signedIn.token });
    expect(newProfile.statusCode).toBe(200);
    expect((await auditActions(userId)).filter((e) => e.action === 'auth.signed_in').length).toBe(
      signInsBefore + 1,
    );

    // Off: the password and a code, each checked.
    nextStep();
    const disable = (body: object) => post('/api/auth/two-factor/disable', body, { token });
    expect(answerOf(await disable({ password: 'Verkeerd123!', code: codeAt(secret) }))).toEqual({
      status: 400,
      body: {
        message: twoFactorMessages.passwordWrong,
        code: 'BAD_REQUEST',
        details: { password: twoFactorMessages.passwordWrong },
      },
    });
    expect(answerOf(await disable({ password: STRONG_PASSWORD, code: wrongCode(secret) }))).toEqual({
      status: 400,
      body: {
        message: twoFactorMessages.codeWrong,
        code: 'BAD_REQUEST',
        details: { code: twoFactorMessages.codeWrong },
      },
    });
    expect((await userRow(userId)).twoFactorEnabled).toBe(true);
    const off = await disable({ password: STRONG_PASSWORD, code: codeAt(secret) });
    expect(answerOf(off)).toEqual({
      status: 200,
      body: { success: true, message: twoFactorMessages.disabled },
    });
    expect(await userRow(userId)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorLastStep: null,
    });
    expect(
      await database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, userId)),
    ).toEqual([]);
    expect(answerOf(await disable({ password: STRONG_PASSWORD, code: codeAt(secret) }))).toEqual({
      status: 409,
      body: { message: twoFactorMessages.notOn, code: 'CONFLICT' },
    });
    expect((await call('GET', '/api/auth/profile', undefined, { token })).json().twoFactorEnabled).toBe(
      false,
    );
    expect((await login(email)).json().token).toEqual(expect.any(String));

    // Both switches are in the audit log, naming no value; nothing secret in any log.
    const entries = await auditActions(userId);
    expect(entries.filter((e) => e.action.startsWith('auth.two_factor')).map((e) => e.action)).toEqual([
      'auth.two_factor_enabled',
      'auth.two_factor_disabled',
    ]);
    const everywhere = JSON.stringify(entries) + logged.join('');
    for (const secretText of [secret, challenge, ...recoveryCodes])
      expect(everywhere).not.toContain(secretText);
  });

  it('enable needs a setup of the last 15 minutes; a second setup replaces the first key', async () => {
    clock.set(START + 10 * MINUTE_MS);
    const { token, userId } = await plainAccount();
    const enableWith = (code: string) => post('/api/auth/two-factor/enable', { code }, { token });
    const setupFirst = { status: 409, body: { message: twoFactorMessages.setupFirst, code: 'CONFLICT' } };
    expect(answerOf(await enableWith('123456'))).toEqual(setupFirst);

    const old = (await post('/api/auth/two-factor/setup', {}, { token })).json().secret;
    clock.advance(15 * MINUTE_MS);
    expect(answerOf(await enableWith(codeAt(old)))).toEqual(setupFirst);

    const replaced = (await post('/api/auth/two-factor/setup', {}, { token })).json().secret;
    const current = (await post('/api/auth/two-factor/setup', {}, { token })).json().secret;
    expect(current).not.toBe(replaced);
    expect((await enableWith(codeAt(replaced))).statusCode).toBe(400);
    expect((await enableWith(codeAt(current))).statusCode).toBe(200);
    expect((await userRow(userId)).twoFactorSecret).toBe(current);
  });

  it('refuses an API key on setup, enable and disable (403) and changes nothing; a key still works with 2FA on', async () => {
    clock.set(START + 30 * MINUTE_MS);
    const { userId, organizationId } = await plainAccount();
    const key = await createApiKey(
      database.db,
      { organizationId, userId },
      { name: 'Koppeling', access: 'write' },
      clock.now(),
    );
    const before = await userRow(userId);
    for (const [url, body] of [
      ['/api/auth/two-factor/setup', {}],
      ['/api/auth/two-factor/enable', { code: '123456' }],
      ['/api/auth/two-factor/disable', { password: STRONG_PASSWORD, code: '123456' }],
    ] as const) {
      expect(answerOf(await post(url, body, { token: key.secret })), url).toEqual({
        status: 403,
        body: { message: apiKeyServiceMessages.sessionOnly, code: 'FORBIDDEN' },
      });
    }
    expect(await userRow(userId)).toEqual(before);

    // Keys are not sessions: two-step sign-in does not ask them for a code.
    await database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
      .where(eq(users.id, userId));
    expect((await call('GET', '/api/customers', undefined, { token: key.secret })).statusCode).toBe(200);
  });
});

describe('the second step of signing in', () => {
  it('accepts a code once: the same step again is refused, also from two requests at once', async () => {
    clock.set(START + 60 * MINUTE_MS);
    const { email, secret } = await accountWithTwoFactor();
    // Enabling spent the code of this step.
    expect(answerOf(await secondStep({ challenge: await challengeOf(email), code: codeAt(secret) }))).toEqual(
      {
        status: 401,
        body: FAILED,
      },
    );

    nextStep();
    const code = codeAt(secret);
    const [one, two] = [await challengeOf(email), await challengeOf(email)];
    expect((await secondStep({ challenge: one, code })).statusCode).toBe(200);
    expect(answerOf(await secondStep({ challenge: two, code }))).toEqual({ status: 401, body: FAILED });

    nextStep();
    const racing = codeAt(secret);
    const challenges = [await challengeOf(email), await challengeOf(email), await challengeOf(email)];
    const answers = await Promise.all(challenges.map((challenge) => secondStep({ challenge, code: racing })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('accepts a code one step early or late, refuses two steps away, and never a step before the last', async () => {
    clock.set(START + 90 * MINUTE_MS);
    const { email, secret } = await accountWithTwoFactor();
    clock.advance(10 * MINUTE_MS);
    const withCodeAt = async (offsetMs: number) =>
      (await secondStep({ challenge: await challengeOf(email), code: codeAt(secret, offsetMs) })).statusCode;
    expect(await withCodeAt(-60_000)).toBe(401);
    expect(await withCodeAt(60_000)).toBe(401);
    expect(await withCodeAt(-30_000)).toBe(200);
    expect(await withCodeAt(30_000)).toBe(200);
    // The step of now lies before the one just accepted (a step late): it no longer counts.
    expect(await withCodeAt(0)).toBe(401);
  });

  it('takes a recovery code once, in any spelling, and each of the others still', async () => {
    clock.set(START + 120 * MINUTE_MS);
    const { email, userId, recoveryCodes } = await accountWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const spelled = ` ${first.toUpperCase().replace('-', ' - ')} `;
    const signedIn = await secondStep({ challenge: await challengeOf(email), recoveryCode: spelled });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    const used = await database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(first)),
        ),
      );
    expect(used[0]?.usedAt).toEqual(clock.now());

    expect(answerOf(await secondStep({ challenge: await challengeOf(email), recoveryCode: first }))).toEqual({
      status: 401,
      body: FAILED,
    });
    const again = await secondStep({
      challenge: await challengeOf(email),
      recoveryCode: second.replace('-', ''),
    });
    expect(again.statusCode, again.body).toBe(200);
    // Another account's code opens nothing here.
    const other = await accountWithTwoFactor();
    expect(
      (await secondStep({ challenge: await challengeOf(email), recoveryCode: other.recoveryCodes[0]! }))
        .statusCode,
    ).toBe(401);
  });

  it('a challenge works once, for 5 minutes, and dies after 5 wrong codes', async () => {
    clock.set(START + 150 * MINUTE_MS);
    const { email, secret, userId } = await accountWithTwoFactor();
    nextStep();

    const once = await challengeOf(email);
    expect((await secondStep({ challenge: once, code: codeAt(secret) })).statusCode).toBe(200);
    nextStep();
    expect(answerOf(await secondStep({ challenge: once, code: codeAt(secret) }))).toEqual({
      status: 401,
      body: FAILED,
    });

    const inTime = await challengeOf(email);
    const late = await challengeOf(email);
    clock.advance(5 * MINUTE_MS - 1000);
    expect((await secondStep({ challenge: inTime, code: codeAt(secret) })).statusCode).toBe(200);
    // Exactly 5 minutes: over, even for the code of the next step (which is still to be used).
    clock.advance(1000);
    expect(answerOf(await secondStep({ challenge: late, code: codeAt(secret, 30_000) }))).toEqual({
      status: 401,
      body: FAILED,
    });

    // Four wrong codes leave the challenge alive; the fifth kills it, even for the right code after.
    nextStep();
    const survives = await challengeOf(email);
    for (let i = 0; i < 4; i++)
      expect((await secondStep({ challenge: survives, code: wrongCode(secret) })).statusCode).toBe(401);
    expect((await secondStep({ challenge: survives, code: codeAt(secret) })).statusCode).toBe(200);
    nextStep();
    const dies = await challengeOf(email);
    for (let i = 0; i < 5; i++)
      expect((await secondStep({ challenge: dies, code: wrongCode(secret) })).statusCode).toBe(401);
    expect(answerOf(await secondStep({ challenge: dies, code: codeAt(secret) }))).toEqual({
      status: 401,
      body: FAILED,
    });

    // The clean-up removes the challenges past their 5 minutes.
    clock.advance(5 * MINUTE_MS + 1000);
    expect((await sweepExpired(database.db, clock.now())).loginChallenges).toBeGreaterThanOrEqual(4);
    expect(
      await database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, userId)),
    ).toEqual([]);
  });

  it('answers an unknown, used or expired challenge exactly as a wrong code', async () => {
    clock.set(START + 180 * MINUTE_MS);
    const { email, secret } = await accountWithTwoFactor();
    nextStep();
    const wrong = await secondStep({ challenge: await challengeOf(email), code: wrongCode(secret) });
    const unknown = await secondStep({ challenge: 'mfrggzdfmztwq2lknnwg23tpobyxe43u', code: codeAt(secret) });
    const unknownRecovery = await secondStep({
      challenge: 'mfrggzdfmztwq2lknnwg23tpobyxe43u',
      recoveryCode: 'k7m2p-x9q4r',
    });
    const wrongRecovery = await secondStep({
      challenge: await challengeOf(email),
      recoveryCode: 'k7m2p-x9q4r',
    });
    const expiring = await challengeOf(email);
    clock.advance(5 * MINUTE_MS);
    const expired = await secondStep({ challenge: expiring, code: codeAt(secret) });
    for (const res of [wrong, unknown, unknownRecovery, wrongRecovery, expired]) {
      expect(answerOf(res)).toEqual({ status: 401, body: FAILED });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('the second step’s input', () => {
  it('asks for a code or a recovery code, not both, and reads a code with spaces', async () => {
    clock.set(START + 200 * MINUTE_MS);
    const { email, secret } = await accountWithTwoFactor();
    nextStep();
    const challenge = await challengeOf(email);
    const neither = await secondStep({ challenge });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual({ code: TWO_FACTOR_CODE_MESSAGES.required });
    const both = await secondStep({ challenge, code: codeAt(secret), recoveryCode: 'k7m2p-x9q4r' });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual({ recoveryCode: TWO_FACTOR_CODE_MESSAGES.oneOfTwo });
    const code = codeAt(secret);
    const spaced = await secondStep({ challenge, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(spaced.statusCode, spaced.body).toBe(200);
  });
});

describe('the rate limits of the second step', () => {
  /** Accounts with 2FA, enabled on the generous server; then a new window, so enabling counts for nothing. */
  async function accounts(n: number) {
    const made: Account[] = [];
    for (let i = 0; i < n; i++) made.push(await accountWithTwoFactor());
    clock.advance(RATE_LIMIT_WINDOW_MS);
    return made;
  }
  const onLimited = (ip: string): CallOptions => ({ server: limited, ip });

  it('per account: wrong codes from ever new addresses run out, then 429 with Retry-After, until the window ends', async () => {
    clock.set(START + 240 * MINUTE_MS);
    const [account] = (await accounts(1)) as [Account];
    for (let i = 1; i <= LIMIT; i++) {
      const ip = `198.51.100.${i}`;
      const challenge = await challengeOf(account.email, onLimited(ip));
      const res = await secondStep({ challenge, code: wrongCode(account.secret) }, onLimited(ip));
      expect(res.statusCode).toBe(401);
    }
    clock.advance(60_000);
    const challenge = await challengeOf(account.email, onLimited('198.51.100.9'));
    const refused = await secondStep({ challenge, code: codeAt(account.secret) }, onLimited('198.51.100.9'));
    expect(answerOf(refused)).toEqual({
      status: 429,
      body: { message: RATE_LIMIT_MESSAGE, code: 'TOO_MANY_REQUESTS' },
    });
    expect(refused.headers['retry-after']).toBe(String((RATE_LIMIT_WINDOW_MS - 60_000) / 1000));

    clock.advance(RATE_LIMIT_WINDOW_MS - 60_000);
    const fresh = await challengeOf(account.email, onLimited('198.51.100.10'));
    expect(
      (await secondStep({ challenge: fresh, code: codeAt(account.secret) }, onLimited('198.51.100.10')))
        .statusCode,
    ).toBe(200);
  });

  it('per IP: wrong codes for several accounts from one address run out, then 429 there and not elsewhere', async () => {
    clock.set(START + 300 * MINUTE_MS);
    const made = await accounts(LIMIT + 1);
    const attacker = '203.0.113.7';
    for (const [i, account] of made.slice(0, LIMIT).entries()) {
      const challenge = await challengeOf(account.email, onLimited(`203.0.113.${20 + i}`));
      expect(
        (await secondStep({ challenge, code: wrongCode(account.secret) }, onLimited(attacker))).statusCode,
      ).toBe(401);
    }
    const last = made[LIMIT]!;
    const challenge = await challengeOf(last.email, onLimited('203.0.113.40'));
    const refused = await secondStep({ challenge, code: codeAt(last.secret) }, onLimited(attacker));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(RATE_LIMIT_WINDOW_MS / 1000));
    // Unknown challenges count there too.
    expect(
      (await secondStep({ challenge: 'onbekend', code: '123456' }, onLimited(attacker))).statusCode,
    ).toBe(429);
    const elsewhere = await secondStep({ challenge, code: codeAt(last.secret) }, onLimited('203.0.113.41'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('what a password reset or change leaves of two-step sign-in', () => {
  it('a change and a reset leave it on, and end a sign-in halfway its second step', async () => {
    clock.set(START + 360 * MINUTE_MS);
    const { email, userId, token, secret } = await accountWithTwoFactor();
    const halfway = await challengeOf(email);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'N1euwGeheim!', confirmPassword: 'N1euwGeheim!' },
      { token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await userRow(userId)).toMatchObject({ twoFactorEnabled: true, twoFactorSecret: secret });
    nextStep();
    expect(answerOf(await secondStep({ challenge: halfway, code: codeAt(secret) }))).toEqual({
      status: 401,
      body: FAILED,
    });
    const afterChange = await post('/api/auth/login', { email, password: 'N1euwGeheim!' });
    expect(afterChange.json()).toMatchObject({ twoFactorRequired: true });

    const pending = afterChange.json().challenge;
    const { token: resetToken } = await issueEmailToken(database.db, userId, 'reset', clock.now());
    const reset = await post(`/api/auth/reset-password/${resetToken}`, {
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await userRow(userId)).toMatchObject({ twoFactorEnabled: true, twoFactorSecret: secret });
    expect((await secondStep({ challenge: pending, code: codeAt(secret) })).statusCode).toBe(401);
    const afterReset = await login(email);
    expect(afterReset.json()).toMatchObject({ twoFactorRequired: true });
    expect(
      (await secondStep({ challenge: afterReset.json().challenge, code: codeAt(secret) })).statusCode,
    ).toBe(200);
  });
});

describe("an owner's or admin's reset of a member's two-step sign-in", () => {
  type Person = { userId: string; email: string; token: string };

  /** An organisation with an owner, an admin, a member and a viewer, each with 2FA on. */
  async function team() {
    const owner = await plainAccount('Olga Eigenaar');
    const people = { owner: { userId: owner.userId, email: owner.email, token: owner.token } } as Record<
      OrganizationRole,
      Person
    >;
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const email = uniqueEmail();
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          passwordHash: await strongPasswordHash(),
          name: `Lid ${role}`,
          isEmailVerified: true,
        })
        .returning();
      await database.db
        .insert(memberships)
        .values({ organizationId: owner.organizationId, userId: user!.id, role });
      const { token } = await createSession(database.db, user!.id, false, clock.now(), owner.organizationId);
      people[role] = { userId: user!.id, email, token };
    }
    for (const person of Object.values(people)) {
      await enable(person.token);
      nextStep();
    }
    return { organizationId: owner.organizationId, ...people };
  }
  const reset = (userId: string, token: string) =>
    call('DELETE', `/api/organization/members/${userId}/two-factor`, undefined, { token });

  it('by the owner: off, with its key and recovery codes, audited; the member then signs in with the password', async () => {
    clock.set(START + 420 * MINUTE_MS);
    const t = await team();
    const res = await reset(t.member.userId, t.owner.token);
    expect(answerOf(res)).toEqual({
      status: 200,
      body: { success: true, message: twoFactorMessages.memberReset('Lid member') },
    });
    expect(await userRow(t.member.userId)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(
      await database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, t.member.userId)),
    ).toEqual([]);
    const entry = (await auditActions(t.organizationId)).find((e) => e.action === 'member.two_factor_reset');
    expect(entry).toMatchObject({ actorUserId: t.owner.userId, objectId: t.member.userId, fields: [] });
    const members = (
      await call('GET', '/api/organization/members', undefined, { token: t.owner.token })
    ).json();
    expect(members.find((m: { userId: string }) => m.userId === t.member.userId).twoFactorEnabled).toBe(
      false,
    );
    expect((await login(t.member.email)).json().token).toEqual(expect.any(String));

    expect(answerOf(await reset(t.member.userId, t.owner.token))).toEqual({
      status: 409,
      body: { message: twoFactorMessages.memberNotOn('Lid member'), code: 'CONFLICT' },
    });
  });

  it("an admin resets a member's, not the owner's nor their own; a member or viewer resets nothing", async () => {
    clock.set(START + 480 * MINUTE_MS);
    const t = await team();
    expect(answerOf(await reset(t.owner.userId, t.admin.token))).toEqual({
      status: 403,
      body: { message: organizationMessages.ownerUntouchable, code: 'FORBIDDEN' },
    });
    expect(answerOf(await reset(t.admin.userId, t.admin.token))).toEqual({
      status: 400,
      body: { message: twoFactorMessages.resetSelf, code: 'BAD_REQUEST' },
    });
    for (const role of ['member', 'viewer'] as const)
      expect(answerOf(await reset(t.admin.userId, t[role].token)), role).toEqual({
        status: 403,
        body: { message: roleRequiredMessage('manage'), code: 'FORBIDDEN' },
      });
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const)
      expect((await userRow(t[role].userId)).twoFactorEnabled, role).toBe(true);

    expect((await reset(t.viewer.userId, t.admin.token)).statusCode).toBe(200);
    expect((await userRow(t.viewer.userId)).twoFactorEnabled).toBe(false);
    // Someone of another organisation is no member here; an API key changes no member.
    const stranger = await plainAccount();
    expect((await reset(stranger.userId, t.owner.token)).statusCode).toBe(404);
    const key = await createApiKey(
      database.db,
      { organizationId: t.organizationId, userId: t.owner.userId },
      { name: 'Koppeling', access: 'write' },
      clock.now(),
    );
    expect(answerOf(await reset(t.member.userId, key.secret))).toEqual({
      status: 403,
      body: { message: apiKeyServiceMessages.sessionOnly, code: 'FORBIDDEN' },
    });
    expect((await userRow(t.member.userId)).twoFactorEnabled).toBe(true);
  });
});
