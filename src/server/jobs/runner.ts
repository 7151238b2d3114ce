import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { QUEUE_SCHEMA, type QueueSql } from '../../db/queue';
import { type JobOf, type JobQueue, type JobResult, type QueuePolicy, queueRow } from './queue';

/** A queue and what works it, as registry.ts lists them. */
export type JobDefinition<T> = {
  queue: JobQueue<T>;
  handle: (job: JobOf<T>) => Promise<JobResult>;
  /** Jobs of this queue one process handles at once (pg-boss's batch). */
  concurrency: number;
  /** How often an idle process looks for new jobs of this queue. */
  pollingIntervalSeconds: number;
  /** The queue's policy for jobs inserted from now on; the queue's own when absent (tests pass one without waits). */
  policy?: QueuePolicy;
  /**
   * A cron expression (UTC) when the queue gets a job on a schedule: pg-boss keeps the schedule in the
   * database and inserts one job per tick, however many processes run the queue.
   */
  schedule?: string;
};

/** A definition with its job type forgotten, so that definitions of several queues fit in one list. */
export type RegisteredJob = JobDefinition<object>;

export const registerJob = <T extends object>(definition: JobDefinition<T>): RegisteredJob =>
  definition as unknown as RegisteredJob;

export type JobRunner = {
  /** Waits for the jobs under way; queued ones wait in the database for the next start. */
  stop: () => Promise<void>;
};

export type JobRunnerOptions = {
  queueSql: QueueSql;
  log: Logger;
  jobs: readonly RegisteredJob[];
  /** How often pg-boss's upkeep runs: expiring jobs whose worker died, archiving finished ones. */
  maintenanceIntervalSeconds?: number;
  /** Gives up the start: pg-boss is stopped at once, and the start fails with the signal's reason. */
  signal?: AbortSignal;
};

/**
 * Starts working the given queues: one pg-boss over the app's own connection (PGlite has one), its
 * upkeep included, and its cron when a queue has a schedule. Several processes may each run one:
 * pg-boss hands a job to one of them (FOR UPDATE SKIP LOCKED).
 */
export async function startJobs(opts: JobRunnerOptions): Promise<JobRunner> {
  const { log } = opts;
  // pg-boss's stop() can resolve while a worker's fetch is still on its way (its jobs then run after):
  // counting what is under way lets stop() wait until the last statement and job have ended.
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  const queueSql: QueueSql = {
    executeSql: (text, values) => counted(() => opts.queueSql.executeSql(text, values)),
  };
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    db: queueSql,
    schema: QUEUE_SCHEMA,
    schedule: opts.jobs.some((job) => job.schedule !== undefined),
    migrate: false,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // Giving up stops pg-boss at once when it hangs after its own start (creating a queue, a worker);
  // a stop during that start is ignored by pg-boss, so the checks below stop it once that start ends.
  const stopNow = () => boss.stop({ graceful: false, wait: false, close: false }).catch(() => {});
  const given = opts.signal;
  given?.addEventListener('abort', stopNow, { once: true });
  const goOn = () => given?.throwIfAborted();
  try {
    goOn();
    await boss.start();
    for (const job of opts.jobs) {
      goOn();
      const { name } = job.queue;
      // New jobs take the queue's policy (they are inserted without one of their own).
      await boss.updateQueue(name, queueRow(name, job.policy ?? job.queue.policy));
      await boss.work<object>(
        name,
        {
          batchSize: job.concurrency,
          includeMetadata: true,
          pollingIntervalSeconds: job.pollingIntervalSeconds,
        },
        (batch) => counted(() => handleBatch(boss, log, job, batch)),
      );
      // One row per queue: a new cron replaces the old one, a start with the same one changes nothing.
      if (job.schedule !== undefined) await boss.schedule(name, job.schedule);
    }
    goOn();
  } catch (err) {
    // A started pg-boss keeps its upkeep timers: stopped, so that the caller's next try is the only one.
    await boss.stop({ graceful: false, wait: true, close: false }).catch(() => {});
    // Given up: pg-boss's own complaint about being stopped is not why it failed.
    throw given?.aborted ? given.reason : err;
  } finally {
    given?.removeEventListener('abort', stopNow);
  }
  return {
    stop: async () => {
      // Waits for jobs under way (a webhook delivery ends within its 10 s timeout).
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
      // A macrotask between looks: a fetch that just answered has started its jobs by then.
      do await new Promise((resolve) => setTimeout(resolve, 20));
      while (busy > 0);
    },
  };
}

/** Runs a batch's jobs side by side; each failed one is failed on its own (pg-boss retries it by its policy). */
async function handleBatch(
  boss: PgBoss,
  log: Logger,
  job: RegisteredJob,
  batch: PgBoss.JobWithMetadata<object>[],
): Promise<void> {
  const { name } = job.queue;
  await Promise.all(
    batch.map(async (one) => {
      const result = await job.handle(one).catch((err: unknown): JobResult => {
        log.error({ err, queue: name, jobId: one.id }, 'job failed');
        return { retry: err instanceof Error ? err.message : String(err) };
      });
      // pg-boss completes the batch's jobs still active when this returns.
      if (result !== 'done') await boss.fail(name, one.id, { message: result.retry });
    }),
  );
}
