/**
 * The soak's arithmetic: requests and memory samples, as they were taken, folded into one row per
 * minute. Pure, so it is unit-tested; soak.ts takes the samples.
 */
import { percentile } from './stats';

/** What a soak step asks for; `pdf-new` is a PDF the server had to print (not one it handed out again). */
export const SOAK_STEPS = [
  'list',
  'search',
  'read',
  'customers',
  'stats',
  'create',
  'edit',
  'delete',
  'pdf-new',
  'pdf-reused',
  'download',
] as const;
export type SoakStep = (typeof SOAK_STEPS)[number];

/** One answered request: when it started (ms since the soak began), how long it took, and whether it was 2xx. */
export type SoakRequest = { atMs: number; ms: number; step: SoakStep; ok: boolean };

/** One memory sample of the serving process (and of the printer's Chromium processes), in bytes. */
export type SoakMemorySample = {
  atMs: number;
  rss: number;
  /** V8's heap in use, when the bench could read it (BENCH_MEMORY_DIR, memory-probe.mjs). */
  heapUsed?: number;
  /** All Chromium processes under the server together. */
  chromiumRss?: number;
};

/** The PDF store as counted at a moment. */
export type SoakStoreSample = { atMs: number; pdfFiles: number; pdfBytes: number };

export type SoakMinute = {
  minute: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Median time of the PDFs printed in this minute. */
  newPdfP50: number;
  newPdfs: number;
  failed: number;
  /** Median time per step: which kind of request slows down, if any does. */
  stepP50: Partial<Record<SoakStep, number>>;
  /** At the end of the minute (the last sample in it). */
  rssMb: number;
  heapUsedMb: number;
  chromiumRssMb: number;
  pdfFiles: number;
  pdfMb: number;
};

const MINUTE_MS = 60_000;
const MB = 1024 * 1024;

const lastIn = <T extends { atMs: number }>(
  samples: readonly T[],
  from: number,
  to: number,
): T | undefined => {
  let last: T | undefined;
  for (const s of samples) if (s.atMs >= from && s.atMs < to && (!last || s.atMs >= last.atMs)) last = s;
  return last;
};

const mb = (bytes: number | undefined) => (bytes === undefined ? Number.NaN : bytes / MB);

/**
 * One row per whole minute of `minutes`: a request belongs to the minute it started in; throughput is
 * that minute's requests ÷ 60 s; memory and store are the last sample taken in the minute.
 */
export function soakMinutes(
  minutes: number,
  requests: readonly SoakRequest[],
  memory: readonly SoakMemorySample[],
  store: readonly SoakStoreSample[],
): SoakMinute[] {
  const buckets = Array.from({ length: minutes }, () => ({
    times: [] as number[],
    newPdf: [] as number[],
    failed: 0,
    bySteps: new Map<SoakStep, number[]>(),
  }));
  for (const r of requests) {
    const bucket = buckets[Math.floor(r.atMs / MINUTE_MS)];
    if (!bucket) continue;
    bucket.times.push(r.ms);
    if (!r.ok) bucket.failed++;
    if (r.step === 'pdf-new') bucket.newPdf.push(r.ms);
    const mine = bucket.bySteps.get(r.step);
    if (mine) mine.push(r.ms);
    else bucket.bySteps.set(r.step, [r.ms]);
  }
  return buckets.map((b, i) => {
    const from = i * MINUTE_MS;
    const to = from + MINUTE_MS;
    const times = b.times.sort((x, y) => x - y);
    const mem = lastIn(memory, from, to);
    const st = lastIn(store, from, to);
    return {
      minute: i + 1,
      requests: times.length,
      reqPerSec: times.length / (MINUTE_MS / 1000),
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      newPdfP50: percentile(
        b.newPdf.sort((x, y) => x - y),
        50,
      ),
      newPdfs: b.newPdf.length,
      failed: b.failed,
      stepP50: Object.fromEntries(
        [...b.bySteps].map(([step, ms]) => [
          step,
          percentile(
            ms.sort((x, y) => x - y),
            50,
          ),
        ]),
      ),
      rssMb: mb(mem?.rss),
      heapUsedMb: mb(mem?.heapUsed),
      chromiumRssMb: mb(mem?.chromiumRss),
      pdfFiles: st?.pdfFiles ?? Number.NaN,
      pdfMb: mb(st?.pdfBytes),
    };
  });
}
