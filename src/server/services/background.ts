import type { Logger } from 'pino';

/**
 * Work that must not make a request slower or different: the mails of forgot-password and the
 * public resend. Those calls answer at once, the same for every address, and their work runs here
 * after the answer has gone out (setImmediate: once the current I/O is done). A failure is logged,
 * never reported to the caller, who must not learn whether the address exists.
 */
const pending = new Set<Promise<void>>();

export function runInBackground(log: Logger, what: string, task: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => log.error({ err }, `${what} failed`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Waits until every background task (also those started meanwhile) has ended: shutdown, tests. */
export async function settleBackground(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
