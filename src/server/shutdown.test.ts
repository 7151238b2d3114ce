import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHUTDOWN_LIMIT_MS, shutdownOnSignal } from './shutdown';

function harness(close: () => Promise<void>) {
  const exits: number[] = [];
  const errors: string[] = [];
  const log = { info: vi.fn(), error: vi.fn((...args: unknown[]) => errors.push(String(args.at(-1)))) };
  const onSignal = shutdownOnSignal({ close, log: log as never, exit: (code) => exits.push(code) });
  return { exits, errors, onSignal };
}

describe('shutdownOnSignal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes everything and exits 0', async () => {
    const close = vi.fn(async () => {});
    const { exits, onSignal } = harness(close);
    await onSignal('SIGTERM');
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([0]);
  });

  it('exits 1 with the reason in the log when closing has not ended within the limit, 1 s before Docker kills', async () => {
    expect(SHUTDOWN_LIMIT_MS).toBeLessThan(10_000);
    const { exits, errors, onSignal } = harness(() => new Promise(() => {}));
    void onSignal('SIGTERM');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_LIMIT_MS - 1);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(errors).toEqual(['Not stopped within 9 s: stopped without waiting any longer.']);
  });

  it('a second signal exits 1 at once; closing is not started twice', async () => {
    const close = vi.fn(() => new Promise<void>(() => {}));
    const { exits, onSignal } = harness(close);
    void onSignal('SIGINT');
    await onSignal('SIGINT');
    expect(exits).toEqual([1]);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('a failing close exits 1, and the cut-off does not fire later', async () => {
    const { exits, errors, onSignal } = harness(async () => {
      throw new Error('database weg');
    });
    await onSignal('SIGTERM');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_LIMIT_MS * 2);
    expect(exits).toEqual([1]);
    expect(errors).toEqual(['Stopping failed.']);
  });

  it('a close that ends in time: no cut-off afterwards', async () => {
    const { exits, onSignal } = harness(() => new Promise((resolve) => setTimeout(resolve, 5000)));
    const done = onSignal('SIGTERM');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_LIMIT_MS * 2);
    await done;
    expect(exits).toEqual([0]);
  });
});
