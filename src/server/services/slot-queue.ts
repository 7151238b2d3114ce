/** Thrown by a full queue; the printer turns it into its Dutch 503. Used by the PDF printer, the password hashing and the sign-ins. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

export type SlotQueue<S> = {
  /** Runs `task` with a free slot; waits in line when all are taken, or throws QueueFullError at once. */
  use<T>(task: (slot: S) => Promise<T>): Promise<T>;
  /** Turns every waiting task away with `err` (on close). */
  rejectWaiting(err: Error): void;
  readonly active: number;
  readonly waiting: number;
};

/**
 * A fixed set of slots (one per warm page) handed out in arrival order, with at most `limit` tasks
 * waiting, so that a burst is answered "busy" instead of piling up memory and time-outs.
 */
export function createSlotQueue<S>(slots: readonly S[], limit: number): SlotQueue<S> {
  const free = [...slots];
  const line: { resolve: (slot: S) => void; reject: (err: Error) => void }[] = [];

  const release = (slot: S) => {
    const next = line.shift();
    if (next) next.resolve(slot);
    else free.unshift(slot); // the page used last is the warmest: sequential documents keep to one page
  };

  const acquire = (): Promise<S> => {
    const slot = free.shift();
    if (slot !== undefined) return Promise.resolve(slot);
    if (line.length >= limit) return Promise.reject(new QueueFullError(`queue full (${limit} waiting)`));
    return new Promise((resolve, reject) => line.push({ resolve, reject }));
  };

  return {
    async use(task) {
      const slot = await acquire();
      try {
        return await task(slot);
      } finally {
        release(slot);
      }
    },
    rejectWaiting(err) {
      for (const waiter of line.splice(0)) waiter.reject(err);
    },
    get active() {
      return slots.length - free.length;
    },
    get waiting() {
      return line.length;
    },
  };
}
