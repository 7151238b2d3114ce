import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AnyColumn, and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '../../../shared/schemas/idempotency';
import { AppError } from '../../errors';

/**
 * `Idempotency-Key` on the calls that create something or send something: a client that retries
 * after a timeout must not get a second order, a second customer or a second e-mail.
 *
 * The first request with a key claims it with an insert (the primary key lets only one claim win, also
 * across processes), does the work and keeps its answer. A repeat within 24 hours with the same input
 * gets that answer back; with other input it is refused (422); while the first is still at work the
 * repeat waits for it. A failed first attempt gives the key back, so a retry does the work (a refused
 * e-mail may be sent again once the mail server is back).
 *
 * Two ways to hold a claim:
 * - A create (runIdempotentInTransaction) claims, works and completes in one database transaction:
 *   the key is done exactly when the order or customer exists, whatever breaks in between.
 * - A send (runIdempotent) talks to a mail server, which no transaction covers: its claim is
 *   committed first, renewed while the work runs (a heartbeat in the database, so every process sees
 *   it), and completed afterwards. Only a claim whose holder stopped renewing it for the stale age (its
 *   process died) may be taken over; a slow send never is.
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
   * A pending claim not renewed for this long belongs to a request that is gone (its process died): it
   * may be taken over, or the key would answer 409 for a whole day.
   */
  staleMs: number;
  /** How often a request renews its claim while it works: many times within staleMs. */
  heartbeatMs: number;
};

export const IDEMPOTENCY_TIMING: IdempotencyTiming = {
  waitMs: 30_000,
  pollMs: 50,
  staleMs: 120_000,
  heartbeatMs: 10_000,
};

export type IdempotentCall = {
  organizationId: string;
  /** The header's value; no header means no idempotency. */
  key: string | undefined;
  /** Which call, e.g. 'orders.create': one key used on two calls is two different requests. */
  operation: string;
  /** The validated input (path parameters included): what "the same body" is compared on. */
  input: unknown;
  /** The request's time (AppDeps.now): the 24-hour window is counted on the app's clock. */
  now: Date;
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

/** One key of one account, as a request claims it. */
type Claim = { organizationId: string; key: string; operation: string; hash: string; row: SQL; now: Date };

function claimOf(call: IdempotentCall & { key: string }): Claim {
  const parsedKey = idempotencyKeySchema.safeParse(call.key);
  if (!parsedKey.success) {
    throw new AppError('BAD_REQUEST', IDEMPOTENCY_KEY_MESSAGE, {
      details: { 'Idempotency-Key': IDEMPOTENCY_KEY_MESSAGE },
    });
  }
  const key = parsedKey.data;
  return {
    organizationId: call.organizationId,
    key,
    operation: call.operation,
    hash: requestHash(call.operation, call.input),
    row: and(eq(idempotencyKeys.organizationId, call.organizationId), eq(idempotencyKeys.key, key)) as SQL,
    now: call.now,
  };
}

const keyBusy = () => new AppError('CONFLICT', KEY_BUSY_MESSAGE, {}, { headers: { 'Retry-After': '1' } });

/**
 * A claim's liveness: its heartbeat is written and judged on the database's clock, the one clock all
 * server processes share. It measures elapsed time between beats, not a time of day, so the app's
 * clock (which a test may hold still) does not decide it.
 */
const notRenewedFor = (column: AnyColumn, ms: number) =>
  sql`${column} < now() - make_interval(secs => ${ms / 1000})`;

/**
 * A key older than the window (on the app's clock, as it was stamped) is forgotten: the same key is
 * then a new request. The account's other old keys go with it, so the table holds about a day of keys
 * per account.
 */
async function forgetExpiredKeys(db: DbOrTx, organizationId: string, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
      ),
    );
}

/** Every account's keys older than the window (the scheduled clean-up): accounts that never come back too. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/** What a request finds when it tries to claim its key. */
type Found =
  /** The key is this request's now: do the work. */
  | { kind: 'claimed' }
  /** An earlier request with this key is done: its answer. */
  | { kind: 'answered'; response: string | null }
  /** An earlier request with this key is still at work. */
  | { kind: 'busy' }
  /** The earlier request gave the key back meanwhile: try to claim it again. */
  | { kind: 'released' };

