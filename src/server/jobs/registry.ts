import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { QueueSql } from '../../db/queue';
import type { Config } from '../config';
import { sweepExpired } from '../services/housekeeping';
import type { Mailer } from '../services/mail/message';
import { deliverApprovalMailJob } from '../services/orders/approval/request-mail';
import { deliverCustomerResponseMailJob } from '../services/orders/confirmation/answer-mail';
import { type DeliveryPolicy, deliveryPolicyOf } from '../services/webhooks/deliver';
import { deliverWebhookJob } from '../services/webhooks/worker';
import { doublingUpTo15s, type RetryingStart, startWithRetry } from '../start-with-retry';
import type { QueuePolicy } from './queue';
import {
  approvalMailQueue,
  customerResponseMailQueue,
  HOUSEKEEPING_CRON,
  housekeepingQueue,
  webhookDeliveryQueue,
} from './queues';
import { type JobRunner, type RegisteredJob, registerJob, startJobs } from './runner';

/**
 * The one list of what works each queue of queues.ts, and the one place the workers start and stop
 * (createServer). A new job: declare its queue in queues.ts, its handler (a service) here.
 */

export type WebhookDeliveryOptions = {
  db: Db;
  log: Logger;
  delivery: DeliveryPolicy;
  now: () => Date;
  /** Tests: a policy without waits, and a quicker look for new jobs. */
  policy?: QueuePolicy;
  pollingIntervalSeconds?: number;
};

export const webhookDeliveryJob = (opts: WebhookDeliveryOptions): RegisteredJob =>
  registerJob({
    queue: webhookDeliveryQueue,
    handle: (job) => deliverWebhookJob(opts, job),
    concurrency: 5,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    ...(opts.policy ? { policy: opts.policy } : {}),
  });

/** What a job that mails members about an order needs: the mailer and the app's address for its link. */
type MailJobOptions = { db: Db; log: Logger; mailer: Mailer; config: Pick<Config, 'appUrl'> };

/** The mails to approvers of an order put forward for approval (services/orders/approval). */
export const approvalMailJob = (opts: MailJobOptions): RegisteredJob =>
  registerJob({
    queue: approvalMailQueue,
    handle: (job) => deliverApprovalMailJob(opts, job),
    concurrency: 2,
    pollingIntervalSeconds: 5,
  });

/** The mails to an order's writer when its customer answered it (services/orders/confirmation). */
export const customerResponseMailJob = (opts: MailJobOptions): RegisteredJob =>
  registerJob({
    queue: customerResponseMailQueue,
    handle: (job) => deliverCustomerResponseMailJob(opts, job),
    concurrency: 2,
    pollingIntervalSeconds: 5,
  });

/** The scheduled clean-up of everything expired; logs what it removed when it removed anything. */
export const housekeepingJob = (opts: { db: Db; log: Logger; now: () => Date }): RegisteredJob =>
  registerJob({
    queue: housekeepingQueue,
    handle: async () => {
      const removed = await sweepExpired(opts.db, opts.now());
      if (Object.values(removed).some((n) => n > 0)) opts.log.info({ removed }, 'expired rows removed');
      return 'done';
    },
    concurrency: 1,
    pollingIntervalSeconds: 30,
    schedule: HOUSEKEEPING_CRON,
  });

export type AppJobDeps = {
  db: Db;
  log: Logger;
  config: Pick<Config, 'webhookAllowPrivate' | 'nodeEnv' | 'appUrl'>;
  /** What the approval mails go out with (SMTP, or the outbox). */
  mailer: Mailer;
  /** The app's clock (AppDeps.now): a delivery's signature timestamp and 'failing since', what has expired. */
  now: () => Date;
};

/** Every queue of the app with its handler. */
export const appJobs = (deps: AppJobDeps): RegisteredJob[] => [
  webhookDeliveryJob({ db: deps.db, log: deps.log, delivery: deliveryPolicyOf(deps.config), now: deps.now }),
  approvalMailJob({ db: deps.db, log: deps.log, mailer: deps.mailer, config: deps.config }),
  customerResponseMailJob({ db: deps.db, log: deps.log, mailer: deps.mailer, config: deps.config }),
  housekeepingJob({ db: deps.db, log: deps.log, now: deps.now }),
];

/** How long after listening the workers start. */
export const JOBS_START_DELAY_MS = 1000;

/**
 * How long one start of the workers may take before it is given up and tried again: pg-boss starts
 * with a handful of statements, each of which gets a connection within its connect timeout, or fails.
 */
export const JOBS_START_TIMEOUT_MS = 30_000;

export type AppJobs = {
  /** Starts the workers a moment later (again after each failure, until stop). Called more than once: once. */
  start: () => void;
  /** No start after this; waits for the jobs under way. Queued jobs wait in the database for the next start. */
  stop: () => Promise<void>;
};

/**
 * The app's workers, started a moment after the server listens: a job waits in the database until
 * then (a worker looks every few seconds anyway), and neither the start-up nor the first requests wait
 * for pg-boss to load and start. A server that never listens (tests that inject) never starts them.
 * A start that fails (the database away at that moment) is tried again until stop.
 */
export function appJobRunner(deps: AppJobDeps & { queueSql: QueueSql }): AppJobs {
  let running: RetryingStart<JobRunner> | undefined;
  let stopped = false;
  return {
    start: () => {
      if (stopped) return;
      running ??= startWithRetry({
        start: (signal) => startJobs({ queueSql: deps.queueSql, log: deps.log, jobs: appJobs(deps), signal }),
        firstDelayMs: JOBS_START_DELAY_MS,
        retryDelayMs: doublingUpTo15s,
        attemptTimeoutMs: JOBS_START_TIMEOUT_MS,
        discard: (late) => late.stop(),
        onFailure: (err, failures, nextInMs) =>
          deps.log.error({ err, failures }, `the job queues did not start; next try in ${nextInMs / 1000} s`),
      });
    },
    stop: async () => {
      stopped = true;
      running?.cancel();
      await (await running?.result)?.stop();
    },
  };
}
