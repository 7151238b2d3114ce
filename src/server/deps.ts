import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from './config';
import type { Mailer } from './services/mail/message';
import type { Printer } from './services/pdf/printer';

/**
 * The one dependency bag, built once at start-up (server.ts) or by a test (test/context.ts). A new
 * subsystem (the PDF printer, a job queue) joins here and reaches every service through it.
 */
export type AppDeps = {
  db: Db;
  /** Answers when the database does; used by /api/health. */
  dbPing: () => Promise<void>;
  config: Config;
  mailer: Mailer;
  /** The PDF printer: Chromium is launched on the first document, not at start-up. */
  printer: Printer;
  log: Logger;
  /**
   * The one clock of the server: every time a rule reasons about comes from here, handed to the
   * services by the routers (ctx.now()) or read from the deps — order numbers and dates, the
   * timestamps the app writes, expiries of sessions, mail links, API keys and PDF links, the
   * rate-limit and idempotency windows, webhook event times. No service reads the wall clock itself
   * (one-clock.test.ts). Real time (systemClock) in the server; a test moves it instead of sleeping or
   * faking timers for the whole process.
   */
  now: () => Date;
};

/** The real clock. */
export const systemClock = (): Date => new Date();

/**
 * What a service takes: the same bag, with a database that may be a transaction, and only the
 * parts it uses, so a test can hand it a small object.
 */
export type ServiceDeps<K extends keyof AppDeps = 'db' | 'config' | 'mailer' | 'log'> = {
  [P in K]: P extends 'db' ? DbOrTx : AppDeps[P];
};
