import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { fieldErrors } from '../../../shared/field-errors';
import { buildTestApp, createTestCaller, testConfig, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { extraOf, rejectionOf, STRONG_PASSWORD } from '../../../test/helpers';
import { createCapturingMailer } from '../../../test/mailer';
import { createSignedInUser, strongPasswordHash } from '../../../test/users';
import type { AppDeps } from '../../deps';
import { verifyPassword } from './passwords';
import { otherSessionsMessage } from './security';
import { createSession } from './sessions';

/** auth.changePassword and auth.signOutOtherSessions (tab Beveiliging). */
let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  deps = testDeps(database.db, createCapturingMailer());
  app = await buildTestApp(deps);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const as = (token: string) => createTestCaller(deps, { token });
const hashOf = async (id: string) =>
  (await database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.h ?? '';
const sessionCount = async (userId: string) =>
  (await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

/** A signed-in user who can log in with STRONG_PASSWORD, with `others` extra sessions elsewhere. */
async function userWithPassword(others = 0) {
  const signedIn = await createSignedInUser(database.db);
  await database.db
    .update(users)
    .set({ passwordHash: await strongPasswordHash() })
    .where(eq(users.id, signedIn.user.id));
  const otherTokens: string[] = [];
  for (let i = 0; i < others; i++)
    otherTokens.push(
      (await createSession(database.db, signedIn.user.id, true, new Date(), signedIn.user.id)).token,
    );
  return { ...signedIn, otherTokens };
}

const change = {
  currentPassword: STRONG_PASSWORD,
  newPassword: 'Nieuw12345!',
  confirmPassword: 'Nieuw12345!',
};

describe('auth.changePassword', () => {
  it('checks the current password, sets the new one, ends the other sessions and keeps this one', async () => {
    const { user, token, otherTokens } = await userWithPassword(2);
    const stranger = await userWithPassword(1);
    const result = await (await as(token)).auth.changePassword(change);
    expect(result).toEqual({
      success: true,
      count: 2,
      message: expect.stringContaining(otherSessionsMessage(2)),
    });
    expect(await verifyPassword(await hashOf(user.id), 'Nieuw12345!')).toBe(true);
    expect(await verifyPassword(await hashOf(user.id), STRONG_PASSWORD)).toBe(false);
    expect((await (await as(token)).auth.profile())._id).toBe(user.id);
    for (const t of otherTokens)
      expect((await rejectionOf((await as(t)).auth.profile())).code).toBe('UNAUTHORIZED');
    // Another user's sessions and password are untouched.
    expect(await sessionCount(stranger.user.id)).toBe(2);
    expect(await verifyPassword(await hashOf(stranger.user.id), STRONG_PASSWORD)).toBe(true);
  });

  it('a wrong current password: 400 with details.currentPassword, nothing changed', async () => {
    const { user, token } = await userWithPassword(1);
    const before = await hashOf(user.id);
    const err = await rejectionOf(
      (await as(token)).auth.changePassword({ ...change, currentPassword: 'Fout1234' }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe('Huidig wachtwoord is onjuist');
    expect(extraOf(err)).toEqual({ details: { currentPassword: 'Huidig wachtwoord is onjuist' } });
    expect(await hashOf(user.id)).toBe(before);
    expect(await sessionCount(user.id)).toBe(2);
  });

  it.each([
    [{ ...change, currentPassword: '' }, { currentPassword: 'Huidig wachtwoord is verplicht' }],
    [
      { ...change, newPassword: 'zwak', confirmPassword: 'zwak' },
      { newPassword: 'Wachtwoord moet minimaal 8 karakters bevatten' },
    ],
    [
      { ...change, newPassword: 'alleenklein1', confirmPassword: 'alleenklein1' },
      { newPassword: 'Wachtwoord moet minimaal één hoofdletter bevatten' },
    ],
    [{ ...change, confirmPassword: 'Nieuw12345?' }, { confirmPassword: 'Wachtwoorden komen niet overeen' }],
    [{ ...change, confirmPassword: '' }, { confirmPassword: 'Bevestig wachtwoord is verplicht' }],
  ])('refuses %j with the rules’ messages', async (input, details) => {
    const { user, token } = await userWithPassword(1);
    const before = await hashOf(user.id);
    const err = await rejectionOf((await as(token)).auth.changePassword(input));
    expect(err.code).toBe('BAD_REQUEST');
    expect(fieldErrors(err.cause as never)).toEqual(details);
    expect(await hashOf(user.id)).toBe(before);
    expect(await sessionCount(user.id)).toBe(2);
  });

  it('429 once the per-user budget is spent', async () => {
    const limited = testDeps(database.db, createCapturingMailer(), testConfig({ rateLimitAuth: 2 }));
    const { token } = await userWithPassword();
    const caller = await createTestCaller(limited, { token });
    for (let i = 0; i < 2; i++) {
      expect(
        (await rejectionOf(caller.auth.changePassword({ ...change, currentPassword: 'Fout1234' }))).code,
      ).toBe('BAD_REQUEST');
    }
    expect((await rejectionOf(caller.auth.changePassword(change))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('without a session: 401', async () => {
    expect((await rejectionOf((await createTestCaller(deps)).auth.changePassword(change))).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('auth.signOutOtherSessions', () => {
  it('ends every other session of this user only, and says how many', async () => {
    const { user, token, otherTokens } = await userWithPassword(3);
    const stranger = await userWithPassword(1);
    const caller = await as(token);
    expect(await caller.auth.signOutOtherSessions()).toEqual({
      success: true,
      count: 3,
      message: '3 andere sessies zijn uitgelogd.',
    });
    expect(await sessionCount(user.id)).toBe(1);
    expect((await (await as(token)).auth.profile())._id).toBe(user.id);
    for (const t of otherTokens)
      expect((await rejectionOf((await as(t)).auth.profile())).code).toBe('UNAUTHORIZED');
    expect(await sessionCount(stranger.user.id)).toBe(2);
    expect(await (await as(token)).auth.signOutOtherSessions()).toEqual({
      success: true,
      count: 0,
      message: 'Er waren geen andere actieve sessies.',
    });
  });

  it('without a session: 401', async () => {
    expect((await rejectionOf((await createTestCaller(deps)).auth.signOutOtherSessions())).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('the security calls over HTTP', () => {
  const post = (url: string, token: string | null, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('POST /api/auth/change-password', async () => {
    const { token, otherTokens } = await userWithPassword(1);
    const wrong = await post('/api/auth/change-password', token, { ...change, currentPassword: 'Fout1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ currentPassword: 'Huidig wachtwoord is onjuist' });
    const ok = await post('/api/auth/change-password', token, change);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, count: 1 });
    const gone = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${otherTokens[0]}` },
    });
    expect(gone.statusCode).toBe(401);
    expect((await post('/api/auth/change-password', null, change)).statusCode).toBe(401);
  });

  it('POST /api/auth/sessions/sign-out-others, with or without a body', async () => {
    const { token } = await userWithPassword(2);
    const res = await post('/api/auth/sessions/sign-out-others', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 2, message: '2 andere sessies zijn uitgelogd.' });
    const again = await post('/api/auth/sessions/sign-out-others', token, {});
    expect(again.json()).toMatchObject({ count: 0 });
    expect((await post('/api/auth/sessions/sign-out-others', null)).statusCode).toBe(401);
  });
});
