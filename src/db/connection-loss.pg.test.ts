import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { postgresForTestFile } from '../test/postgres';
import { waitFor } from '../test/webhook-receiver';
import { type Database, openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

/**
 * A connection that PostgreSQL ends under a statement (a restart, pg_terminate_backend) fails that
 * statement with a connection error the app answers 503 for — and nothing else: the process lives
 * on (postgres.js 3.4.9 threw from a timer here and ended it, see scripts/patch-dependencies.mjs)
 * and the next statement gets a working connection (3.4.9 could leave the connection unable to
 * connect again). A pool of one connection, so the next statement must use the one that died.
 * Postgres only: PGlite has no connections.
 */
const { serverUrl, unreachable } = await postgresForTestFile(import.meta.filename);

describe.skipIf(unreachable)('a connection ended under a statement (Postgres)', () => {
  let testDatabase: TestDatabase;
  let database: Database & { name: string };
  let admin: ReturnType<typeof postgres>;

  beforeAll(async () => {
    testDatabase = await openTestDatabase({ serverUrl });
    const url = new URL(serverUrl);
    url.pathname = `/${testDatabase.name}`;
    database = {
      ...(await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 })),
      name: testDatabase.name,
    };
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin?.end({ timeout: 5 });
    await database?.close();
    await testDatabase?.close();
  });

  const backendOf = async (statement: string) => {
    let pid: number | undefined;
    await waitFor(`the backend running ${statement}`, async () => {
      const rows = await admin<{ pid: number }[]>`
        select pid from pg_stat_activity where datname = ${database.name} and query = ${statement}`;
      pid = rows[0]?.pid;
      return pid !== undefined;
    });
    return pid!;
  };
  const terminate = (pid: number) => admin`select pg_terminate_backend(${pid})`;
  const answers = async () =>
    (await database.db.execute(sql`select 42 as answer`)) as unknown as { answer: number }[];

  // Its next statement sent at once (it meets the server's "terminating connection"), or once the
  // backend is gone (it meets a closed socket): two ways of postgres.js 3.4.9 to go wrong.
  for (const when of ['at once', 'once the backend is gone'] as const) {
    it(`a transaction whose connection ends (next statement ${when}): a connection error, then all works`, async () => {
      const failed = await database.db
        .transaction(async (tx) => {
          const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            pid: number;
          }[];
          await terminate(row!.pid);
          if (when !== 'at once')
            await waitFor('the backend to end', async () => {
              const rows = await admin`select 1 from pg_stat_activity where pid = ${row!.pid}`;
              return rows.length === 0;
            });
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
      expect((await answers())[0]).toEqual({ answer: 42 });
      const again = await database.db.transaction(async (tx) => tx.execute(sql`select 43 as answer`));
      expect((again as unknown as { answer: number }[])[0]).toEqual({ answer: 43 });
      expect((await database.queueSql.executeSql('select 7 as seven')).rows).toEqual([{ seven: 7 }]);
    });
  }

  it("a job queue's statement on its reserved connection: fails the same way, and the next ones work", async () => {
    const statement = 'select pg_sleep(60)';
    const running = database.queueSql.executeSql(statement).then(
      () => null,
      (err: unknown) => err,
    );
    await terminate(await backendOf(statement));
    const failed = await running;
    expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect((await database.queueSql.executeSql('select 7 as seven')).rows).toEqual([{ seven: 7 }]);
      expect((await answers())[0]).toEqual({ answer: 42 });
    }
  });
});
