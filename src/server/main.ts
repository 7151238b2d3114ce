import { ConfigError, loadConfig } from './config';
import { createServer } from './server';

async function main() {
  const config = loadConfig();
  const server = await createServer(config);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(
    `Inkooporders draait op ${config.appUrl} — database: ${server.database.kind}, mail: ${
      config.smtpUrl ? 'SMTP' : `outbox (${config.appUrl}/dev/mail)`
    }, API-documentatie: ${config.appUrl}/api/docs`,
  );
}

main().catch((err: unknown) => {
  // A bad configuration names the variable; anything else is printed whole for the operator.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
