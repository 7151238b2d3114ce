import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

// PGlite is one backend in single-user mode: without the queue, concurrent transactions would share
// one transaction and a read-modify-write would lose updates. This proves they run one after another.
/** PGlite's driver answers `{rows}`; read the single counter value. */
const readN = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n);

describe('PGlite transaction queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table counter (n integer not null)`);
    await database.db.execute(sql`insert into counter values (0)`);
  });
  afterAll(() => database.close());

  it('runs concurrent read-modify-write transactions without losing an update', async () => {
    const increment = () =>
      database.db.transaction(async (tx) => {
        const current = readN(await tx.execute(sql`select n from counter`));
        await new Promise((r) => setTimeout(r, 5));
        await tx.execute(sql`update counter set n = ${current + 1}`);
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(readN(await database.db.execute(sql`select n from counter`))).toBe(20);
  });

  it('lets a statement outside a transaction wait until a running transaction ends', async () => {
    const order: string[] = [];
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`update counter set n = 100`);
      await new Promise((r) => setTimeout(r, 30));
      order.push('tx-end');
    });
    await new Promise((r) => setTimeout(r, 5));
    const outside = database.db.execute(sql`select n from counter`).then(() => order.push('outside'));
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx-end', 'outside']);
  });
});
