/** A sequential prober: one call, a short pause, the next — until stopped; collects the timings. */
import { Worker } from 'node:worker_threads';
import { request, sleep } from './http-client';

export type Prober = { stop: () => Promise<number[]> };

export function startProbe(
  baseUrl: string,
  path: string,
  opts: { pauseMs: number; headers?: Record<string, string> },
): Prober {
  const times: number[] = [];
  let running = true;
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const reply = await request(baseUrl, path, { ...(opts.headers ? { headers: opts.headers } : {}) });
      times.push(performance.now() - t0);
      if (reply.status !== 200) failures++;
      await sleep(opts.pauseMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      if (failures) throw new Error(`${path}: ${failures} van ${times.length} probes antwoordden geen 200`);
      return times;
    },
  };
}

/**
 * The same prober in a worker thread (probe-worker.mjs, which runs probe-worker.ts): for probing beside load that this process
 * generates itself, whose answers would otherwise hold the probe's own answers back.
 */
export function startProbeInWorker(
  baseUrl: string,
  path: string,
  opts: { pauseMs: number; headers?: Record<string, string> },
): Prober {
  const worker = new Worker(new URL('./probe-worker.mjs', import.meta.url), {
    workerData: { baseUrl, path, opts: { pauseMs: opts.pauseMs, headers: opts.headers } },
  });
  const result = new Promise<{ times?: number[]; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const { times, error } = await result;
      await worker.terminate();
      if (error !== undefined) throw new Error(error);
      return times!;
    },
  };
}

/** Probes for a fixed time and returns the timings. */
export async function probeFor(
  baseUrl: string,
  path: string,
  ms: number,
  opts: { pauseMs: number; headers?: Record<string, string>; inWorker?: boolean },
): Promise<number[]> {
  const p = (opts.inWorker ? startProbeInWorker : startProbe)(baseUrl, path, opts);
  await sleep(ms);
  return p.stop();
}

/**
 * Waits until the server has worked off what an earlier section left queued (autocannon stops sending,
 * but the server still answers its backlog): /api/health must answer within `fastMs` three times in a
 * row, for at most `maxMs`. Returns how long it waited.
 */
export async function settle(
  baseUrl: string,
  opts: { fastMs?: number; maxMs?: number } = {},
): Promise<number> {
  const fastMs = opts.fastMs ?? 50;
  const maxMs = opts.maxMs ?? 10_000;
  const t0 = performance.now();
  let fastInARow = 0;
  while (fastInARow < 3 && performance.now() - t0 < maxMs) {
    const start = performance.now();
    await request(baseUrl, '/api/health');
    fastInARow = performance.now() - start <= fastMs ? fastInARow + 1 : 0;
    await sleep(50);
  }
  return performance.now() - t0;
}
