import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { pgliteFolder, startPglite } from './pglite-start';

describe('startPglite and openDatabase', () => {
  it('opens (and migrates) the PGlite it is handed while that one is still booting', async () => {
    const booting = startPglite('memory://');
    const client = await booting;
    const database = await openDatabase({ dataDir: 'memory://', pglite: booting });
    try {
      await client.query('create temporary table handed_over (n int)');
      await client.query('insert into handed_over values (7)');
      // The same backend: the temporary table of this session is there, and so are the migrations.
      const { rows } = await database.queueSql.executeSql('select n from handed_over where n > $1', [0]);
      expect(rows).toEqual([{ n: 7 }]);
      expect(
        (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows,
      ).toEqual([{ n: expect.any(Number) }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('keeps memory:// and no folder in memory, any other folder on disk', () => {
    expect(pgliteFolder(undefined)).toBeUndefined();
    expect(pgliteFolder('memory://')).toBeUndefined();
    expect(pgliteFolder('/srv/data/db')).toBe('/srv/data/db');
  });
});
