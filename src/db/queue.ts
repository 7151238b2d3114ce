import { createRequire } from 'node:module';
import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from './client';

/**
 * The job queue is pg-boss 10 (issue 13): its tables live in the schema `pgboss` of the app's own
 * database, on PostgreSQL and on the embedded PGlite alike. pg-boss opens no connection of its own
 * here: it is given an `executeSql` over the connection the app already has (PGlite has only one),
 * and `insert(…, {db})` an `executeSql` over a transaction, so a job is written in the same
 * transaction as the change it announces.
 */
export type QueueSql = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

export const QUEUE_SCHEMA = 'pgboss';
export const WEBHOOK_QUEUE = 'webhook-delivery';

/**
 * When a failed delivery is tried again: pg-boss waits retryDelay × 2^n × (1 … 2) seconds before try
 * n + 2. With 30 s and 11 retries the last try comes 17 to 34 hours (about a day) after the first; then
 * the subscription is marked failing. Tests pass a policy without waits.
 */
export type RetryPolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job active this long (its worker died mid-delivery) is failed by pg-boss's upkeep and retried. */
  expireInSeconds: number;
  pollingIntervalSeconds: number;
  /** How often pg-boss's upkeep runs (expiring such jobs among others). */
  maintenanceIntervalSeconds: number;
};

export const PRODUCTION_RETRY_POLICY: RetryPolicy = {
  retryLimit: 11,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 60,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
};

/** The queue row's settings, which every job inserted without its own takes. */
export function queueOptions(retry: RetryPolicy): PgBoss.Queue {
  return {
    name: WEBHOOK_QUEUE,
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: retry.retryBackoff,
    expireInSeconds: retry.expireInSeconds,
  };
}

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

/** The schema version this pg-boss creates and upgrades to (its own `version.json`, read without loading pg-boss). */
export const QUEUE_SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/version.json').schema;

/** What the database holds of the queue: pg-boss's schema version (null: none) and whether the webhook queue exists. */
export type InstalledQueue = { version: number | null; hasQueue: boolean };

/** Whether installQueue has nothing to do: the schema at this pg-boss's version and the webhook queue there. */
export const isQueueCurrent = (installed: InstalledQueue, expectedVersion = QUEUE_SCHEMA_VERSION): boolean =>
  installed.version === expectedVersion && installed.hasQueue;

/** One query; a database without pg-boss's schema reads as nothing installed. */
export async function readInstalledQueue(queueSql: QueueSql): Promise<InstalledQueue> {
  try {
    const { rows } = await queueSql.executeSql(
      `select (select version from ${QUEUE_SCHEMA}.version limit 1)::int as version,
              exists(select 1 from ${QUEUE_SCHEMA}.queue where name = $1) as has_queue`,
      [WEBHOOK_QUEUE],
    );
    return { version: (rows[0]?.version as number | null) ?? null, hasQueue: rows[0]?.has_queue === true };
  } catch {
    return { version: null, hasQueue: false };
  }
}

/**
 * Creates (or upgrades) pg-boss's schema and the webhook queue. Part of opening the database, like the
 * migrations: a job may be enqueued by any process, also one whose worker is off. A database that has
 * both already (every start but the first) is asked one query, and pg-boss (with pg, cron-parser and
 * luxon) is not even loaded: its start, queue creation and stop ran on every start-up before. Issue 12,
 * measured with the worker started on listening (server.ts): PGlite start to the first healthy answer
 * 3048 → 2532 ms median, CPU of all threads 2030 → 1705 ms (16 alternating starts each, shared machine).
 */
export async function installQueue(queueSql: QueueSql): Promise<void> {
  if (isQueueCurrent(await readInstalledQueue(queueSql))) return;
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ db: queueSql, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  // createQueue is idempotent (on conflict do nothing).
  await boss.createQueue(WEBHOOK_QUEUE, queueOptions(PRODUCTION_RETRY_POLICY));
  await boss.stop({ graceful: false, wait: true, close: false });
}
