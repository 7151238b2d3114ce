import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, testConfig, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../../test/helpers';
import { createCapturingMailer } from '../../../test/mailer';
import { insertAccount, strongPasswordHash } from '../../../test/users';
import { SIGN_INS_AT_ONCE } from './sign-in-line';

/**
 * Sign-ins at once, over HTTP: at most SIGN_INS_AT_ONCE of them are between their rate-limit check
 * and their session at any moment; the rest wait their turn, and all get in (sign-in-line.ts).
 */
const underWay = vi.hoisted(() => ({ now: 0, most: 0, arrived: [] as Array<() => void> }));
vi.mock('./users', async (importOriginal) => {
  const real = await importOriginal<typeof import('./users')>();
  const { SIGN_INS_AT_ONCE: atOnce } = await import('./sign-in-line');
  /** Resolves when `count` lookups are under way, or after `ms` (a stand-in for "no more came"). */
  const whenUnderWay = (count: number, ms: number) =>
    new Promise<void>((resolve) => {
      if (underWay.now >= count) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        underWay.arrived = underWay.arrived.filter((wake) => wake !== check);
        resolve();
      }
      function check() {
        if (underWay.now >= count) done();
      }
      underWay.arrived.push(check);
    });
  return {
    ...real,
    // Each sign-in's account lookup waits until the line has let in as many as it allows (however
    // slowly a loaded machine delivers the requests), then a moment longer for one too many: without
    // the line all of them would be in the lookup together, with a line that is too narrow the first
    // wait runs out.
    findUserByEmail: async (...args: Parameters<typeof real.findUserByEmail>) => {
      underWay.now++;
      underWay.most = Math.max(underWay.most, underWay.now);
      for (const wake of [...underWay.arrived]) wake();
      try {
        await whenUnderWay(atOnce, 5_000);
        await whenUnderWay(atOnce + 1, 200);
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
    const passwordHash = await strongPasswordHash();
    const emails = Array.from({ length: SIGN_INS_AT_ONCE + 4 }, () => uniqueEmail('rij'));
    for (const email of emails) {
      await insertAccount(database.db, {
        email,
        passwordHash,
        name: 'Rianne Rij',
        company: 'Rij B.V.',
        isEmailVerified: true,
      });
    }
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
