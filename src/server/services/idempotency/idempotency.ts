import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '../../../shared/schemas/idempotency';
import { AppError } from '../../errors';

/**
 * `Idempotency-Key` on the calls that create something or send something (issue 13): a client that
 * retries after a timeout must not get a second order, a second customer or a second e-mail.
 *
 * The first request with a key claims it with an insert (the primary key lets only one claim win, also
 * across processes), does the work and keeps its answer. A repeat within 24 hours with the same input
 * gets that answer back; with other input it is refused (422); while the first is still at work the
 * repeat waits for it. A failed first attempt gives the key back, so a retry does the work (a refused
 * e-mail may be sent again once the mail server is back).
 */

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const KEY_REUSED_MESSAGE =
  'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Gebruik een nieuwe sleutel voor een nieuw verzoek.';
export const KEY_BUSY_MESSAGE =
  'Een eerder verzoek met deze Idempotency-Key wordt nog verwerkt. Probeer het over enkele seconden opnieuw.';

export type IdempotencyTiming = {
  /** How long a repeat waits for the first request to finish before it answers 409. */
  waitMs: number;
  /** How often a waiting repeat looks again. */
  pollMs: number;
  /**
   * A claim older than this whose request never finished (its process died) may be taken over, or the
   * key would answer 409 for a whole day.
   */
  staleMs: number;
};

const DEFAULT_TIMING: IdempotencyTiming = { waitMs: 30_000, pollMs: 50, staleMs: 120_000 };

export type IdempotentCall = {
  userId: string;
  /** The header's value; no header means no idempotency. */
  key: string | undefined;
  /** Which call, e.g. 'orders.create': one key used on two calls is two different requests. */
  operation: string;
  /** The validated input (path parameters included): what "the same body" is compared on. */
  input: unknown;
};

/** JSON with the keys of every object sorted, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const requestHash = (operation: string, input: unknown) =>
  createHash('sha256')
    .update(`${operation}\n${canonicalJson(input ?? null)}`)
    .digest('hex');

export async function runIdempotent<T>(
  db: DbOrTx,
  call: IdempotentCall,
  work: () => Promise<T>,
  timing: Partial<IdempotencyTiming> = {},
): Promise<T> {
  if (call.key === undefined) return work();
  const parsedKey = idempotencyKeySchema.safeParse(call.key);
  if (!parsedKey.success) {
    throw new AppError('BAD_REQUEST', IDEMPOTENCY_KEY_MESSAGE, {
      details: { 'Idempotency-Key': IDEMPOTENCY_KEY_MESSAGE },
    });
  }
  const key = parsedKey.data;
  const { waitMs, pollMs, staleMs } = { ...DEFAULT_TIMING, ...timing };
  const hash = requestHash(call.operation, call.input);
  const thisKey = and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, key));
  const deadline = Date.now() + waitMs;

  // A key older than the window is forgotten: the same key is then a new request. The account's other
  // old keys go with it, so the table holds about a day of keys per account.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, call.userId),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_MS / 1000})`),
      ),
    );

  for (;;) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId: call.userId, key, operation: call.operation, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return doClaimedWork(db, thisKey, work);

    const [row] = await db
      .select({
        operation: idempotencyKeys.operation,
        requestHash: idempotencyKeys.requestHash,
        state: idempotencyKeys.state,
        response: idempotencyKeys.response,
        ageMs: sql<number>`(extract(epoch from now() - ${idempotencyKeys.createdAt}) * 1000)::float8`,
      })
      .from(idempotencyKeys)
      .where(thisKey);
    if (!row) continue; // the first attempt failed and gave the key back: claim it now
    if (row.operation !== call.operation || row.requestHash !== hash) {
      throw new AppError('UNPROCESSABLE_CONTENT', KEY_REUSED_MESSAGE);
    }
    if (row.state === 'done') return JSON.parse(row.response ?? 'null') as T;

    if (Number(row.ageMs) > staleMs) {
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            thisKey,
            eq(idempotencyKeys.state, 'pending'),
            sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleMs / 1000})`,
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken) return doClaimedWork(db, thisKey, work);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new AppError('CONFLICT', KEY_BUSY_MESSAGE, {}, { headers: { 'Retry-After': '1' } });
    }
    await sleep(pollMs);
  }
}

async function doClaimedWork<T>(
  db: DbOrTx,
  thisKey: ReturnType<typeof and>,
  work: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await db.delete(idempotencyKeys).where(thisKey);
    throw err;
  }
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', response: JSON.stringify(result ?? null) })
    .where(thisKey);
  return result;
}

/** The call as a procedure sees it: who, which key, which input. */
export const idempotentCall = (
  ctx: { user: { id: string }; idempotencyKey: string | undefined },
  operation: string,
  input: unknown,
): IdempotentCall => ({ userId: ctx.user.id, key: ctx.idempotencyKey, operation, input });
