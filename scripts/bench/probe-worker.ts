/**
 * A prober (probe.ts's startProbe) in a worker thread of its own (startProbeInWorker): its timings are
 * the server's answers, not the wait for the bench's main event loop, which at the same moment handles
 * the load it generates (login answers arriving at once held a probe's answer back).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startProbe } from './probe';

const { baseUrl, path, opts } = workerData as {
  baseUrl: string;
  path: string;
  opts: { pauseMs: number; headers?: Record<string, string> };
};
const probe = startProbe(baseUrl, path, opts);
parentPort!.once('message', () => {
  probe.stop().then(
    (times) => parentPort!.postMessage({ times }),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
});
