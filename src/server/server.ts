import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Database, openDatabase } from '../db/client';
import type { Config } from './config';
import { databaseOptions } from './database-options';
import { type AppDeps, systemClock } from './deps';
import { JOB_QUEUE_ROWS } from './jobs/queues';
import { appJobRunner } from './jobs/registry';
import { createLogger } from './log';
import { stopPasswordHashing } from './services/auth/passwords';
import { settleBackground } from './services/background';
import { createMailer } from './services/mail/mailer';
import { createPrinter } from './services/pdf/printer';

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  deps: AppDeps;
  close: () => Promise<void>;
};

/**
 * Opens the database (migrating it), the mailer, the PDF printer (its Chromium starts with the first
 * document) and the HTTP app; the caller decides when to listen, and the job workers (webhook
 * deliveries among them) start a moment after it does. `close` also closes the browser and the
 * password-hashing child.
 */
export async function createServer(
  config: Config,
  opts: { serveClient?: boolean; logger?: Logger; pglite?: Promise<PGlite> | undefined } = {},
) {
  const log = opts.logger ?? createLogger(config.logLevel);
  // The database starts (PGlite reads and compiles its WebAssembly, then boots Postgres) while the
  // HTTP app's modules load: the two overlap instead of one waiting for the other.
  const [database, { buildApp }] = await Promise.all([
    openDatabase({ ...databaseOptions(config), jobQueues: JOB_QUEUE_ROWS, pglite: opts.pglite }),
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
  // Jobs (webhook deliveries among them) run beside the requests, from the queues in the database.
  // Fastify runs onListen again for each extra address it binds ('localhost': 127.0.0.1 and ::1):
  // the runner starts once.
  const jobs = appJobRunner({
    db: database.db,
    queueSql: database.queueSql,
    log,
    config,
    mailer,
    now: deps.now,
  });
  app.addHook('onListen', jobs.start);
  const close = async () => {
    // No start from now on; jobs under way finish (a delivery within 10 s) while the requests do.
    const jobsStopped = jobs.stop();
    await app.close();
    await jobsStopped;
    // Mails promised to callers who already had their answer.
    await settleBackground();
    await printer.close();
    await stopPasswordHashing();
    await mailer.close();
    await database.close();
  };
  return { app, database, deps, close } satisfies RunningServer;
}
