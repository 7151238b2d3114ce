import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installQueue, QUEUE_SCHEMA } from '../../db/queue';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { waitFor } from '../../test/webhook-receiver';
import {
  defineQueue,
  enqueue,
  type JobOf,
  type JobResult,
  type QueuePolicy,
  queueRow,
  queueSqlOf,
} from './queue';
import { type JobRunner, registerJob, startJobs } from './runner';

/** Retries at once, so the test does not wait for a back-off. */
const NO_WAIT: QueuePolicy = {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 30,
};

type Probe = { label: string };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('a job queue registered beside the webhook queue (integration)', () => {
  let runner: JobRunner | undefined;
  const log = pino({ level: 'silent' });
  /** What the handler saw: each try of each job. */
  const tries: { label: string; retryCount: number }[] = [];
  /** How the handler answers a label's tries, in order; 'done' once they are used up. */
  const script = new Map<string, (JobResult | Error)[]>();
  const probeQueue = defineQueue<Probe>('test-probe', NO_WAIT);

  const handle = async (job: JobOf<Probe>): Promise<JobResult> => {
    tries.push({ label: job.data.label, retryCount: job.retryCount });
    const next = script.get(job.data.label)?.shift() ?? 'done';
    if (next instanceof Error) throw next;
    return next;
  };
  const triesOf = (label: string) => tries.filter((t) => t.label === label);
  const jobsOf = async (label: string) => {
    const result = await database.db.execute(
      sql`select state from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${probeQueue.name} and data->>'label' = ${label}`,
    );
    return (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
      state: string;
    }[];
  };

  beforeAll(async () => {
    // The database is opened with the app's queues; this one is the test's own.
    await installQueue(database.queueSql, [queueRow(probeQueue.name, probeQueue.policy)]);
    runner = await startJobs({
      queueSql: database.queueSql,
      log,
      jobs: [registerJob({ queue: probeQueue, handle, concurrency: 2, pollingIntervalSeconds: 0.5 })],
    });
  });
  afterAll(async () => {
    await runner?.stop();
  });

  it('runs a job enqueued in a transaction once it commits, and never one whose transaction rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, probeQueue, [{ label: 'rolled-back' }]);
        throw new Error('terugdraaien');
      }),
    ).rejects.toThrow('terugdraaien');
    await database.db.transaction(async (tx) => {
      await enqueue(tx, probeQueue, [{ label: 'committed' }]);
    });
    await waitFor('the committed job', () => triesOf('committed').length >= 1);
    await waitFor('the job completed', async () => (await jobsOf('committed'))[0]?.state === 'completed');
    // The rolled-back job was never written, so no worker, now or later, can run it.
    expect(await jobsOf('rolled-back')).toEqual([]);
    expect(triesOf('rolled-back')).toEqual([]);
    expect(triesOf('committed')).toEqual([{ label: 'committed', retryCount: 0 }]);
  });

  it("tries a job again by the queue's policy when its handler asks for a retry or throws, up to the limit", async () => {
    script.set('flaky', [{ retry: 'HTTP 500' }, new Error('kapot')]);
    script.set('hopeless', [{ retry: 'een' }, { retry: 'twee' }, { retry: 'drie' }, { retry: 'vier' }]);
    await enqueue(database.db, probeQueue, [{ label: 'flaky' }, { label: 'hopeless' }]);
    await waitFor('the third try of the flaky job', () => triesOf('flaky').length >= 3);
    await waitFor('the flaky job completed', async () => (await jobsOf('flaky'))[0]?.state === 'completed');
    expect(triesOf('flaky').map((t) => t.retryCount)).toEqual([0, 1, 2]);
    // retryLimit 2: three tries in all, then the job is failed for good.
    await waitFor('the hopeless job failed', async () => (await jobsOf('hopeless'))[0]?.state === 'failed');
    expect(triesOf('hopeless').map((t) => t.retryCount)).toEqual([0, 1, 2]);
  });
});

