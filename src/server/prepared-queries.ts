import type { DbOrTx } from '../db/client';

/**
 * A query built once per database handle instead of on every call. Drizzle's query builder walks the
 * schema to write the SQL each time a query runs; for the reads every request makes (the session
 * lookup, one order) that was a large share of an authenticated call's CPU
 * (docs/decisions/request-cpu.md). `build` returns drizzle's `.prepare(name)` with `sql.placeholder`s: on
 * postgres.js a named statement, parsed and planned once per connection; on PGlite the SQL text is
 * kept. The handle is the key, so a transaction gets its own (short-lived) copy.
 */
export function preparedPerDb<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byDb = new WeakMap<DbOrTx, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
