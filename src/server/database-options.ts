import path from 'node:path';
import type { DatabaseOptions } from '../db/client';
import type { Config } from './config';

/** Where the data lives: DATABASE_URL with a pool of DATABASE_POOL_SIZE, else PGlite in DATA_DIR/db. */
export function databaseOptions(config: Config): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    maxConnections: config.databasePoolSize,
  };
}
