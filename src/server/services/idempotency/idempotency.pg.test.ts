import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { postgresForTestFile } from '../../../test/postgres';
import { createSignedInUser } from '../../../test/users';
import { AppError } from '../../errors';
import { KEY_BUSY_MESSAGE, runIdempotentInTransaction } from './idempotency';

/**
 * A repeat of a create whose first request is still in its transaction. On PostgreSQL the repeat's
 * claim waits on the first's uncommitted one; PGlite runs one transaction after another, so there is
 * nothing to wait on (this file runs in the Postgres pass only).
 */
const { serverUrl, unreachable } = await postgresForTestFile(import.meta.filename);

describe.skipIf(unreachable)(
  'runIdempotentInTransaction while the first create is still at work (Postgres)',
  () => {
    let database: TestDatabase;
    let organizationId: string;

    beforeAll(async () => {
      database = await openTestDatabase({ serverUrl });
      organizationId = (await createSignedInUser(database.db)).user.id;
    });
    afterAll(async () => {
      await database?.close();
    });

    it('waits for it at most waitMs, then answers 409 with Retry-After; afterwards the first answer', async () => {
      const call = {
        organizationId,
        key: 'held-create',
        operation: 'test.create',
        input: { x: 1 },
        now: new Date(),
      };
      let started = () => {};
      const working = new Promise<void>((resolve) => {
        started = resolve;
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = runIdempotentInTransaction(database.db, call, async () => {
        started();
        await held;
        return 'first';
      });
      await working;

      const work = vi.fn(async () => 'second');
      const err = await rejectionOf(runIdempotentInTransaction(database.db, call, work, { waitMs: 300 }));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'CONFLICT', message: KEY_BUSY_MESSAGE });
      expect((err as AppError).headers).toEqual({ 'Retry-After': '1' });

      release();
      expect(await first).toBe('first');
      expect(await runIdempotentInTransaction(database.db, call, work)).toBe('first');
      expect(work).not.toHaveBeenCalled();
    });
  },
);
