import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rateLimits } from '../../../db/schema';
import { AppError } from '../../errors';

export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;
export const RATE_LIMIT_MESSAGE = 'Te veel pogingen. Probeer het over enkele minuten opnieuw.';

/** The calls that are limited; the two resend calls share one budget. */
export type RateLimitedAction = 'login' | 'register' | 'forgot-password' | 'resend-verification';

export type RateLimitHit = {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1): the 429's Retry-After. */
  retryAfterSeconds: number;
};

/** The 429 of a spent budget; Retry-After says when the window ends. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    RATE_LIMIT_MESSAGE,
    {},
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );

/**
 * Counts one attempt against `key` in a fixed window and returns the count so far, in one atomic
 * statement, so concurrent requests and several server processes on one database count correctly.
 * A window that has passed starts again at 1.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  windowMs = RATE_LIMIT_WINDOW_MS,
  now = new Date(),
): Promise<RateLimitHit> {
  const windowStartedBefore = new Date(now.getTime() - windowMs);
  const expired = sql`${rateLimits.windowStart} <= ${windowStartedBefore.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const windowStart = row?.windowStart ?? now;
  const leftMs = windowStart.getTime() + windowMs - now.getTime();
  return { count: row?.count ?? 1, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
}

export type AuthRateLimitInput = {
  action: RateLimitedAction;
  ip: string;
  /** The address the call is about (lower-cased), when it names one. */
  email?: string | undefined;
  limit: number;
  now?: Date;
};

/**
 * Every attempt counts, successful or not: `limit` calls per IP and per address in 15 minutes, then
 * 429 until the window has passed.
 */
export async function assertAuthRateLimit(db: DbOrTx, input: AuthRateLimitInput): Promise<void> {
  const now = input.now ?? new Date();
  const keys = [`${input.action}:ip:${input.ip}`];
  if (input.email) keys.push(`${input.action}:email:${input.email.toLowerCase()}`);
  // Seconds until every spent budget has a new window; 0 while none is spent.
  let retryAfter = 0;
  for (const key of keys) {
    const hit = await hitRateLimit(db, key, RATE_LIMIT_WINDOW_MS, now);
    if (hit.count > input.limit) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
  }
  // Now and then, forget windows that ended long ago so the table stays small.
  if (Math.random() < 0.01) await pruneRateLimits(db, now);
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
}

export async function pruneRateLimits(db: DbOrTx, now = new Date()): Promise<void> {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_WINDOW_MS)));
}