describe('a queue with a schedule (integration)', () => {
  it('has pg-boss keep its cron in the database, once however often the workers start', async () => {
    const scheduled = defineQueue<Record<string, never>>('test-scheduled', NO_WAIT);
    await installQueue(database.queueSql, [queueRow(scheduled.name, scheduled.policy)]);
    const job = registerJob({
      queue: scheduled,
      handle: async () => 'done',
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
      schedule: '*/10 * * * *',
    });
    const schedules = async () => {
      const result = await database.db.execute(
        sql`select name, cron from ${sql.identifier(QUEUE_SCHEMA)}.schedule where name = ${scheduled.name}`,
      );
      return Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
    };
    for (let start = 0; start < 2; start++) {
      const runner = await startJobs({
        queueSql: database.queueSql,
        log: pino({ level: 'silent' }),
        jobs: [job],
      });
      await runner.stop();
    }
    expect(await schedules()).toEqual([{ name: 'test-scheduled', cron: '*/10 * * * *' }]);
  });
});

describe('a start given up while one of its statements hangs (integration)', () => {
  it('fails with the reason it was given up for once that statement ends, and leaves no worker behind', async () => {
    const queue = defineQueue<Probe>('test-given-up', NO_WAIT);
    await installQueue(database.queueSql, [queueRow(queue.name, queue.policy)]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let hung = false;
    let givenUp = false;
    /** Statements the given-up pg-boss still sent after its start failed. */
    const after: string[] = [];
    const hanging = {
      executeSql: async (text: string, values?: unknown[]) => {
        if (givenUp) after.push(text);
        // Creating the queue's settings, after pg-boss's own start: the statement hangs.
        if (!hung && /update .*queue/i.test(text)) {
          hung = true;
          await released;
        }
        return database.queueSql.executeSql(text, values);
      },
    };
    const seenByGivenUp: string[] = [];
    const abort = new AbortController();
    const starting = startJobs({
      queueSql: hanging,
      log: pino({ level: 'silent' }),
      jobs: [
        registerJob({
          queue,
          handle: async (job): Promise<JobResult> => {
            seenByGivenUp.push(job.data.label);
            return 'done';
          },
          concurrency: 1,
          pollingIntervalSeconds: 0.5,
        }),
      ],
      signal: abort.signal,
    });
    await waitFor('the statement to hang', () => hung);
    const reason = new Error('opgegeven');
    abort.abort(reason);
    release();
    await expect(starting).rejects.toBe(reason);
    givenUp = true;

    // A proper start works the queue; the given-up one never fetched a job again.
    const seen: string[] = [];
    const runner = await startJobs({
      queueSql: database.queueSql,
      log: pino({ level: 'silent' }),
      jobs: [
        registerJob({
          queue,
          handle: async (job): Promise<JobResult> => {
            seen.push(job.data.label);
            return 'done';
          },
          concurrency: 1,
          pollingIntervalSeconds: 0.5,
        }),
      ],
    });
    try {
      for (const label of ['een', 'twee', 'drie']) {
        await enqueue(database.db, queue, [{ label }]);
        await waitFor(`job ${label}`, () => seen.includes(label));
      }
    } finally {
      await runner.stop();
    }
    expect(seenByGivenUp).toEqual([]);
    expect(after.filter((text) => /skip locked/i.test(text))).toEqual([]);
  });
});

describe('queueSqlOf: pg-boss statements through a drizzle handle', () => {
  it('runs numbered parameters through drizzle ($10 is not $1 followed by 0), undefined as null', async () => {
    const values = [5, undefined, 0, 0, 0, 0, 0, 0, 0, 'tien'];
    const result = (await queueSqlOf(database.db).executeSql(
      'select $1::int as a, $2::text as b, $10::text as c',
      values,
    )) as { rows: unknown[] };
    expect(result.rows).toEqual([{ a: 5, b: null, c: 'tien' }]);
  });
});
