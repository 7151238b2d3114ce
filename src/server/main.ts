import { startPglite } from '../db/pglite-start';
import { ConfigError, loadConfig } from './config';
import { databaseOptions } from './database-options';
import { shutdownOnSignal } from './shutdown';

async function main() {
  const config = loadConfig();
  const database = databaseOptions(config);
  // The embedded database starts booting before the rest of the server is even loaded: reading its
  // files and compiling its WebAssembly go on in the background while the modules load
  // (docs/decisions/start-up.md).
  const pglite = database.databaseUrl ? undefined : startPglite(database.dataDir);
  // Its failure is reported where the database is opened (createServer), not as an unhandled rejection.
  pglite?.catch(() => {});
  const { createServer } = await import('./server');
  const server = await createServer(config, { pglite });
  const shutdown = shutdownOnSignal({ close: server.close, log: server.app.log, exit: process.exit });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(
    `Inkooporders running at ${config.appUrl} — database: ${server.database.kind}, mail: ${
      config.smtpUrl ? 'SMTP' : `outbox (${config.appUrl}/dev/mail)`
    }, API documentation: ${config.appUrl}/api/docs`,
  );
}

main().catch((err: unknown) => {
  // A bad configuration names the variable; anything else is printed whole for the operator.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
