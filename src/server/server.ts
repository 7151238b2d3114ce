import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Database, openDatabase } from '../db/client';
import type { Config } from './config';
import { databaseOptions } from './database-options';
import { type AppDeps, systemClock } from './deps';
import { createLogger } from './log';
import { stopPasswordHashing } from './services/auth/passwords';
import { settleBackground } from './services/background';
import { createMailer } from './services/mail/mailer';
import { createPrinter } from './services/pdf/printer';
import { deliveryPolicyOf } from './services/webhooks/deliver';
import { startWebhookWorker, type WebhookWorker } from './services/webhooks/worker';
import { doublingUpTo15s, type RetryingStart, startWithRetry } from './start-with-retry';

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  deps: AppDeps;
  close: () => Promise<void>;
};

/** How long after listening the webhook deliveries start (createServer). */
const WEBHOOK_WORKER_DELAY_MS = 1000;

/**
 * Opens the database (migrating it), the mailer, the PDF printer (its Chromium starts with the first
 * document) and the HTTP app; the caller decides when to listen, and the webhook deliveries start a
 * second after it does. `close` also closes the browser and the password-hashing child.
 */
export async function createServer(
  config: Config,
  opts: { serveClient?: boolean; logger?: Logger; pglite?: Promise<PGlite> | undefined } = {},
) {
  const log = opts.logger ?? createLogger(config.logLevel);
  // The database starts (PGlite reads and compiles its WebAssembly, then boots Postgres) while the
  // HTTP app's modules load: the two overlap instead of one waiting for the other (issue 12).
  const [database, { buildApp }] = await Promise.all([
    openDatabase({ ...databaseOptions(config), pglite: opts.pglite }),
    import('./app'),
  ]);
  const mailer = createMailer({ config, db: database.db, log });
  const printer = createPrinter({
    chromiumPath: config.chromiumPath,
    concurrency: config.pdfConcurrency,
    log,
  });
  const deps: AppDeps = {
    db: database.db,
    dbPing: database.ping,
    config,
    mailer,
    printer,
    log,
    now: systemClock,
  };
  const app = await buildApp({ deps, serveClient: opts.serveClient ?? true, logger: log });
  // Webhook deliveries run beside the requests, from the queue in the database (issue 13). They start
  // a moment after the server listens: a job waits in the database until then (pg-boss looks every 2 s
  // anyway), and neither the start-up nor the first requests wait for pg-boss to load and start (issue
  // 12: started at once on listening, it ran before the first /api/health was answered: PGlite start to
  // healthy 2532 → 2256 ms median, 16 alternating starts on the shared machine). A server that never
  // listens (tests that inject) never starts them. Fastify runs onListen again for each extra address
  // it binds ('localhost': 127.0.0.1 and ::1): started once, and again while that fails (the database
  // away at that moment) until close.
  let webhooks: RetryingStart<WebhookWorker> | undefined;
  app.addHook('onListen', () => {
    webhooks ??= startWithRetry({
      start: () =>
        startWebhookWorker({
          db: database.db,
          queueSql: database.queueSql,
          log,
          delivery: deliveryPolicyOf(config),
        }),
      firstDelayMs: WEBHOOK_WORKER_DELAY_MS,
      retryDelayMs: doublingUpTo15s,
      onFailure: (err, failures, nextInMs) =>
        log.error({ err, failures }, `de webhook-wachtrij startte niet; opnieuw over ${nextInMs / 1000} s`),
    });
  });
  const close = async () => {
    webhooks?.cancel();
    await app.close();
    // Deliveries under way finish (10 s at most); queued ones wait in the database for the next start.
    await (await webhooks?.result)?.stop();
    // Mails promised to callers who already had their answer.
    await settleBackground();
    await printer.close();
    await stopPasswordHashing();
    await mailer.close();
    await database.close();
  };
  return { app, database, deps, close } satisfies RunningServer;
}
