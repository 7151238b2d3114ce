import postgres from 'postgres';
import { type Database, openDatabase } from '../db/client';
import { JOB_QUEUE_ROWS } from '../server/jobs/queues';

export type TestDatabase = Database & { name: string };

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when `serverUrl` is given or
 * TEST_DATABASE_URL is set — a new uniquely named database on that Postgres server, dropped again on close.
 */
export async function openTestDatabase({
  serverUrl = process.env.TEST_DATABASE_URL,
  ...opts
}: {
  migrationsFolder?: string;
  serverUrl?: string;
} = {}): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', jobQueues: JOB_QUEUE_ROWS, ...opts });
    return { ...database, name: 'memory://' };
  }
  const name = `inkoop_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    maxConnections: 5,
    jobQueues: JOB_QUEUE_ROWS,
    ...opts,
  });
  return {
    ...database,
    name,
    close: async () => {
      await database.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
