/**
 * Starts something the server can run without for a while (the webhook worker), and keeps trying
 * while it fails: a database that is away at that moment must not leave it unstarted until the next
 * restart (PostgreSQL restarted just as the worker started, and no webhook went out again).
 */
export type RetryingStart<T> = {
  /** What `start` gave, once a try succeeded; undefined when cancelled before that. */
  result: Promise<T | undefined>;
  /** No further tries. A try under way still ends, and `result` then gives what it started. */
  cancel: () => void;
};

export type RetryOptions<T> = {
  start: () => Promise<T>;
  /** Before the first try. */
  firstDelayMs: number;
  /** The pause after the n-th failure (n from 1). */
  retryDelayMs: (failures: number) => number;
  onFailure: (err: unknown, failures: number, nextInMs: number) => void;
};

/** 1, 2, 4, 8 s, then every 15 s: soon after a short outage, and cheap during a long one. */
export const doublingUpTo15s = (failures: number): number => Math.min(15_000, 1000 * 2 ** (failures - 1));

export function startWithRetry<T>(opts: RetryOptions<T>): RetryingStart<T> {
  let cancelled = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const result = (async () => {
    await pause(opts.firstDelayMs);
    for (let failures = 0; !cancelled; ) {
      try {
        return await opts.start();
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
