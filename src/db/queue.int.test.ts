import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/db';
import {
  installQueue,
  PRODUCTION_RETRY_POLICY,
  QUEUE_SCHEMA,
  QUEUE_SCHEMA_VERSION,
  type QueueSql,
  queueSqlOf,
  readInstalledQueue,
  WEBHOOK_QUEUE,
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

  it('runs numbered parameters through drizzle ($10 is not $1 followed by 0), undefined as null', async () => {
    const values = [5, undefined, 0, 0, 0, 0, 0, 0, 0, 'tien'];
    const result = (await queueSqlOf(database.db).executeSql(
      'select $1::int as a, $2::text as b, $10::text as c',
      values,
    )) as { rows: unknown[] };
    expect(result.rows).toEqual([{ a: 5, b: null, c: 'tien' }]);
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

  it('asks one query of a database whose queue is installed, and leaves pg-boss alone', async () => {
    expect(await readInstalledQueue(database.queueSql)).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueue: true,
    });
    const { queueSql, statements } = counting();
    await installQueue(queueSql);
    expect(statements).toHaveLength(1);
  });

  it('installs again what is missing: a deleted webhook queue comes back with its retry policy', async () => {
    const boss = new PgBoss({
      db: database.queueSql,
      schema: QUEUE_SCHEMA,
      supervise: false,
      migrate: false,
    });
    await boss.start();
    await boss.deleteQueue(WEBHOOK_QUEUE);
    await boss.stop({ graceful: false, close: false });
    expect(await readInstalledQueue(database.queueSql)).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueue: false,
    });
    const { queueSql, statements } = counting();
    await installQueue(queueSql);
    expect(statements.length).toBeGreaterThan(1);
    const { rows } = await database.queueSql.executeSql(
      `select retry_limit from ${QUEUE_SCHEMA}.queue where name = $1`,
      [WEBHOOK_QUEUE],
    );
    expect(rows).toEqual([{ retry_limit: PRODUCTION_RETRY_POLICY.retryLimit }]);
  });

  it('reads a database without the queue schema as nothing installed, and installs it whole', async () => {
    await database.queueSql.executeSql(`drop schema ${QUEUE_SCHEMA} cascade`);
    expect(await readInstalledQueue(database.queueSql)).toEqual({ version: null, hasQueue: false });
    await installQueue(database.queueSql);
    expect(await readInstalledQueue(database.queueSql)).toEqual({
      version: QUEUE_SCHEMA_VERSION,
      hasQueue: true,
    });
  });
});
