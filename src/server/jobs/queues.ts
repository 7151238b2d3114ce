import type { QueueRow } from '../../db/queue';
import { defineQueue, type JobQueue, type QueuePolicy, queueRow } from './queue';

/**
 * Every named queue of the app, with what its jobs carry and its retry policy. The database is
 * opened with all of them (JOB_QUEUE_ROWS), so any process can enqueue to them; registry.ts says what
 * works each one. A new queue is declared here and given its handler there.
 */

/** What a webhook delivery sends (Standard Webhooks' body): `data` is the object in its REST shape. */
export type WebhookEvent = { id: string; type: string; createdAt: string; data: unknown };

/** One webhook job: one event for one subscription, retried on its own. */
export type DeliveryJob = { subscriptionId: string; event: WebhookEvent };

/**
 * A failed delivery is tried again with back-off: with 30 s and 11 retries the last try comes 17 to
 * 34 hours (about a day) after the first; then the subscription is marked failing.
 */
export const WEBHOOK_RETRY_POLICY: QueuePolicy = {
  retryLimit: 11,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 60,
};

export const webhookDeliveryQueue: JobQueue<DeliveryJob> = defineQueue<DeliveryJob>(
  'webhook-delivery',
  WEBHOOK_RETRY_POLICY,
);

/**
 * One mail to one approver about an order put forward for approval: who, which order, and which
 * request (its moment), so a mail still queued when the order was decided on, changed or asked for
 * again is not sent.
 */
export type ApprovalMailJob = {
  organizationId: string;
  orderId: string;
  recipientId: string;
  /** The request's requested_at, ISO 8601. */
  requestedAt: string;
};

/**
 * A mail server that is away for a while does not lose the request's mails: with 60 s and 8 retries
 * the last try comes 4 to 8 hours after the first. Expired after the mailer's own send limit.
 */
export const approvalMailQueue: JobQueue<ApprovalMailJob> = defineQueue<ApprovalMailJob>('approval-mail', {
  retryLimit: 8,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * One mail about a customer's answer to an order (orders/confirmation/answer-mail.ts): to whom, and
 * which link's answer, so a mail still queued when the order is gone is not sent.
 */
export type CustomerResponseMailJob = {
  organizationId: string;
  orderId: string;
  confirmationId: string;
  recipientId: string;
};

/** As the approval mails: a mail server away for a while delays the mail, it does not lose it. */
export const customerResponseMailQueue: JobQueue<CustomerResponseMailJob> =
  defineQueue<CustomerResponseMailJob>('customer-response-mail', {
    retryLimit: 8,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 120,
  });

/**
 * The periodic clean-up (services/housekeeping.ts): one run sweeps everything expired, so a failed run
 * is simply tried again a little later, and the next scheduled one comes anyway.
 */
export const housekeepingQueue: JobQueue<Record<string, never>> = defineQueue<Record<string, never>>(
  'housekeeping',
  { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 300 },
);

/** Every ten minutes: nothing that expires waits long, and an idle database hardly notices. */
export const HOUSEKEEPING_CRON = '*/10 * * * *';

export const JOB_QUEUES: readonly JobQueue<object>[] = [
  webhookDeliveryQueue,
  approvalMailQueue,
  customerResponseMailQueue,
  housekeepingQueue,
];

/** What openDatabase creates (DatabaseOptions.jobQueues). */
export const JOB_QUEUE_ROWS: readonly QueueRow[] = JOB_QUEUES.map((q) => queueRow(q.name, q.policy));
