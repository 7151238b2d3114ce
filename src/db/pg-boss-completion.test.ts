import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import type { QueueSql } from './queue';

/**
 * pg-boss 10.4.2 as patched by scripts/patch-dependencies.mjs: when the statement that completes or
 * fails a worker's jobs fails (the database went away at that moment), the failure is reported as the
 * boss's `error` event. Unpatched, it was an unhandled rejection, which ends a Node process (and fails
 * this test run). The failing statement is made to fail here, so the outcome does not depend on timing.
 */
const COMPLETE = /SET completed_on = now\(\),\s+state = 'completed'/;
const FAIL = /state = 'failed'/;

describe('pg-boss worker completion when its statement fails', () => {
  let database: Database;
  let boss: PgBoss;
  let refuse: RegExp | null = null;
  const unhandled: unknown[] = [];
  let onUnhandledSeen: () => void = () => {};
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason);
    onUnhandledSeen();
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    database = await openDatabase({ dataDir: 'memory://' });
    const flaky: QueueSql = {
      executeSql: async (text, values) => {
        if (refuse?.test(text)) {
          refuse = null;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        return database.queueSql.executeSql(text, values);
      },
    };
    boss = new PgBoss({ db: flaky, schema: 'pgboss_completion', supervise: false, schedule: false });
    await boss.start();
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true, close: false });
    await database.close();
    process.off('unhandledRejection', onUnhandled);
  });

  async function runOneJob(queue: string, handler: () => Promise<void>) {
    await boss.createQueue(queue);
    const errors: Error[] = [];
    // Whichever comes first: the error event, or the unhandled rejection of unpatched pg-boss.
    const handled = new Promise<Error>((resolve) => {
      boss.on('error', (error: Error) => {
        errors.push(error);
        resolve(error);
      });
      onUnhandledSeen = () => resolve(new Error('unhandled rejection instead of an error event'));
    });
    await boss.work(queue, { pollingIntervalSeconds: 0.5 }, handler);
    const id = await boss.send(queue, {});
    const error = await handled;
    await boss.offWork(queue);
    boss.removeAllListeners('error');
    return { id, error, errors };
  }

  it('reports a failed completion as an error event and leaves the job active for expiry to retry', async () => {
    const { id, error } = await runOneJob('completion-refused', async () => {
      refuse = COMPLETE;
    });
    expect(error.message).toContain('ECONNREFUSED');
    expect(unhandled).toEqual([]);
    const job = await boss.getJobById('completion-refused', id!);
    expect(job?.state).toBe('active');
  });

  it('reports a failed failing of a job the same way', async () => {
    const { error } = await runOneJob('failure-refused', async () => {
      refuse = FAIL;
      throw new Error('the handler failed');
    });
    expect(error.message).toContain('ECONNREFUSED');
    expect(unhandled).toEqual([]);
  });
});
