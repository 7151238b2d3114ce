import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../db/client';
import { QUEUE_SCHEMA, type QueueRow, type QueueSql } from '../../db/queue';

/**
 * A named queue and what its jobs carry: what services enqueue to, in the caller's transaction. The
 * handlers that work a queue are registered in registry.ts; this module knows none of them, so a
 * service can import it without importing every other service.
 */
export type JobQueue<T> = {
  readonly name: string;
  readonly policy: QueuePolicy;
  /** Only a type: what one job of this queue carries. */
  readonly data?: T;
};

/**
 * When a failed job is tried again: pg-boss waits retryDelay × 2^n × (1 … 2) seconds before try n + 2
 * (with back-off), or retryDelay seconds (without).
 */
export type QueuePolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job active this long (its worker died mid-job) is failed by pg-boss's upkeep and retried. */
  expireInSeconds: number;
};

/** One job as its handler gets it: `retryCount` is 0 on the first try. */
export type JobOf<T> = { id: string; data: T; retryCount: number; retryLimit: number };

/**
 * What a handler answers: 'done', or `{retry}` to fail this try with that reason (pg-boss tries again
 * by the queue's policy, until its retryLimit). A handler that throws is retried the same way.
 */
export type JobResult = 'done' | { retry: string };

export const defineQueue = <T extends object>(name: string, policy: QueuePolicy): JobQueue<T> => ({
  name,
  policy,
});

/** The queue's row in pg-boss: the settings every job inserted without its own takes. */
export const queueRow = (name: string, policy: QueuePolicy): QueueRow => ({
  name,
  retryLimit: policy.retryLimit,
  retryDelay: policy.retryDelaySeconds,
  retryBackoff: policy.retryBackoff,
  expireInSeconds: policy.expireInSeconds,
});

/**
 * pg-boss's numbered parameters ($1, $2 …) as a drizzle query, so a job can be inserted through a
 * drizzle transaction with its public API on both drivers (drizzle numbers the parameters again).
 */
export function numberedToSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    // drizzle drops an undefined parameter; pg-boss means SQL null by it.
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks);
}

/** The drizzle handle (a transaction, usually) as pg-boss's `db`. Only single statements with parameters. */
export function queueSqlOf(db: DbOrTx): QueueSql {
  return {
    executeSql: async (text, values = []) => {
      const result = (await db.execute(numberedToSql(text, values))) as unknown as
        | Record<string, unknown>[]
        | { rows: Record<string, unknown>[] };
      return { rows: Array.isArray(result) ? result : result.rows };
    },
  };
}

/**
 * pg-boss used only to write jobs (its `insert` with the caller's transaction as `db`): it is never
 * started and holds no connection, so every process and test can enqueue without a worker running.
 * Made with the first job: pg-boss is not loaded at start-up.
 */
let producer: Promise<PgBoss> | undefined;
const theProducer = () =>
  (producer ??= import('pg-boss').then(
    ({ default: PgBoss }) =>
      new PgBoss({
        db: {
          executeSql: () => Promise.reject(new Error('the job producer writes only through a transaction')),
        },
        schema: QUEUE_SCHEMA,
      }),
    (err: unknown) => {
      // The next job tries again.
      producer = undefined;
      throw err;
    },
  ));

/**
 * Writes jobs to a queue with the caller's handle: inside a transaction they are committed with the
 * change that causes them, and a rolled-back change leaves none. The queue must exist (it does once
 * the database is opened with it among its `jobQueues`).
 */
export async function enqueue<T extends object>(
  tx: DbOrTx,
  queue: JobQueue<T>,
  jobs: readonly T[],
): Promise<void> {
  if (jobs.length === 0) return;
  await (await theProducer()).insert(
    jobs.map((data) => ({ name: queue.name, data })),
    { db: queueSqlOf(tx) },
  );
}
