import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { startPglite } from '../db/pglite-start';
import { JOB_QUEUE_ROWS } from '../server/jobs/queues';
import { databaseUrlOn, pgliteTemplate, postgresTemplate, withAdmin } from './template-databases';

export type TestDatabase = Database & { name: string };

/** The run's shared folder (vitest-global-setup.ts); undefined outside a vitest run with that setup. */
function testRunDir(): string | undefined {
  try {
    return inject('testRunDir');
  } catch {
    return undefined;
  }
}

let pgliteTemplateOfProcess: Promise<Blob> | undefined;

/**
 * PGlite in memory, booting from a copy of the run's migrated template (template-databases.ts), for a
 * test that opens the database itself (createServer's `pglite`); undefined outside a vitest run with
 * that setup, where the caller's own start migrates as usual.
 */
export function templatePglite(): Promise<PGlite> | undefined {
  const runDir = testRunDir();
  if (!runDir) return undefined;
  pgliteTemplateOfProcess ??= pgliteTemplate(runDir);
  return pgliteTemplateOfProcess.then((blob) => startPglite(undefined, blob));
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when `serverUrl` is given or
 * TEST_DATABASE_URL is set — a new uniquely named database on that Postgres server, dropped again on close.
 *
 * It is a copy of the run's template (template-databases.ts), which openDatabase migrated once; with
 * `migrationsFolder` (a migration test starting from an earlier state) it is migrated from scratch.
 */
export async function openTestDatabase({
  serverUrl = process.env.TEST_DATABASE_URL,
  migrationsFolder,
  logger,
}: {
  migrationsFolder?: string;
  serverUrl?: string;
  /** Told every statement of the app's queries (DatabaseOptions.logger). */
  logger?: Logger;
} = {}): Promise<TestDatabase> {
  if (!serverUrl) {
    const pglite = migrationsFolder ? undefined : templatePglite();
    const database = await openDatabase({
      dataDir: 'memory://',
      jobQueues: JOB_QUEUE_ROWS,
      logger,
      ...(pglite ? { pglite } : {}),
      ...(migrationsFolder ? { migrationsFolder } : {}),
    });
    return { ...database, name: 'memory://' };
  }
  const runDir = migrationsFolder ? undefined : testRunDir();
  const name = `inkoop_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = runDir ? await postgresTemplate(runDir, serverUrl) : undefined;
  await withAdmin(serverUrl, (admin) =>
    admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  const database = await openDatabase({
    databaseUrl: databaseUrlOn(serverUrl, name),
    maxConnections: 5,
    jobQueues: JOB_QUEUE_ROWS,
    logger,
    ...(migrationsFolder ? { migrationsFolder } : {}),
  });
  return {
    ...database,
    name,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
    },
  };
}
