import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { createLogger } from './log';
import { stopPasswordHashing } from './services/auth/passwords';
import { settleBackground } from './services/background';
import { createMailer } from './services/mail/mailer';
import { createPrinter } from './services/pdf/printer';
import { deliveryPolicyOf } from './services/webhooks/deliver';
import { startWebhookWorker } from './services/webhooks/worker';

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  deps: AppDeps;
  close: () => Promise<void>;
};

/** Where the data lives: DATABASE_URL with a pool of DATABASE_POOL_SIZE, else PGlite in DATA_DIR/db. */
export function databaseOptions(config: Config): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    maxConnections: config.databasePoolSize,
  };
}

/**
 * Opens the database (migrating it), the mailer, the PDF printer (its Chromium starts with the first
 * document) and the HTTP app; the caller decides when to listen. `close` also closes the browser and the
 * password-hashing child.
 */
export async function createServer(config: Config, opts: { serveClient?: boolean; logger?: Logger } = {}) {
  const log = opts.logger ?? createLogger(config.logLevel);
  // The database starts (PGlite reads and compiles its WebAssembly, then boots Postgres) while the
  // HTTP app's modules load: the two overlap instead of one waiting for the other (issue 12).
  const [database, { buildApp }] = await Promise.all([
    openDatabase(databaseOptions(config)),
    import('./app'),
  ]);
  const mailer = createMailer({ config, db: database.db, log });
  const printer = createPrinter({
    chromiumPath: config.chromiumPath,
    concurrency: config.pdfConcurrency,
    log,
  });
  const deps: AppDeps = { db: database.db, dbPing: database.ping, config, mailer, printer, log };
  const app = await buildApp({ deps, serveClient: opts.serveClient ?? true, logger: log });
  // Webhook deliveries run beside the requests, from the queue in the database (issue 13).
  const webhooks = await startWebhookWorker({
    db: database.db,
    queueSql: database.queueSql,
    log,
    delivery: deliveryPolicyOf(config),
  });
  const close = async () => {
    await app.close();
    // Deliveries under way finish (10 s at most); queued ones wait in the database for the next start.
    await webhooks.stop();
    // Mails promised to callers who already had their answer.
    await settleBackground();
    await printer.close();
    await stopPasswordHashing();
    await mailer.close();
    await database.close();
  };
  return { app, database, deps, close } satisfies RunningServer;
}
