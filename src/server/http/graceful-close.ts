import type { FastifyInstance } from 'fastify';

/** How often, once closing, connections that have become idle are closed. */
export const IDLE_REAP_INTERVAL_MS = 100;

/**
 * Stopping (SIGTERM, `app.close()`) lets the requests under way finish: Fastify stops taking
 * connections and waits until the open ones have ended. Node closes the idle keep-alive connections
 * once, when closing starts; a connection whose request was still under way then stayed open after
 * its answer, until the client left or keep-alive ran out (72 s), and the process waited with it
 * (a SIGTERM during an order save exited only when the client hung up). From the moment
 * closing starts:
 * - every answer carries `Connection: close`, so the client sends nothing more on it and Node ends
 *   the socket after the answer;
 * - connections that have become idle are closed every {@link IDLE_REAP_INTERVAL_MS} ms, for answers
 *   whose headers had gone out before closing started (a long list stream).
 * The database closes only after the last answer (server.ts).
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_INTERVAL_MS);
    // Never what keeps the process alive; gone once the server has closed.
    reaper.unref();
    app.server.once('close', () => clearInterval(reaper));
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
