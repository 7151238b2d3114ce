import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/** The embedded database's folder; undefined (and `memory://`) keeps it in memory, as tests do. */
export const pgliteFolder = (dataDir: string | undefined): string | undefined =>
  dataDir && dataDir !== 'memory://' ? dataDir : undefined;

/**
 * Starts the embedded database and hands it over at once, still booting: PGlite reads its file system
 * bundle and its WebAssembly, compiles that in the background and then starts Postgres; its queries
 * wait for that (`waitReady`). Imports nothing else, so main.ts can start it before the rest of the
 * server loads.
 */
export async function startPglite(
  dataDir: string | undefined,
  /** A data folder as PGlite's dumpDataDir() wrote it, to start from instead of an empty database (tests). */
  loadDataDir?: Blob,
): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  const dir = pgliteFolder(dataDir);
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // pg_trgm backs the order and customer search indexes (migration 0008), btree_gin lets the order
  // search's lead with the organisation; PGlite ships both as contrib modules.
  return new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, btree_gin },
  });
}
