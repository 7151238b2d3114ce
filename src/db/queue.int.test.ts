import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { queueSqlOf } from './queue';

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
