import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys } from '../../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { createSignedInUser } from '../../../test/users';
import { AppError } from '../../errors';
import { canonicalJson, KEY_BUSY_MESSAGE, runIdempotent } from './idempotency';

describe('canonicalJson', () => {
  it('sorts the keys of every object and keeps the order of lists', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe('runIdempotent (integration)', () => {
  let database: TestDatabase;
  let organizationId: string;
  let n = 0;
  const newKey = () => `key-${Date.now()}-${n++}`;

  beforeAll(async () => {
    database = await openTestDatabase();
    organizationId = (await createSignedInUser(database.db)).user.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const call = (key: string, input: unknown = { x: 1 }) => ({
    organizationId,
    key,
    operation: 'test.op',
    input,
    now: new Date(),
  });

  /** Another request's claim on `key`, as if it were still at work (its last sign of life `age` ago). */
  async function claimElsewhere(key: string, age = '0 seconds') {
    // The hash of { x: 1 } as runIdempotent computes it: claim through the function itself, then mark
    // the row pending again, so the test does not copy the hashing.
    await runIdempotent(database.db, call(key), async () => 'first');
    await database.db
      .update(idempotencyKeys)
      .set({
        state: 'pending',
        response: null,
        createdAt: sql`now() - ${age}::interval`,
        heartbeatAt: sql`now() - ${age}::interval`,
      })
      .where(and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.key, key)));
  }

  it('runs the work without a key, every time', async () => {
    const work = vi.fn(async () => 'done');
    await runIdempotent(
      database.db,
      { organizationId, key: undefined, operation: 'test.op', input: {}, now: new Date() },
      work,
    );
    await runIdempotent(
      database.db,
      { organizationId, key: undefined, operation: 'test.op', input: {}, now: new Date() },
      work,
    );
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('answers 409 with Retry-After while the first request is still at work, without doing the work', async () => {
    const key = newKey();
    await claimElsewhere(key);
    const work = vi.fn(async () => 'second');
    const err = await rejectionOf(runIdempotent(database.db, call(key), work, { waitMs: 120, pollMs: 20 }));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'CONFLICT', message: KEY_BUSY_MESSAGE });
    expect((err as AppError).headers).toEqual({ 'Retry-After': '1' });
    expect(work).not.toHaveBeenCalled();
  });

  it('waits for the first request and answers with its result once it is done', async () => {
    const key = newKey();
    await claimElsewhere(key);
    const work = vi.fn(async () => 'second');
    const waiting = runIdempotent(database.db, call(key), work, { waitMs: 5_000, pollMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await database.db
      .update(idempotencyKeys)
      .set({ state: 'done', response: JSON.stringify({ from: 'first' }) })
      .where(and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.key, key)));
    expect(await waiting).toEqual({ from: 'first' });
    expect(work).not.toHaveBeenCalled();
  });

  it('takes over a claim whose request stopped renewing it (its process died) for longer than the stale age', async () => {
    const key = newKey();
    await claimElsewhere(key, '10 minutes');
    const work = vi.fn(async () => 'second');
    expect(await runIdempotent(database.db, call(key), work, { staleMs: 60_000 })).toBe('second');
    expect(work).toHaveBeenCalledTimes(1);
    expect(await runIdempotent(database.db, call(key), work)).toBe('second');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never takes over a claim whose work is still running, however long past the stale age it takes', async () => {
    const key = newKey();
    // Beats far more often than the stale age, so a busy machine does not make the claim look dead.
    const timing = { staleMs: 1_000, heartbeatMs: 50, pollMs: 20, waitMs: 10_000 };
    let finish = (_value: string) => {};
    const first = runIdempotent(
      database.db,
      call(key),
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
      timing,
    );
    // The first request is still at work well past the stale age when the repeat arrives.
    await sleep(timing.staleMs * 1.5);
    const work = vi.fn(async () => 'second');
    const repeat = runIdempotent(database.db, call(key), work, timing);
    await sleep(timing.staleMs * 1.5);
    expect(work).not.toHaveBeenCalled();
    finish('first');
    expect(await first).toBe('first');
    expect(await repeat).toBe('first');
    expect(work).not.toHaveBeenCalled();
  });

  it('gives the key back when the work fails, so a retry does the work', async () => {
    const key = newKey();
    const failure = new AppError('SERVICE_UNAVAILABLE', 'weg');
    expect(
      await rejectionOf(runIdempotent(database.db, call(key), async () => Promise.reject(failure))),
    ).toBe(failure);
    const work = vi.fn(async () => 'retried');
    expect(await runIdempotent(database.db, call(key), work)).toBe('retried');
    expect(work).toHaveBeenCalledTimes(1);
  });
});
