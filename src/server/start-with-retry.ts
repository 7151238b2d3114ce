/**
 * Starts something the server can run without for a while (the webhook worker), and keeps trying
 * while it fails: a database that is away at that moment must not leave it unstarted until the next
 * restart (PostgreSQL restarted just as the worker started, and no webhook went out again).
 *
 * A try that neither succeeds nor fails within its time limit counts as a failure too: a statement
 * stuck on a connection that died half-way would otherwise hold the worker unstarted for good. The
 * stuck try is told to give up (its signal aborts), and should it still succeed later, what it
 * started is handed to `discard`, so that only one ever runs.
 */
export type RetryingStart<T> = {
  /** What `start` gave, once a try succeeded; undefined when cancelled before that. */
  result: Promise<T | undefined>;
  /** No further tries. A try under way still ends, and `result` then gives what it started. */
  cancel: () => void;
};

export type RetryOptions<T> = {
  /** One try; `signal` aborts when the try has run out of time and no longer counts. */
  start: (signal: AbortSignal) => Promise<T>;
  /** Before the first try. */
  firstDelayMs: number;
  /** The pause after the n-th failure (n from 1). */
  retryDelayMs: (failures: number) => number;
  /** How long one try may take before it counts as failed. */
  attemptTimeoutMs: number;
  /** Stops what a try that ran out of time started after all. */
  discard: (late: T) => Promise<void>;
  onFailure: (err: unknown, failures: number, nextInMs: number) => void;
};

/** 1, 2, 4, 8 s, then every 15 s: soon after a short outage, and cheap during a long one. */
export const doublingUpTo15s = (failures: number): number => Math.min(15_000, 1000 * 2 ** (failures - 1));

/** The failure of a try that ran out of time. */
export class AttemptTimedOut extends Error {
  constructor(ms: number) {
    super(`did not start within ${ms / 1000} s`);
    this.name = 'AttemptTimedOut';
  }
}

export function startWithRetry<T>(opts: RetryOptions<T>): RetryingStart<T> {
  let cancelled = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const attempt = (): Promise<T> => {
    const abort = new AbortController();
    const started = opts.start(abort.signal);
    let limit: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      limit = setTimeout(() => {
        const err = new AttemptTimedOut(opts.attemptTimeoutMs);
        abort.abort(err);
        reject(err);
        // Late success: stopped, so that the next try's is the only one running.
        started.then((late) => opts.discard(late)).catch(() => {});
      }, opts.attemptTimeoutMs);
    });
    return Promise.race([started, timedOut]).finally(() => clearTimeout(limit));
  };
  const result = (async () => {
    await pause(opts.firstDelayMs);
    for (let failures = 0; !cancelled; ) {
      try {
        return await attempt();
      } catch (err) {
        failures++;
        const next = opts.retryDelayMs(failures);
        opts.onFailure(err, failures, next);
        if (!cancelled) await pause(next);
      }
    }
    return undefined;
  })();
  return {
    result,
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
      wake?.();
    },
  };
}
