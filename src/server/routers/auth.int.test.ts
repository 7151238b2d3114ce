import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailTokens, sessions, users } from '../../db/schema';
import { createTestCaller, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { extraOf, rejectionOf, STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { insertAccount, strongPasswordHash } from '../../test/users';
import type { AppDeps } from '../deps';
import { authMessages } from '../services/auth/messages';
import { passwordNeedsRehash, verifyPassword } from '../services/auth/passwords';
import { ADDRESS_WIDE_FACTOR } from '../services/auth/rate-limit';
import { hashToken } from '../services/auth/session-tokens';
import { createSession } from '../services/auth/sessions';
import { settleBackground } from '../services/background';

let database: TestDatabase;
let mailer: CapturingMailer;
let deps: AppDeps;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  mailer = createCapturingMailer();
  deps = testDeps(database.db, mailer);
});

const anonymous = () => createTestCaller(deps);

/** A login's answer that opened a session: the accounts here have no two-step sign-in. */
function session<T extends object>(answer: T): Exclude<T, { twoFactorRequired: true }> {
  if ('twoFactorRequired' in answer) throw new Error('the login asked for a second step');
  return answer as Exclude<T, { twoFactorRequired: true }>;
}
const as = (token: string) => createTestCaller(deps, { token });

async function register(email = uniqueEmail(), password = STRONG_PASSWORD) {
  const caller = await anonymous();
  const result = await caller.auth.register({ name: 'Jan Jansen', email, password, company: 'Jansen BV' });
  return { email, password, result };
}

/**
 * A verified account as registering and its mailed link leave it, straight in the database (the
 * account journey below goes through both), logged in with STRONG_PASSWORD.
 */
async function verifiedSession(rememberMe = false) {
  const email = uniqueEmail();
  const password = STRONG_PASSWORD;
  await insertAccount(database.db, {
    email,
    passwordHash: await strongPasswordHash(),
    name: 'Jan Jansen',
    company: 'Jansen BV',
    isEmailVerified: true,
  });
  const caller = await anonymous();
  const login = session(await caller.auth.login({ email, password, rememberMe }));
  return { email, password, login, cookies: caller.ctx.cookies };
}

const userRow = async (email: string) => {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
};

describe('the account journey', () => {
  it('register → mail → verify → login → profile → logout', async () => {
    const email = uniqueEmail('Reis');
    const caller = await anonymous();
    const registered = await caller.auth.register({
      name: 'Jan Jansen',
      email,
      password: STRONG_PASSWORD,
      company: 'Jansen BV',
      profileCompleted: false,
    });
    expect(registered).toEqual({
      success: true,
      message: authMessages.registered,
      email: email.toLowerCase(),
    });
    // No session from registering.
    expect(caller.ctx.cookies.session).toBeUndefined();
    const lower = email.toLowerCase();
    expect((await userRow(lower))?.isEmailVerified).toBe(false);

    const [mail] = mailer.to(lower);
    expect(mail?.subject).toContain('Bevestig uw e-mailadres');
    const link = mailer.lastLink(lower, '/verify-email/');
    expect(link.startsWith('http://localhost:3000/verify-email/')).toBe(true);
    expect(mail?.text).toContain(link);

    const token = mailer.lastToken(lower, 'verify-email');
    const verified = await (await anonymous()).auth.verifyEmail({ token });
    expect(verified).toEqual({
      success: true,
      message: authMessages.verified,
      email: lower,
      status: 'verified',
    });

    const loginCaller = await anonymous();
    const login = session(
      await loginCaller.auth.login({ email: email.toUpperCase(), password: STRONG_PASSWORD }),
    );
    expect(login.email).toBe(lower);
    expect(login.isEmailVerified).toBe(true);
    expect(login.token.length).toBeGreaterThanOrEqual(24);
    expect(loginCaller.ctx.cookies.session?.value).toBe(login.token);
    expect(login).not.toHaveProperty('passwordHash');

    const profile = await (await as(login.token)).auth.profile();
    expect(profile).toMatchObject({ _id: login._id, name: 'Jan Jansen', company: 'Jansen BV', email: lower });

    const logoutCaller = await as(login.token);
    expect(await logoutCaller.auth.logout()).toEqual({ success: true, message: authMessages.loggedOut });
    expect(logoutCaller.ctx.cookies.session).toBeNull();
    const left = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(login.token)));
    expect(left).toHaveLength(0);
    const after = await rejectionOf((await as(login.token)).auth.profile());
    expect(after.code).toBe('UNAUTHORIZED');
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { login } = await verifiedSession();
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, login._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(hashToken(login.token));
    expect(rows[0]?.id).not.toBe(login.token);
    expect(JSON.stringify(rows)).not.toContain(login.token);
  });

  it('a protected call without a (valid) session is 401', async () => {
    for (const caller of [await anonymous(), await as('not-a-real-token')]) {
      const err = await rejectionOf(caller.auth.profile());
      expect(err.code).toBe('UNAUTHORIZED');
      expect((await rejectionOf(caller.auth.updateProfile({ name: 'X', company: 'Y' }))).code).toBe(
        'UNAUTHORIZED',
      );
      expect((await rejectionOf(caller.auth.resendVerification())).code).toBe('UNAUTHORIZED');
    }
  });

  it('auth.session answers null without a (valid) session, and the profile with one', async () => {
    expect(await (await anonymous()).auth.session()).toBeNull();
    expect(await (await as('not-a-real-token')).auth.session()).toBeNull();
    const { email, login } = await verifiedSession();
    const session = await (await as(login.token)).auth.session();
    expect(session).toEqual(await (await as(login.token)).auth.profile());
    expect(session?.email).toBe(email);
    await (await as(login.token)).auth.logout();
    expect(await (await as(login.token)).auth.session()).toBeNull();
  });

  it('logout without a session still answers success', async () => {
    const caller = await anonymous();
    expect(await caller.auth.logout()).toEqual({ success: true, message: authMessages.loggedOut });
    expect(caller.ctx.cookies.session).toBeNull();
  });
});

