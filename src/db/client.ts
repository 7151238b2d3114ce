import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import type { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { projectRoot } from '../project-root';
import { startPglite } from './pglite-start';
import { reconnectOptions } from './postgres-reconnect';
import { installQueue, type QueueRow, type QueueSql } from './queue';
import * as schema from './schema';
import { isDatabaseUnavailable } from './unavailable';

/** One type for both drivers: services are written once against the pg-core query builder. */
export type Db = ReturnType<typeof drizzlePostgres<typeof schema>>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  ping: () => Promise<void>;
  /** The connection (pool) as the job queue's `db` (queue.ts): any statement, also several at once. */
  queueSql: QueueSql;
  /** Applies the migrations of a folder not yet applied (start-up does it for drizzle/). */
  migrate: (folder?: string) => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(projectRoot(import.meta.url), 'drizzle');

export type DatabaseOptions = {
  /** postgres://… for Postgres; unset for the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `memory://` (or unset) keeps it in memory, as tests do. */
  dataDir?: string | undefined;
  /** PGlite already booting in `dataDir` (pglite-start.ts): main.ts starts it before the server's modules load. */
  pglite?: Promise<PGlite> | undefined;
  /** Pool size for postgres.js. */
  maxConnections?: number;
  /** Another migrations folder; a migration test starts from an earlier state this way. */
  migrationsFolder?: string;
  /**
   * The job queues to create with pg-boss's schema (src/server/jobs/queues.ts), so that any process
   * can enqueue to them, whether or not it works them. Without: the schema alone.
   */
  jobQueues?: readonly QueueRow[];
  /**
   * Told every statement the app's queries send (drizzle's logger; the job queue's own SQL is not
   * among them): a test counts a request's round trips with it.
   */
  logger?: Logger | undefined;
};

/** The newest migration of a folder: its journal's `when`, which drizzle records as `created_at`. */
function newestMigration(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the database already has every migration of the folder, asked in one query
 * (`lastApplied`: the newest `created_at` drizzle recorded; it throws while there is no record yet).
 * drizzle's migrator applies each migration newer than that; with none to apply it would still create
 * its schema and table if missing, read and hash every file and run an empty transaction, which is
 * what a start-up of an up-to-date database skips (docs/decisions/start-up.md).
 */
export async function hasAllMigrations(
  lastApplied: () => Promise<string | null | undefined>,
  folder: string,
): Promise<boolean> {
  let last: string | null | undefined;
  try {
    last = await lastApplied();
  } catch {
    return false;
  }
  return last != null && Number(last) >= newestMigration(folder);
}

const LAST_APPLIED = 'select max(created_at)::text as last from drizzle.__drizzle_migrations';

/**
 * Opens the database and applies the migrations in drizzle/.
 *
 * PGlite is a single Postgres backend: two transactions at once would share one transaction. Its
 * own mutexes already serialise work — `transaction()` holds the transaction lock for its whole
 * callback and every `query()` outside it waits for that lock — and drizzle's PGlite driver routes
 * `db.transaction` through `client.transaction`. That is the process-wide queue ARCHITECTURE.md asks
 * for; `pglite-queue.test.ts` proves interleaving transactions stay isolated.
 */
/** The advisory lock migrations take on PostgreSQL (any fixed number the app uses for nothing else). */
export const MIGRATION_LOCK_KEY = 74_601_001;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  // Each driver is loaded only when it is the one used: a start-up loads one of the two.
  if (opts.databaseUrl) {
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
      await Promise.all([
        import('postgres'),
        import('drizzle-orm/postgres-js'),
        import('drizzle-orm/postgres-js/migrator'),
      ]);
    const client = postgres(opts.databaseUrl, {
      max: opts.maxConnections ?? 10,
      onnotice: () => {},
      // Short pauses between attempts to reach a database that went away (postgres-reconnect.ts).
      ...reconnectOptions,
    });
    const db = drizzlePostgres(client, { schema, logger: opts.logger ?? false });
    const queueSql: QueueSql = {
      executeSql: async (text, values = []) => {
        if (values.length > 0) {
          // As node-postgres (pg-boss's own driver) sends them: a plain object as JSON text.
          // and undefined as null.
          const params = values.map((v) =>
            v === undefined
              ? null
              : v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
                ? JSON.stringify(v)
                : v,
          );
          return { rows: (await client.unsafe(text, params as never[])) as Record<string, unknown>[] };
        }
        // pg-boss's upkeep and schema plans are several statements with their own BEGIN … COMMIT:
        // postgres.js runs them on one reserved connection (the simple protocol, no parameters).
        const connection = await client.reserve();
        let lost = false;
        try {
          return { rows: (await connection.unsafe(text)) as Record<string, unknown>[] };
        } catch (err) {
          lost = isDatabaseUnavailable(err);
          // A statement that failed after BEGIN leaves the transaction open: end it before the
          // connection goes back to the pool (outside a transaction ROLLBACK only warns). A
          // connection that died has no transaction left, and nothing to send it on.
          if (!lost) await connection.unsafe('ROLLBACK');
          throw err;
        } finally {
          // postgres.js files a connection that died as closed itself; released, it would be put
          // back among the open ones and fail the next statement once more.
          if (!lost) connection.release();
        }
      },
    };
    const lastApplied = async () => (await client.unsafe<{ last: string | null }[]>(LAST_APPLIED))[0]?.last;
    const migrate = async (folder = migrationsFolder) => {
      // Several processes on one database (replicas that start together) must not migrate at once:
      // both would find a migration missing and the second would fail on what the first created. A
      // session-level advisory lock, on a connection of its own (the pool may have just one, which
      // the migrator needs), lets one migrate while the others wait and then find nothing to do.
      const lock = postgres(opts.databaseUrl as string, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        if (!(await hasAllMigrations(lastApplied, folder)))
          await migratePostgres(db, { migrationsFolder: folder });
        await installQueue(queueSql, opts.jobQueues);
      } finally {
        // Ending the session releases the lock, also when the migration failed.
        await lock.end({ timeout: 5 });
      }
    };
    await migrate(opts.migrationsFolder);
    return {
      db,
      kind: 'postgres',
      queueSql,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate,
      close: () => client.end({ timeout: 5 }),
    };
  }
  const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    opts.pglite ?? startPglite(opts.dataDir),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const pgliteDb = drizzlePglite(client, { schema, logger: opts.logger ?? false });
  const queueSql: QueueSql = {
    // query() takes one statement with parameters, exec() several without (pg-boss's schema and upkeep
    // plans, with their own BEGIN … COMMIT). exec() runs inside transaction(): should a statement fail
    // between its BEGIN and COMMIT, transaction() rolls back, where a bare exec() would leave the one
    // backend in an aborted transaction for every later query.
    executeSql: async (text, values = []) => {
      if (values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
  const lastApplied = async () => (await client.query<{ last: string | null }>(LAST_APPLIED)).rows[0]?.last;
  const migrate = async (folder = migrationsFolder) => {
    if (!(await hasAllMigrations(lastApplied, folder)))
      await migratePglite(pgliteDb, { migrationsFolder: folder });
    await installQueue(queueSql, opts.jobQueues);
  };
  await migrate(opts.migrationsFolder);
  // The two drivers expose the same pg-core query builder; the cast lets services take one type.
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queueSql,
    ping: async () => {
      await client.query('select 1');
    },
    migrate,
    close: () => client.close(),
  };
}
