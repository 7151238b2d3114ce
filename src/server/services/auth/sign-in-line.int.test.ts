import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { users } from '../../../db/schema';
import { buildTestApp, testConfig, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../../test/helpers';
import { createCapturingMailer } from '../../../test/mailer';
import { hashPassword } from './passwords';
import { SIGN_INS_AT_ONCE } from './sign-in-line';

/**
 * Sign-ins at once, over HTTP: at most SIGN_INS_AT_ONCE of them are between their rate-limit check
 * and their session at any moment; the rest wait their turn, and all get in (sign-in-line.ts).
 */
const underWay = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock('./users', async (importOriginal) => {
  const real = await importOriginal<typeof import('./users')>();
  return {
    ...real,
    // Each sign-in's account lookup, held a moment so that sign-ins without a line would overlap.
    findUserByEmail: async (...args: Parameters<typeof real.findUserByEmail>) => {
      underWay.now++;
      underWay.most = Math.max(underWay.most, underWay.now);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return await real.findUserByEmail(...args);
      } finally {
        underWay.now--;
      }
    },
  };
});

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it(`lets ${SIGN_INS_AT_ONCE} sign-ins through at once and the others after them; every one gets its session`, async () => {
  const app = await buildTestApp(
    testDeps(database.db, createCapturingMailer(), testConfig({ rateLimitAuth: 1000 })),
  );
  try {
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const emails = Array.from({ length: SIGN_INS_AT_ONCE + 4 }, () => uniqueEmail('rij'));
    await database.db.insert(users).values(
      emails.map((email) => ({
        email,
        passwordHash,
        name: 'Rianne Rij',
        company: 'Rij B.V.',
        isEmailVerified: true,
      })),
    );
    const answers = await Promise.all(
      emails.map((email) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: STRONG_PASSWORD, rememberMe: false },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(emails.map(() => 200));
    expect(underWay.most).toBe(SIGN_INS_AT_ONCE);
  } finally {
    await app.close();
  }
}, 60_000);
