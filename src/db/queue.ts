import { createRequire } from 'node:module';
import type PgBoss from 'pg-boss';

/**
 * The job queue is pg-boss 10: its tables live in the schema `pgboss` of the app's own database, on
 * PostgreSQL and on the embedded PGlite alike. pg-boss opens no connection of its own here: it is
 * given an `executeSql` over the connection the app already has (PGlite has only one), and
 * `insert(…, {db})` an `executeSql` over a transaction, so a job is written in the same transaction
 * as the change it announces (src/server/jobs/queue.ts). This module installs the schema and the
 * queues it is given, as part of opening the database; which queues there are, and what works them,
 * is src/server/jobs/'s business.
 */
export type QueueSql = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

export const QUEUE_SCHEMA = 'pgboss';

/** A queue's row in pg-boss (name and the settings every job inserted without its own takes). */
export type QueueRow = PgBoss.Queue;

/** The schema version this pg-boss creates and upgrades to (its own `version.json`, read without loading pg-boss). */
export const QUEUE_SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/version.json').schema;

/** What the database holds of the queue: pg-boss's schema version (null: none) and whether every queue asked for exists. */
export type InstalledQueue = { version: number | null; hasQueues: boolean };

/** Whether installQueue has nothing to do: the schema at this pg-boss's version and the queues there. */
export const isQueueCurrent = (installed: InstalledQueue, expectedVersion = QUEUE_SCHEMA_VERSION): boolean =>
  installed.version === expectedVersion && installed.hasQueues;

/** One query; a database without pg-boss's schema reads as nothing installed. */
export async function readInstalledQueue(
  queueSql: QueueSql,
  names: readonly string[],
): Promise<InstalledQueue> {
  try {
    const { rows } = await queueSql.executeSql(
      `select (select version from ${QUEUE_SCHEMA}.version limit 1)::int as version,
              (select count(*) from ${QUEUE_SCHEMA}.queue where name = any($1::text[]))::int as queues`,
      [names],
    );
    return {
      version: (rows[0]?.version as number | null) ?? null,
      hasQueues: rows[0]?.queues === names.length,
    };
  } catch {
    return { version: null, hasQueues: false };
  }
}

/**
 * Creates (or upgrades) pg-boss's schema and the given queues. Part of opening the database, like the
 * migrations: a job may be enqueued by any process, also one whose workers are off. A database that
 * has it all already (every start but the first) is asked one query, and pg-boss (with pg,
 * cron-parser and luxon) is not even loaded: its start, queue creation and stop were a noticeable
 * part of every start-up when they ran each time.
 */
export async function installQueue(queueSql: QueueSql, queues: readonly QueueRow[] = []): Promise<void> {
  if (
    isQueueCurrent(
      await readInstalledQueue(
        queueSql,
        queues.map((q) => q.name),
      ),
    )
  )
    return;
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ db: queueSql, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  // createQueue is idempotent (on conflict do nothing): a queue that exists keeps its row.
  // A copy: pg-boss writes its defaults into the options it is given, and the rows are shared constants.
  for (const queue of queues) await boss.createQueue(queue.name, { ...queue });
  await boss.stop({ graceful: false, wait: true, close: false });
}
