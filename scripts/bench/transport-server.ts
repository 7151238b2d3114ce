/**
 * The app with a chosen transport for /api, for the bench's transport comparison
 * (api-overhead.ts benchTransport): the same buildApp, database, hooks and procedures as the server,
 * only the adapter in front differs. Both variants of one comparison run from this file the same way
 * (tsx, the packages as installed), so nothing but the transport tells them apart.
 *
 *   DATABASE_URL=postgres://… PORT=4402 BENCH_TRANSPORT=rest:stock \
 *     node --import tsx scripts/bench/transport-server.ts
 *
 * BENCH_TRANSPORT: `rest:<variant>`, the variants BuildAppOptions.transport names.
 * Prints `listening <url>` once it listens; closes on SIGTERM.
 */
import { openDatabase } from '../../src/db/client';
import { type BuildAppOptions, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { databaseOptions } from '../../src/server/database-options';
import { createLogger } from '../../src/server/log';
import { createMailer } from '../../src/server/services/mail/mailer';
import { createPrinter } from '../../src/server/services/pdf/printer';

export function parseTransport(text: string): NonNullable<BuildAppOptions['transport']> {
  const transport: Record<string, string> = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [side, variant] = part.split(':');
    if (side !== 'rest' || !variant) throw new Error(`BENCH_TRANSPORT: ${part}?`);
    transport[side] = variant;
  }
  return transport as NonNullable<BuildAppOptions['transport']>;
}

const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openDatabase(databaseOptions(config));
const app = await buildApp({
  deps: {
    db: database.db,
    dbPing: database.ping,
    config,
    mailer: createMailer({ config, db: database.db, log }),
    printer: createPrinter({ chromiumPath: config.chromiumPath, log }),
    log,
    now: () => new Date(),
  },
  serveClient: false,
  transport: parseTransport(process.env.BENCH_TRANSPORT ?? ''),
});
const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
const url = await app.listen({ port: config.port, host: config.host });
console.log(`listening ${url}`);
