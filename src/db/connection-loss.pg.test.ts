import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { postgresForTestFile } from '../test/postgres';
import { startTcpProxy } from '../test/tcp-proxy';
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

  it("a new connection that dies under postgres.js's own first statement (the array types): only the waiting statement fails, nothing is left unhandled", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const target = new URL(serverUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(serverUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${testDatabase.name}`;
    const throughProxy = await openDatabase({ databaseUrl: viaProxy.toString(), maxConnections: 1 });
    try {
      const ask = async () =>
        (await throughProxy.db.execute(sql`select 44 as answer`)) as unknown as { answer: number }[];
      expect((await ask())[0]).toEqual({ answer: 44 });
      // The pool's connection goes, and the next one dies as it asks for the array types.
      proxy.resetWhenClientSends('pg_catalog.pg_type');
      proxy.dropAll();
      // A statement sent before the pool saw its connection go fails on that one: asked again until a
      // new connection has met the reset.
      let failed: unknown = null;
      await waitFor('a new connection asking for the array types', async () => {
        failed = await ask().then(
          () => null,
          (err: unknown) => err,
        );
        return !proxy.armed();
      });
      expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
      // A statement that goes over the network again: node reports an unhandled rejection once the
      // microtasks of the turn that made it have run, long before this answer arrives.
      expect((await ask())[0]).toEqual({ answer: 44 });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      await throughProxy.close();
      await proxy.close();
    }
  });
});
