import type { Logger } from 'pino';

/**
 * How long a stop may take before the process ends anyway. Orchestrators kill after 10 s (Docker's
 * and compose's default stop timeout; Kubernetes allows 30): ending ourselves a second earlier gets
 * the reason into the log, which a SIGKILL would not.
 */
export const SHUTDOWN_LIMIT_MS = 9000;

type ShutdownOptions = {
  /** Finishes the requests under way and closes everything (server.ts's close). */
  close: () => Promise<void>;
  log: Pick<Logger, 'info' | 'error'>;
  exit: (code: number) => void;
  limitMs?: number;
};

/**
 * What SIGTERM and SIGINT do: stop gracefully and exit 0; exit 1 when that has not ended within the
 * limit (a client reading a long answer very slowly, a hung statement), when it fails, or when a
 * second signal comes (Ctrl-C pressed again).
 */
export function shutdownOnSignal(opts: ShutdownOptions): (signal: NodeJS.Signals) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) {
      opts.log.error(`${signal} received again: stopped without waiting.`);
      opts.exit(1);
      return;
    }
    closing = true;
    opts.log.info(`${signal} received: finishing the requests under way, refusing new connections.`);
    const limit = opts.limitMs ?? SHUTDOWN_LIMIT_MS;
    const cutOff = setTimeout(() => {
      opts.log.error(`Not stopped within ${limit / 1000} s: stopped without waiting any longer.`);
      opts.exit(1);
    }, limit);
    // The cut-off is no reason to stay alive once everything else has closed.
    cutOff.unref();
    try {
      await opts.close();
    } catch (err) {
      clearTimeout(cutOff);
      opts.log.error({ err }, 'Stopping failed.');
      opts.exit(1);
      return;
    }
    clearTimeout(cutOff);
    opts.log.info('Stopped: requests finished; PDF browser, job queues and database closed.');
    opts.exit(0);
  };
}
