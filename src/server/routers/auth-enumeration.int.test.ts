import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { uniqueEmail } from '../../test/helpers';
import { createSignedInUser } from '../../test/users';
import type { AppDeps } from '../deps';
import { settleBackground } from '../services/background';
import type { Mailer, MailMessage } from '../services/mail/message';

/**
 * Forgot-password and the public resend told registered addresses apart by their time (a registered
 * one waited for its mail) and, with SMTP down, by their answer (503 vs 200). Both now do the same
 * steps before they answer — whatever the address, whatever the mail server does — and mail after.
 * Asserted on the steps (the database calls made before the answer), not on time.
 */
describe('no account enumeration through forgot-password or the public resend (integration)', () => {
  let database: TestDatabase;
  let deps: AppDeps;
  let calls: string[];
  const attempts: MailMessage[] = [];

  /** The database, with every top-level call recorded: what a request does, step by step. */
  const recording = (db: Db): Db =>
    new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(prop));
          return value.apply(target, args);
        };
      },
    });

  /** SMTP down: every send fails. */
  const downMailer: Mailer = {
    send: async (message) => {
      attempts.push(message);
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    },
    close: async () => {},
  } as Mailer;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = { ...testDeps(recording(database.db), downMailer) };
  });
  afterAll(() => database.close());
  // One call in a hundred also prunes old rate-limit rows (rate-limit.ts), whatever the address: a step
  // of its own that would make two otherwise equal requests differ (CI, once).
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The answer, and the database steps taken before it, of one anonymous call. */
  async function stepsOf(call: (caller: Awaited<ReturnType<typeof createTestCaller>>) => Promise<unknown>) {
    const caller = await createTestCaller(deps, { ip: '198.51.100.7' });
    await settleBackground();
    calls = [];
    const answer = await call(caller).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, value: String(error) }),
    );
    const steps = [...calls];
    await settleBackground();
    return { answer, steps };
  }

  it('forgot-password: a registered, an unverified and an unknown address are handled alike', async () => {
    const registered = (await createSignedInUser(database.db)).user.email;
    const unknown = uniqueEmail('niemand');
    attempts.length = 0;
    const known = await stepsOf((c) => c.auth.forgotPassword({ email: registered }));
    const stranger = await stepsOf((c) => c.auth.forgotPassword({ email: unknown }));

    expect(known.answer).toEqual({ ok: true, value: expect.objectContaining({ success: true }) });
    expect(stranger.answer).toEqual(known.answer);
    expect(stranger.steps).toEqual(known.steps);
    // The mail to the registered address was tried after the answer (and failed: SMTP is down).
    expect(attempts.map((m) => m.to)).toEqual([registered]);
  });

  it('the public resend: unknown, unverified and verified addresses are handled alike', async () => {
    const verified = (await createSignedInUser(database.db)).user.email;
    const unverified = uniqueEmail('nieuw');
    await database.db.execute(
      // An account that still has to verify its address.
      `insert into users (email, password_hash, name) values ('${unverified}', 'x', 'Nieuw')`,
    );
    attempts.length = 0;
    const results = [];
    for (const email of [verified, unverified, uniqueEmail('onbekend')]) {
      results.push(await stepsOf((c) => c.auth.resendVerificationPublic({ email })));
    }
    for (const result of results) {
      expect(result.answer).toEqual(results[0]?.answer);
      expect(result.steps).toEqual(results[0]?.steps);
    }
    expect(results[0]?.answer.ok).toBe(true);
    expect(attempts.map((m) => m.to)).toEqual([unverified]);
  });
});
