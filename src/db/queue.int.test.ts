import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/db';
import {
  installQueue,
  QUEUE_SCHEMA,
  QUEUE_SCHEMA_VERSION,
  type QueueRow,
  type QueueSql,
  readInstalledQueue,
} from './queue';

describe("the job queue's connection (pg-boss's executeSql)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('ends a transaction that a failing multi-statement plan left open', async () => {
    await database.db.execute(sql`create table queue_probe (n int)`);
    // Several times: on PostgreSQL each may land on another pooled connection.
    for (let i = 0; i < 3; i++) {
      await expect(
        database.queueSql.executeSql('BEGIN; insert into queue_probe values (1); select 1/0; COMMIT;'),
      ).rejects.toThrow(/division by zero/);
    }
    await database.queueSql.executeSql('BEGIN; insert into queue_probe values (2); COMMIT;');
    for (let i = 0; i < 12; i++) {
      const { rows } = await database.queueSql.executeSql('select n from queue_probe where n > $1', [0]);
      expect(rows).toEqual([{ n: 2 }]);
    }
  });
});

describe('installQueue at start-up', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** The database's queue connection, counting the statements sent through it. */
  const counting = () => {
    const statements: string[] = [];
    const queueSql: QueueSql = {
      executeSql: (text, values) => {
        statements.push(text);
        return database.queueSql.executeSql(text, values);
      },
    };
    return { queueSql, statements };
  };

  /** A queue of this test's own: which queues the app has is src/server/jobs/'s business. */
  const probe: QueueRow = { name: 'install-probe', retryLimit: 7 };

  it('asks one query of a database whose queues are installed, and leaves pg-boss alone', async () => {
    expect(await readInstalledQueue(database.queueSql, [probe.name])).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueues: false,
    });
    await installQueue(database.queueSql, [probe]);
    expect(await readInstalledQueue(database.queueSql, [probe.name])).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueues: true,
    });
    const { queueSql, statements } = counting();
    await installQueue(queueSql, [probe]);
    expect(statements).toHaveLength(1);
  });

  it('installs again what is missing: a deleted queue comes back with its retry policy', async () => {
    await installQueue(database.queueSql, [probe]);
    const boss = new PgBoss({
      db: database.queueSql,
      schema: QUEUE_SCHEMA,
      supervise: false,
      migrate: false,
    });
    await boss.start();
    await boss.deleteQueue(probe.name);
    await boss.stop({ graceful: false, close: false });
    expect(await readInstalledQueue(database.queueSql, [probe.name])).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueues: false,
    });
    const { queueSql, statements } = counting();
    const given: QueueRow = { name: probe.name, retryLimit: probe.retryLimit };
    await installQueue(queueSql, [given]);
    expect(statements.length).toBeGreaterThan(1);
    // The rows it is given are shared constants (src/server/jobs/queues.ts): pg-boss must not fill them in.
    expect(given).toStrictEqual({ name: 'install-probe', retryLimit: 7 });
    const { rows } = await database.queueSql.executeSql(
      `select retry_limit from ${QUEUE_SCHEMA}.queue where name = $1`,
      [probe.name],
    );
    expect(rows).toEqual([{ retry_limit: probe.retryLimit }]);
  });

  it('reads a database without the queue schema as nothing installed, and installs it whole', async () => {
    await database.queueSql.executeSql(`drop schema ${QUEUE_SCHEMA} cascade`);
    expect(await readInstalledQueue(database.queueSql, [probe.name])).toEqual({
      version: null,
      hasQueues: false,
    });
    await installQueue(database.queueSql, [probe]);
    expect(await readInstalledQueue(database.queueSql, [probe.name])).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueues: true,
    });
  });
});