async function claimOrLook(db: DbOrTx, claim: Claim, staleMs: number): Promise<Found> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      organizationId: claim.organizationId,
      key: claim.key,
      operation: claim.operation,
      requestHash: claim.hash,
      createdAt: claim.now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return { kind: 'claimed' };

  const [row] = await db
    .select({
      operation: idempotencyKeys.operation,
      requestHash: idempotencyKeys.requestHash,
      state: idempotencyKeys.state,
      response: idempotencyKeys.response,
      abandoned: sql<boolean>`${notRenewedFor(idempotencyKeys.heartbeatAt, staleMs)}`,
    })
    .from(idempotencyKeys)
    .where(claim.row);
  if (!row) return { kind: 'released' };
  if (row.operation !== claim.operation || row.requestHash !== claim.hash) {
    throw new AppError('UNPROCESSABLE_CONTENT', KEY_REUSED_MESSAGE);
  }
  if (row.state === 'done') return { kind: 'answered', response: row.response };
  if (!row.abandoned) return { kind: 'busy' };

  // Its holder stopped renewing it: take it over, unless another repeat or a late beat came first.
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ createdAt: claim.now, heartbeatAt: sql`now()` })
    .where(
      and(
        claim.row,
        eq(idempotencyKeys.state, 'pending'),
        notRenewedFor(idempotencyKeys.heartbeatAt, staleMs),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken ? { kind: 'claimed' } : { kind: 'released' };
}

const answerOf = <T>(response: string | null): T => JSON.parse(response ?? 'null') as T;

/**
 * For work that is not one database transaction (a send: the mail server is outside it). The claim is
 * committed before the work starts and renewed while it runs; see the module comment.
 */
export async function runIdempotent<T>(
  db: DbOrTx,
  call: IdempotentCall,
  work: () => Promise<T>,
  timing: Partial<IdempotencyTiming> = {},
): Promise<T> {
  if (call.key === undefined) return work();
  const claim = claimOf({ ...call, key: call.key });
  const { waitMs, pollMs, staleMs, heartbeatMs } = { ...IDEMPOTENCY_TIMING, ...timing };
  // How long this request may wait for another: elapsed process time, not the app's time of day.
  const deadline = Date.now() + waitMs;
  await forgetExpiredKeys(db, claim.organizationId, claim.now);

  for (;;) {
    const found = await claimOrLook(db, claim, staleMs);
    if (found.kind === 'claimed') return workWhileClaimed(db, claim, work, heartbeatMs);
    if (found.kind === 'answered') return answerOf<T>(found.response);
    if (found.kind === 'released') continue;
    if (Date.now() >= deadline) throw keyBusy();
    await sleep(pollMs);
  }
}

async function workWhileClaimed<T>(
  db: DbOrTx,
  claim: Claim,
  work: () => Promise<T>,
  heartbeatMs: number,
): Promise<T> {
  const heartbeat = keepClaimAlive(db, claim, heartbeatMs);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await heartbeat.stop();
    await db.delete(idempotencyKeys).where(claim.row);
    throw err;
  }
  await heartbeat.stop();
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', response: JSON.stringify(result ?? null) })
    .where(claim.row);
  return result;
}

/**
 * Renews the claim's heartbeat every `everyMs` until stopped. A beat that fails (the database away for
 * a moment) is made up by the next: the claim goes stale only after many missed beats. One beat at a
 * time, and `stop` waits for the one under way, so none runs after the request has ended.
 */
function keepClaimAlive(db: DbOrTx, claim: Claim, everyMs: number): { stop: () => Promise<void> } {
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(beat, everyMs);
    // The work itself keeps the process busy; a pending beat alone should not.
    timer.unref();
  };
  const beat = () => {
    beating = db
      .update(idempotencyKeys)
      .set({ heartbeatAt: sql`now()` })
      .where(and(claim.row, eq(idempotencyKeys.state, 'pending')))
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        if (!stopped) schedule();
      });
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await beating;
    },
  };
}

/** PostgreSQL's lock_not_available: a lock_timeout ran out (drizzle passes the driver's error as cause). */
function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '55P03') return true;
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}

/**
 * For a create: the claim, the work (given the transaction, which it must use for every statement) and
 * the completion commit together or not at all. A connection lost anywhere in between leaves neither an
 * object nor a claim, so the retry with the same key creates it once.
 *
 * A concurrent repeat's insert waits on the uncommitted claim (the primary key) until the first commits
 * (then it finds the answer) or rolls back (then it claims); the wait is capped at `waitMs` by a
 * lock_timeout on that insert alone. On PGlite transactions run one after another, so there the repeat
 * simply finds the answer.
 */
export async function runIdempotentInTransaction<T>(
  db: Db,
  call: IdempotentCall,
  work: (tx: DbOrTx) => Promise<T>,
  timing: Partial<IdempotencyTiming> = {},
): Promise<T> {
  if (call.key === undefined) return work(db);
  const claim = claimOf({ ...call, key: call.key });
  const { waitMs, pollMs, staleMs } = { ...IDEMPOTENCY_TIMING, ...timing };
  // How long this request may wait for another: elapsed process time, not the app's time of day.
  const deadline = Date.now() + waitMs;
  await forgetExpiredKeys(db, claim.organizationId, claim.now);

  for (;;) {
    const outcome = await db.transaction(async (tx): Promise<Found | { kind: 'done'; result: T }> => {
      const wait = Math.max(1, deadline - Date.now());
      await tx.execute(sql`select set_config('lock_timeout', ${`${Math.ceil(wait)}ms`}, true)`);
      let found: Found;
      try {
        found = await claimOrLook(tx, claim, staleMs);
      } catch (err) {
        if (isLockTimeout(err)) throw keyBusy();
        throw err;
      }
      await tx.execute(sql`set local lock_timeout to default`);
      if (found.kind !== 'claimed') return found;
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ state: 'done', response: JSON.stringify(result ?? null) })
        .where(claim.row);
      return { kind: 'done', result };
    });
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.kind === 'answered') return answerOf<T>(outcome.response);
    if (outcome.kind === 'released') continue;
    // A pending claim of the same create committed on its own: written by a process of an older version.
    if (Date.now() >= deadline) throw keyBusy();
    await sleep(pollMs);
  }
}

/** The call as a procedure sees it: who, which key, which input. */
export const idempotentCall = (
  ctx: { tenant: { organizationId: string }; idempotencyKey: string | undefined; now: () => Date },
  operation: string,
  input: unknown,
): IdempotentCall => ({
  organizationId: ctx.tenant.organizationId,
  key: ctx.idempotencyKey,
  operation,
  input,
  now: ctx.now(),
});
