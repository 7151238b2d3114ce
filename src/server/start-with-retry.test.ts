import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doublingUpTo15s, startWithRetry } from './start-with-retry';

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
    });
    await vi.advanceTimersByTimeAsync(0);
    started.cancel();
    finish('worker');
    await expect(started.result).resolves.toBe('worker');
  });

  it('cancelled during a try that fails: no further try', async () => {
    let fail!: (e: Error) => void;
    const start = vi.fn(() => new Promise<string>((_, reject) => (fail = reject)));
    const started = startWithRetry({ start, firstDelayMs: 0, retryDelayMs: () => 100, onFailure: () => {} });
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