describe('login', () => {
  it('an unverified account with the right password is 403 with the verification fields', async () => {
    const { email, password } = await register();
    const caller = await anonymous();
    const err = await rejectionOf(caller.auth.login({ email, password }));
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toBe(authMessages.emailNotVerified);
    const user = await userRow(email);
    expect(extraOf(err)).toEqual({ emailVerificationRequired: true, userId: user?.id, email });
    expect(caller.ctx.cookies.session).toBeUndefined();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });

  it('a hash made with weaker parameters is upgraded at login, and the login opens its session', async () => {
    const { email } = await verifiedSession();
    const weak = await argon2.hash(STRONG_PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await database.db.update(users).set({ passwordHash: weak }).where(eq(users.email, email));
    const login = session(await (await anonymous()).auth.login({ email, password: STRONG_PASSWORD }));
    const stored = (await userRow(email))?.passwordHash ?? '';
    expect(stored).not.toBe(weak);
    expect(passwordNeedsRehash(stored)).toBe(false);
    expect(await verifyPassword(stored, STRONG_PASSWORD)).toBe(true);
    expect((await (await as(login.token)).auth.profile()).email).toBe(email);
  });

  it('a wrong password and an unknown address answer alike', async () => {
    const { email } = await verifiedSession();
    const wrong = await rejectionOf((await anonymous()).auth.login({ email, password: 'Verkeerd123' }));
    const unknown = await rejectionOf(
      (await anonymous()).auth.login({ email: uniqueEmail('onbekend'), password: 'Verkeerd123' }),
    );
    for (const err of [wrong, unknown]) {
      expect(err.code).toBe('UNAUTHORIZED');
      expect(err.message).toBe(authMessages.invalidCredentials);
      expect(extraOf(err)).toEqual({});
    }
  });
});

describe('register', () => {
  it('an existing address gets exactly the same answer, and its owner a mail instead', async () => {
    const { email } = await verifiedSession();
    mailer.clear();
    const again = await (await anonymous()).auth.register({
      name: 'Indringer',
      email,
      password: 'Anders123',
      company: 'Ander BV',
    });
    expect(again).toEqual({ success: true, message: authMessages.registered, email });
    const [notice] = mailer.to(email);
    expect(notice?.subject).toContain('Poging tot registratie');
    // Nothing about the account changed.
    const row = await userRow(email);
    expect(row?.name).toBe('Jan Jansen');
    expect(session(await (await anonymous()).auth.login({ email, password: STRONG_PASSWORD })).email).toBe(
      email,
    );
  });

  it('registering an unverified address again sends a new verification link; the first one still works', async () => {
    const { email } = await register();
    const first = mailer.lastToken(email, 'verify-email');
    await register(email);
    const second = mailer.lastToken(email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await (await anonymous()).auth.verifyEmail({ token: first })).status).toBe('verified');
    expect((await (await anonymous()).auth.verifyEmail({ token: second })).status).toBe('already_verified');
  });

  it('bad input is 400 with details per field, and stores nothing', async () => {
    const email = uniqueEmail('slecht');
    const err = await rejectionOf(
      (await anonymous()).auth.register({ name: ' ', email, password: 'kort', company: '' }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(await userRow(email)).toBeUndefined();
    expect(mailer.messages).toHaveLength(0);
  });

  it('stores an argon2id hash with at least the OWASP parameters', async () => {
    const { email } = await register();
    const hash = (await userRow(email))?.passwordHash ?? '';
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true);
    const param = (name: string) => Number(hash.match(new RegExp(`[$,]${name}=(\\d+)`))?.[1]);
    expect(param('m')).toBeGreaterThanOrEqual(19456);
    expect(param('t')).toBeGreaterThanOrEqual(2);
    expect(param('p')).toBeGreaterThanOrEqual(1);
  });

  it('when the mail cannot be sent: a clear 503, the account exists, and registering again resends', async () => {
    const email = uniqueEmail('geenmail');
    mailer.failing = true;
    const err = await rejectionOf(
      (await anonymous()).auth.register({ name: 'A', email, password: STRONG_PASSWORD, company: 'B' }),
    );
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.message).toBe(authMessages.registerMailFailed);
    expect(await userRow(email)).toBeDefined();
    mailer.failing = false;
    await register(email);
    expect(
      (await (await anonymous()).auth.verifyEmail({ token: mailer.lastToken(email, 'verify-email') })).status,
    ).toBe('verified');
  });
});

