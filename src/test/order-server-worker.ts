/**
 * One server process for the multi-process numbering test (order-numbering-processes.int.test.ts):
 * the real app (tRPC + REST) on DATABASE_URL, listening on a free port, which it prints as one JSON
 * line `{"port": n}`. It stops on SIGTERM or when stdin closes (the test ended or died).
 *
 *   DATABASE_URL=postgres://… node --import tsx src/test/order-server-worker.ts
 */
import { loadConfig } from '../server/config';
import { createServer } from '../server/server';

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: process.env.DATABASE_URL,
  LOG_LEVEL: 'silent',
  PORT: '0',
});
const server = await createServer(config, { serveClient: false });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
