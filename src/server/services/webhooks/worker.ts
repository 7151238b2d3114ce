import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client';
import {
  PRODUCTION_RETRY_POLICY,
  QUEUE_SCHEMA,
  type QueueSql,
  queueOptions,
  type RetryPolicy,
  WEBHOOK_QUEUE,
} from '../../../db/queue';
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
import { type DeliveryPolicy, postWebhook } from './deliver';
import type { DeliveryJob } from './events';
import { signatureHeaders } from './signing';
import { pruneDeliveryLog } from './subscriptions';

export type WebhookWorker = { stop: () => Promise<void> };

type Options = {
  db: Db;
  queueSql: QueueSql;
  log: Logger;
  delivery: DeliveryPolicy;
  retry?: RetryPolicy;
  now?: () => Date;
};

/** Delivers one job's attempt and logs it; true when the job is done (delivered, given up, or moot). */
async function attempt(
  opts: Options,
  job: PgBoss.JobWithMetadata<DeliveryJob>,
): Promise<{ done: boolean; error?: string }> {
  const { db } = opts;
  const { subscriptionId, event } = job.data;
  const [subscription] = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId));
  // Deleted since, or paused: nothing to deliver (a test event is sent to a paused one too).
  if (!subscription || (!subscription.active && event.type !== 'webhook.test')) return { done: true };

  const body = JSON.stringify(event);
  const now = opts.now?.() ?? new Date();
  const headers = signatureHeaders(subscription.secret, event.id, Math.floor(now.getTime() / 1000), body);
  const result = await postWebhook(subscription.url, body, headers, opts.delivery);
  await db.insert(webhookDeliveries).values({
    subscriptionId,
    eventId: event.id,
    eventType: event.type,
    attempt: job.retryCount + 1,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    success: result.success,
    error: result.error,
    responseExcerpt: result.responseExcerpt,
  });
  await pruneDeliveryLog(db, subscriptionId);
  if (result.success) {
    if (subscription.failingSince)
      await db
        .update(webhookSubscriptions)
        .set({ failingSince: null })
        .where(eq(webhookSubscriptions.id, subscriptionId));
    return { done: true };
  }
  const error = result.error ?? `HTTP ${result.statusCode}`;
  if (job.retryCount < job.retryLimit) return { done: false, error };
  // The last try failed: the user sees the subscription marked failing until a delivery succeeds.
  await db
    .update(webhookSubscriptions)
    .set({ failingSince: now })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  opts.log.warn({ subscriptionId, eventId: event.id, error }, 'webhook definitief niet afgeleverd');
  return { done: true };
}

/**
 * Starts delivering the webhook queue: pg-boss over the app's own connection (PGlite has one), its
 * upkeep included (expiring jobs whose worker died, archiving finished ones). Several processes may
 * each run one: pg-boss hands a job to one of them (FOR UPDATE SKIP LOCKED).
 */
export async function startWebhookWorker(opts: Options): Promise<WebhookWorker> {
  const retry = opts.retry ?? PRODUCTION_RETRY_POLICY;
  // pg-boss's stop() can resolve while a worker's fetch is still on its way (its jobs then run after):
  // counting what is under way lets stop() wait until the last statement and delivery have ended.
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
    schedule: false,
    migrate: false,
    maintenanceIntervalSeconds: retry.maintenanceIntervalSeconds,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'webhook-wachtrij'));
  await boss.start();
  try {
    // New jobs take the queue's policy (events.ts inserts them without one of their own).
    await boss.updateQueue(WEBHOOK_QUEUE, queueOptions(retry));
    await boss.work<DeliveryJob>(
      WEBHOOK_QUEUE,
      { batchSize: 5, includeMetadata: true, pollingIntervalSeconds: retry.pollingIntervalSeconds },
      (jobs) =>
        counted(async () => {
          await Promise.all(
            jobs.map(async (job) => {
              const outcome = await attempt(opts, job).catch((err: unknown) => {
                opts.log.error({ err, jobId: job.id }, 'webhook-aflevering mislukt');
                return { done: false, error: err instanceof Error ? err.message : String(err) };
              });
              // pg-boss completes the batch's jobs still active when this returns; a failed one is retried.
              if (!outcome.done) await boss.fail(WEBHOOK_QUEUE, job.id, { message: outcome.error });
            }),
          );
        }),
    );
  } catch (err) {
    // A started pg-boss keeps its upkeep timers: stopped, so that the caller's next try is the only one.
    await boss.stop({ graceful: false, wait: true, close: false }).catch(() => {});
    throw err;
  }
  return {
    // Waits for deliveries under way (each ends within its 10 s timeout).
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
      // A macrotask between looks: a fetch that just answered has started its jobs by then.
      do await new Promise((resolve) => setTimeout(resolve, 20));
      while (busy > 0);
    },
  };
}
