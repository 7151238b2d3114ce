import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttemptTimedOut, doublingUpTo15s, startWithRetry } from './start-with-retry';

/** A limit no test here reaches, for the tests about something else. */
const NO_LIMIT = { attemptTimeoutMs: 3_600_000, discard: async () => {} };

describe('startWithRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries after the first delay, again after each failure’s pause, and gives what the first success started', async () => {
    const tries: number[] = [];
    const failures: [number, number][] = [];
    const started = startWithRetry({
      start: async () => {
        tries.push(Date.now());
        if (tries.length < 3) throw new Error(`weg ${tries.length}`);
        return 'worker';
      },
      firstDelayMs: 1000,
      retryDelayMs: (n) => n * 100,
      onFailure: (_err, n, next) => failures.push([n, next]),
      ...NO_LIMIT,
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(999);
    expect(tries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + 100 + 200);
    await expect(started.result).resolves.toBe('worker');
    expect(tries.map((t) => t - t0)).toEqual([1000, 1100, 1300]);
    expect(failures).toEqual([
      [1, 100],
      [2, 200],
    ]);
  });

  it('cancelled before the first try: never starts', async () => {
    const start = vi.fn(async () => 'worker');
    const started = startWithRetry({
      start,
      firstDelayMs: 1000,
      retryDelayMs: () => 100,
      onFailure: () => {},
      ...NO_LIMIT,
    });
    started.cancel();
    await expect(started.result).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(start).not.toHaveBeenCalled();
  });

  it('cancelled while it waits to try again: ends at once, no further try', async () => {
    const start = vi.fn(async () => {
      throw new Error('weg');
    });
    const started = startWithRetry({
      start,
      firstDelayMs: 0,
      retryDelayMs: () => 60_000,
      onFailure: () => {},
      ...NO_LIMIT,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    started.cancel();
    await expect(started.result).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('cancelled during a try that then succeeds: gives what it started, so that the caller can stop it', async () => {
    let finish!: (v: string) => void;
    const started = startWithRetry({
      start: () => new Promise<string>((resolve) => (finish = resolve)),
      firstDelayMs: 0,
      retryDelayMs: () => 100,
      onFailure: () => {},
      ...NO_LIMIT,
    });
    await vi.advanceTimersByTimeAsync(0);
    started.cancel();
    finish('worker');
    await expect(started.result).resolves.toBe('worker');
  });

  it('a try that neither succeeds nor fails in time counts as failed: aborted, the next one runs, and a late success is stopped', async () => {
    const signals: AbortSignal[] = [];
    const finishers: ((v: string) => void)[] = [];
    const discarded: string[] = [];
    const failures: unknown[] = [];
    const started = startWithRetry({
      start: (signal) => {
        signals.push(signal);
        // The first try hangs (until the test ends it); the second succeeds.
        if (signals.length === 1) return new Promise<string>((resolve) => finishers.push(resolve));
        return Promise.resolve('second');
      },
      firstDelayMs: 0,
      retryDelayMs: () => 500,
      attemptTimeoutMs: 30_000,
      discard: async (late) => {
        discarded.push(late);
      },
      onFailure: (err) => failures.push(err),
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(AttemptTimedOut);
    expect(signals[0]!.reason).toBe(failures[0]);
    await vi.advanceTimersByTimeAsync(500);
    await expect(started.result).resolves.toBe('second');
    expect(signals).toHaveLength(2);
    // The hung try succeeds after all: what it started is handed back to be stopped.
    expect(discarded).toEqual([]);
    finishers[0]!('first, late');
    await vi.advanceTimersByTimeAsync(0);
    expect(discarded).toEqual(['first, late']);
  });

  it('a try that ends in time is not aborted afterwards', async () => {
    let signal: AbortSignal | undefined;
    const started = startWithRetry({
      start: async (s) => {
        signal = s;
        return 'worker';
      },
      firstDelayMs: 0,
      retryDelayMs: () => 100,
      onFailure: () => {},
      attemptTimeoutMs: 1000,
      discard: async () => {
        throw new Error('nothing to discard');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    await expect(started.result).resolves.toBe('worker');
    await vi.advanceTimersByTimeAsync(5000);
    expect(signal?.aborted).toBe(false);
  });

  it('cancelled during a try that fails: no further try', async () => {
    let fail!: (e: Error) => void;
    const start = vi.fn(() => new Promise<string>((_, reject) => (fail = reject)));
    const started = startWithRetry({
      start,
      firstDelayMs: 0,
      retryDelayMs: () => 100,
      onFailure: () => {},
      ...NO_LIMIT,
    });
    await vi.advanceTimersByTimeAsync(0);
    started.cancel();
    fail(new Error('weg'));
    await expect(started.result).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

it('doublingUpTo15s: 1, 2, 4, 8 s, then 15 s', () => {
  expect([1, 2, 3, 4, 5, 6, 20].map(doublingUpTo15s)).toEqual([
    1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
  ]);
});