describe('verify e-mail', () => {
  it('a second use answers already_verified', async () => {
    const { email } = await register();
    const token = mailer.lastToken(email, 'verify-email');
    await (await anonymous()).auth.verifyEmail({ token });
    expect(await (await anonymous()).auth.verifyEmail({ token })).toEqual({
      success: true,
      message: authMessages.verifiedAlready,
      email,
      status: 'already_verified',
    });
  });

  it('an unknown token is 404 invalid_token', async () => {
    const err = await rejectionOf((await anonymous()).auth.verifyEmail({ token: 'bestaatniet' }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe(authMessages.verifyInvalid);
    expect(extraOf(err)).toEqual({ success: false, status: 'invalid_token' });
  });

  it('tokens expire after 24 hours and are stored hashed', async () => {
    const { email } = await register();
    const token = mailer.lastToken(email, 'verify-email');
    const [row] = await database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.id, hashToken(token)));
    expect(row?.kind).toBe('verify');
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    const all = await database.db.select().from(emailTokens);
    expect(JSON.stringify(all)).not.toContain(token);
  });
});

describe('resend verification', () => {
  it('logged in: a new link, while the earlier unexpired one keeps working; 400 once verified', async () => {
    const { email, password } = await register();
    const first = mailer.lastToken(email, 'verify-email');
    // An unverified user cannot log in, so give them a session directly, as an older login would have.
    const user = await userRow(email);
    const { token: sessionToken } = await createSession(database.db, user!.id, false, new Date(), user!.id);
    const caller = await as(sessionToken);
    expect(await caller.auth.resendVerification()).toEqual({
      success: true,
      message: authMessages.verificationResent,
    });
    const second = mailer.lastToken(email, 'verify-email');
    expect(second).not.toBe(first);
    // The link in the first mail, clicked after asking for the second.
    expect((await (await anonymous()).auth.verifyEmail({ token: first })).status).toBe('verified');
    expect((await (await anonymous()).auth.verifyEmail({ token: second })).status).toBe('already_verified');
    const verifiedCaller = await as(sessionToken);
    const err = await rejectionOf(verifiedCaller.auth.resendVerification());
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(authMessages.alreadyVerified);
    expect(session(await (await anonymous()).auth.login({ email, password })).email).toBe(email);
  });

  it('public: the same answer for unknown, unverified and verified addresses; only the unverified one gets mail', async () => {
    const unverified = (await register()).email;
    const verified = (await verifiedSession()).email;
    const unknown = uniqueEmail('onbekend');
    mailer.clear();
    const answers = [];
    for (const email of [unknown, unverified, verified]) {
      answers.push(await (await anonymous()).auth.resendVerificationPublic({ email }));
      await settleBackground();
    }
    for (const a of answers)
      expect(a).toEqual({ success: true, message: authMessages.verificationResentPublic });
    expect(mailer.messages.map((m) => m.to)).toEqual([unverified]);
  });
});

