import { and, arrayContains, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../../db/client';
import { QUEUE_SCHEMA, queueSqlOf, WEBHOOK_QUEUE } from '../../../db/queue';
import { webhookSubscriptions } from '../../../db/schema';
import type { WebhookEventType } from '../../../shared/schemas/webhook';

/** What a delivery sends (Standard Webhooks' body): `data` is the object in its REST shape. */
export type WebhookEvent = { id: string; type: string; createdAt: string; data: unknown };

/** One job: one event for one subscription, retried on its own. */
export type DeliveryJob = { subscriptionId: string; event: WebhookEvent };

/**
 * pg-boss used only to write jobs (its `insert` with the caller's transaction as `db`): it is never
 * started and holds no connection, so every process and test can enqueue without a worker. Made with
 * the first event that has a subscriber: pg-boss is not loaded at start-up (db/queue.ts).
 */
let producer: Promise<PgBoss> | undefined;
const theProducer = () =>
  (producer ??= import('pg-boss').then(
    ({ default: PgBoss }) =>
      new PgBoss({
        db: {
          executeSql: () =>
            Promise.reject(new Error('de webhook-producent schrijft alleen via een transactie')),
        },
        schema: QUEUE_SCHEMA,
      }),
    (err: unknown) => {
      // The next event tries again.
      producer = undefined;
      throw err;
    },
  ));

/** A message id as Standard Webhooks has it: unique per event, the same on every retry. */
export const newEventId = () => `msg_${crypto.randomUUID().replace(/-/g, '')}`;

/** Enqueues one event for these subscriptions in the caller's transaction. */
export async function enqueueEvent(
  tx: DbOrTx,
  subscriptionIds: readonly string[],
  type: string,
  data: unknown,
  now: Date = new Date(),
): Promise<WebhookEvent> {
  const event: WebhookEvent = { id: newEventId(), type, createdAt: now.toISOString(), data };
  const jobs = subscriptionIds.map((subscriptionId) => ({
    name: WEBHOOK_QUEUE,
    data: { subscriptionId, event } satisfies DeliveryJob,
  }));
  if (jobs.length > 0) await (await theProducer()).insert(jobs, { db: queueSqlOf(tx) });
  return event;
}

/**
 * Announces a change of an order or customer, inside the transaction that makes it: a rolled-back
 * change sends nothing, a committed one has its jobs committed with it. An account without an active
 * subscription to this event pays one indexed read; `loadData` (the object in its REST shape) runs
 * only when someone listens. For a delete, call it before the row goes, so `data` is its last shape.
 */
export async function emitWebhookEvent(
  tx: DbOrTx,
  userId: string,
  type: WebhookEventType,
  loadData: () => Promise<unknown>,
): Promise<void> {
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.userId, userId),
        eq(webhookSubscriptions.active, true),
        arrayContains(webhookSubscriptions.events, [type]),
      ),
    );
  if (subscribers.length === 0) return;
  await enqueueEvent(
    tx,
    subscribers.map((s) => s.id),
    type,
    await loadData(),
  );
}
