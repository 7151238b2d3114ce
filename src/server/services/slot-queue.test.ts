import { describe, expect, it } from 'vitest';
import { createSlotQueue, QueueFullError } from './slot-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('createSlotQueue', () => {
  it('runs as many tasks as there are slots, each with its own slot, the rest in arrival order', async () => {
    const queue = createSlotQueue(['a', 'b'], 10);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const order: string[] = [];
    const runs = gates.map((gate, i) =>
      queue.use(async (slot) => {
        order.push(`${i}:${slot}`);
        await gate.promise;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual(['0:a', '1:b']);
    expect([queue.active, queue.waiting]).toEqual([2, 2]);
    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual(['0:a', '1:b', '2:b']);
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
    expect(order).toEqual(['0:a', '1:b', '2:b', '3:a']);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('hands sequential tasks the slot used last', async () => {
    const queue = createSlotQueue(['a', 'b'], 0);
    const used: string[] = [];
    for (let i = 0; i < 3; i++) await queue.use(async (slot) => used.push(slot));
    expect(used).toEqual(['a', 'a', 'a']);
  });

  it('turns a task away at once when the line is full', async () => {
    const queue = createSlotQueue(['a'], 1);
    const gate = deferred();
    const first = queue.use(() => gate.promise);
    const second = queue.use(async () => 'second');
    await expect(queue.use(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    gate.resolve();
    await first;
    await expect(second).resolves.toBe('second');
  });

  it('frees the slot when a task throws', async () => {
    const queue = createSlotQueue(['a'], 0);
    await expect(queue.use(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.use(async (slot) => slot)).resolves.toBe('a');
  });

  it('rejects the waiting tasks on request, leaving the running one alone', async () => {
    const queue = createSlotQueue(['a'], 5);
    const gate = deferred();
    const running = queue.use(async () => {
      await gate.promise;
      return 'done';
    });
    const waiting = queue.use(async () => 'never');
    queue.rejectWaiting(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    gate.resolve();
    await expect(running).resolves.toBe('done');
  });
});