describe('password reset', () => {
  it('forgot-password answers alike for known and unknown addresses and mails a 30-minute link', async () => {
    const { email } = await verifiedSession();
    mailer.clear();
    const known = await (await anonymous()).auth.forgotPassword({ email });
    await settleBackground();
    const unknown = await (await anonymous()).auth.forgotPassword({ email: uniqueEmail('onbekend') });
    await settleBackground();
    expect(known).toEqual({ success: true, message: authMessages.forgotPassword });
    expect(unknown).toEqual(known);
    expect(mailer.messages.map((m) => m.to)).toEqual([email]);
    const link = mailer.lastLink(email, '/reset-password/');
    expect(link.startsWith('http://localhost:3000/reset-password/')).toBe(true);
    const [row] = await database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.id, hashToken(mailer.lastToken(email, 'reset-password'))));
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
  });

  it('is single use, ends every session and lets the new password in', async () => {
    const { email, login } = await verifiedSession();
    const second = session(
      await (await anonymous()).auth.login({
        email,
        password: STRONG_PASSWORD,
        rememberMe: true,
      }),
    );
    await (await anonymous()).auth.forgotPassword({ email });
    await settleBackground();
    const token = mailer.lastToken(email, 'reset-password');

    const reset = await (await anonymous()).auth.resetPassword({
      token,
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12345',
    });
    expect(reset).toEqual({ success: true, message: authMessages.passwordReset });

    for (const t of [login.token, second.token]) {
      expect((await rejectionOf((await as(t)).auth.profile())).code).toBe('UNAUTHORIZED');
    }
    const user = await userRow(email);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);

    const again = await rejectionOf(
      (await anonymous()).auth.resetPassword({ token, password: 'Anders123', confirmPassword: 'Anders123' }),
    );
    expect(again.code).toBe('BAD_REQUEST');
    expect(again.message).toBe(authMessages.invalidResetToken);
    expect(extraOf(again)).toEqual({ success: false });

    expect(
      (await rejectionOf((await anonymous()).auth.login({ email, password: STRONG_PASSWORD }))).code,
    ).toBe('UNAUTHORIZED');
    expect(session(await (await anonymous()).auth.login({ email, password: 'Nieuw12345' })).email).toBe(
      email,
    );
  });

  it('a reset verifies an unverified address (the link proved the inbox)', async () => {
    const { email } = await register();
    await (await anonymous()).auth.forgotPassword({ email });
    await settleBackground();
    await (await anonymous()).auth.resetPassword({
      token: mailer.lastToken(email, 'reset-password'),
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12345',
    });
    expect(
      session(await (await anonymous()).auth.login({ email, password: 'Nieuw12345' })).isEmailVerified,
    ).toBe(true);
  });

  it('a new request replaces an earlier unused link', async () => {
    const { email } = await verifiedSession();
    await (await anonymous()).auth.forgotPassword({ email });
    await settleBackground();
    const first = mailer.lastToken(email, 'reset-password');
    await (await anonymous()).auth.forgotPassword({ email });
    await settleBackground();
    const err = await rejectionOf(
      (await anonymous()).auth.resetPassword({
        token: first,
        password: 'Nieuw12345',
        confirmPassword: 'Nieuw12345',
      }),
    );
    expect(err.code).toBe('BAD_REQUEST');
  });

  it('mismatching passwords are a 400 on confirmPassword', async () => {
    const err = await rejectionOf(
      (await anonymous()).auth.resetPassword({
        token: 'x',
        password: 'Nieuw12345',
        confirmPassword: 'Nieuw12346',
      }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.cause?.name).toBe('ZodError');
  });
});

