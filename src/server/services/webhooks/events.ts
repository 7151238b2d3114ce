import { and, arrayContains, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { webhookSubscriptions } from '../../../db/schema';
import type { WebhookEventType } from '../../../shared/schemas/webhook';
import { enqueue } from '../../jobs/queue';
import { type WebhookEvent, webhookDeliveryQueue } from '../../jobs/queues';

/** A message id as Standard Webhooks has it: unique per event, the same on every retry. */
export const newEventId = () => `msg_${crypto.randomUUID().replace(/-/g, '')}`;

/** Enqueues one event for these subscriptions in the caller's transaction. */
export async function enqueueEvent(
  tx: DbOrTx,
  subscriptionIds: readonly string[],
  type: string,
  data: unknown,
  now: Date,
): Promise<WebhookEvent> {
  const event: WebhookEvent = { id: newEventId(), type, createdAt: now.toISOString(), data };
  // One job per subscription, retried on its own.
  await enqueue(
    tx,
    webhookDeliveryQueue,
    subscriptionIds.map((subscriptionId) => ({ subscriptionId, event })),
  );
  return event;
}

/**
 * Announces a change of an order or customer, inside the transaction that makes it: a rolled-back
 * change sends nothing, a committed one has its jobs committed with it. An account without an active
 * subscription to this event pays one indexed read; `loadData` (the object in its REST shape, read as
 * of `now`) runs only when someone listens. For a delete, call it before the row goes, so `data` is its last shape.
 */
export async function emitWebhookEvent(
  tx: DbOrTx,
  organizationId: string,
  type: WebhookEventType,
  loadData: (now: Date) => Promise<unknown>,
  now: Date,
): Promise<void> {
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.organizationId, organizationId),
        eq(webhookSubscriptions.active, true),
        arrayContains(webhookSubscriptions.events, [type]),
      ),
    );
  if (subscribers.length === 0) return;
  await enqueueEvent(
    tx,
    subscribers.map((s) => s.id),
    type,
    await loadData(now),
    now,
  );
}
