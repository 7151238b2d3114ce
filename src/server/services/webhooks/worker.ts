import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
import type { JobOf, JobResult } from '../../jobs/queue';
import type { DeliveryJob } from '../../jobs/queues';
import { type DeliveryPolicy, postWebhook } from './deliver';
import { signatureHeaders } from './signing';
import { pruneDeliveryLog } from './subscriptions';

export type DeliveryOptions = {
  db: Db;
  log: Logger;
  delivery: DeliveryPolicy;
  now: () => Date;
};

/**
 * One attempt at a job of the webhook queue (jobs/registry.ts), logged in the subscription's delivery
 * log. Done when delivered, given up (the last try: the subscription is marked failing) or moot; else
 * a retry, which pg-boss schedules by the queue's policy. Several processes may each work the queue:
 * pg-boss hands a job to one of them (FOR UPDATE SKIP LOCKED).
 */
export async function deliverWebhookJob(opts: DeliveryOptions, job: JobOf<DeliveryJob>): Promise<JobResult> {
  const { db } = opts;
  const { subscriptionId, event } = job.data;
  const [subscription] = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId));
  // Deleted since, or paused: nothing to deliver (a test event is sent to a paused one too).
  if (!subscription || (!subscription.active && event.type !== 'webhook.test')) return 'done';

  const body = JSON.stringify(event);
  const now = opts.now();
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
    return 'done';
  }
  const error = result.error ?? `HTTP ${result.statusCode}`;
  if (job.retryCount < job.retryLimit) return { retry: error };
  // The last try failed: the user sees the subscription marked failing until a delivery succeeds.
  await db
    .update(webhookSubscriptions)
    .set({ failingSince: now })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  opts.log.warn({ subscriptionId, eventId: event.id, error }, 'webhook not delivered: the last retry failed');
  return 'done';
}