describe('profile update', () => {
  it('changes name and company, trimmed; never the e-mail address', async () => {
    const { email, login } = await verifiedSession();
    const caller = await as(login.token);
    const updated = await caller.auth.updateProfile({
      name: '  Piet Pietersen ',
      company: ' Pietersen BV ',
      email: 'kaper@voorbeeld.nl',
    } as never);
    expect(updated).toMatchObject({ name: 'Piet Pietersen', company: 'Pietersen BV', email });
    expect((await userRow(email))?.name).toBe('Piet Pietersen');
  });

  it('requires name and company, with the spec messages', async () => {
    const { login } = await verifiedSession();
    const err = await rejectionOf((await as(login.token)).auth.updateProfile({ name: '', company: ' ' }));
    expect(err.code).toBe('BAD_REQUEST');
    const issues = (err.cause as { issues?: { path: string[]; message: string }[] }).issues ?? [];
    expect(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      name: 'Naam is verplicht',
      company: 'Bedrijfsnaam is verplicht',
    });
  });
});

describe('rate limits', () => {
  it('login: 429 once the per-IP budget is spent, counting every attempt', async () => {
    const limited = testDeps(database.db, mailer, testConfig({ rateLimitAuth: 3 }));
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}`;
    const { email, password } = await verifiedSession();
    for (let i = 0; i < 3; i++) {
      // Successful logins count too, and each uses another address so only the IP budget runs out.
      const target = i === 0 ? email : uniqueEmail('limiet');
      const caller = await createTestCaller(limited, { ip });
      if (i === 0) await caller.auth.login({ email: target, password });
      else
        expect((await rejectionOf(caller.auth.login({ email: target, password }))).code).toBe('UNAUTHORIZED');
    }
    const err = await rejectionOf((await createTestCaller(limited, { ip })).auth.login({ email, password }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe('Te veel pogingen. Probeer het over enkele minuten opnieuw.');
    // The budget is per IP: another IP (with another address) is heard again.
    const other = await rejectionOf(
      (await createTestCaller(limited, { ip: '10.1.1.1' })).auth.login({
        email: uniqueEmail('ander'),
        password,
      }),
    );
    expect(other.code).toBe('UNAUTHORIZED');
  });

  it('forgot-password: 429 once the address-wide budget (10 × the limit) is spent, whatever the IP', async () => {
    const limited = testDeps(database.db, mailer, testConfig({ rateLimitAuth: 2 }));
    const email = uniqueEmail('budget');
    for (let i = 0; i < 2 * ADDRESS_WIDE_FACTOR; i++) {
      await (await createTestCaller(limited, { ip: `10.2.0.${i}` })).auth.forgotPassword({ email });
      await settleBackground();
    }
    const err = await rejectionOf(
      (await createTestCaller(limited, { ip: '10.2.0.99' })).auth.forgotPassword({ email }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
  });

  it('register and both resend calls are limited too', async () => {
    const limited = testDeps(database.db, mailer, testConfig({ rateLimitAuth: 1 }));
    const ip = '10.3.0.1';
    const email = uniqueEmail('reg');
    await (await createTestCaller(limited, { ip })).auth.register({
      name: 'A',
      email,
      password: STRONG_PASSWORD,
      company: 'B',
    });
    const reg = await rejectionOf(
      (await createTestCaller(limited, { ip })).auth.register({
        name: 'A',
        email: uniqueEmail('reg'),
        password: STRONG_PASSWORD,
        company: 'B',
      }),
    );
    expect(reg.code).toBe('TOO_MANY_REQUESTS');
    await (await createTestCaller(limited, { ip })).auth.resendVerificationPublic({ email });
    await settleBackground();
    const resend = await rejectionOf(
      (await createTestCaller(limited, { ip })).auth.resendVerificationPublic({ email }),
    );
    expect(resend.code).toBe('TOO_MANY_REQUESTS');
  });
});
