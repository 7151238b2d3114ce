import { isIPv6 } from 'node:net';
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
export const tooManyAttempts = (retryAfterSeconds: number, message = RATE_LIMIT_MESSAGE) =>
  new AppError('TOO_MANY_REQUESTS', message, {}, { headers: { 'Retry-After': String(retryAfterSeconds) } });

/**
 * Counts one attempt against `key` in a fixed window and returns the count so far, in one atomic
 * statement, so concurrent requests and several server processes on one database count correctly.
 * A window that has passed starts again at 1.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
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

/**
 * The address a per-IP budget belongs to. One IPv6 customer holds a whole /64 (often far more), so
 * counting single IPv6 addresses would give them 2^64 budgets: the /64 is the unit. An IPv4 address
 * in IPv6 form ('::ffff:1.2.3.4') is the IPv4 address.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * How many times the per-IP limit an address may be tried from everywhere together. Within one IP
 * an address has the normal budget; only a spread-out attack reaches this, so a stranger's twenty
 * wrong passwords do not lock the owner out from their own connection.
 */
export const ADDRESS_WIDE_FACTOR = 10;

/**
 * One budget: counts this attempt against `key` and refuses past `limit` with a 429 whose
 * Retry-After is what is left of the window (`message`: the caller's own wording, if it has one).
 */
export async function assertWithinRateLimit(
  db: DbOrTx,
  key: string,
  budget: { limit: number; windowMs?: number; now: Date; message?: string },
): Promise<void> {
  const hit = await hitRateLimit(db, key, budget.windowMs ?? RATE_LIMIT_WINDOW_MS, budget.now);
  if (hit.count > budget.limit) throw tooManyAttempts(hit.retryAfterSeconds, budget.message);
}

/**
 * The budgets of two-step sign-in's code checks (with `limit` RATE_LIMIT_AUTH per window, as the
 * other auth calls): per IP (per /64 for IPv6) for every second step, and per account for every code
 * checked against it — the second step, enabling and disabling alike — so that neither many
 * addresses against one account nor one address against many accounts guesses for long.
 */
export const twoFactorBudgets = {
  ip: (ip: string) => `two-factor:ip:${rateLimitAddress(ip)}`,
  account: (userId: string) => `two-factor:user:${userId}`,
  /** An unknown challenge's own budget: it costs the same statements as a known one. */
  unknownChallenge: (challengeId: string) => `two-factor:challenge:${challengeId}`,
};

export type AuthRateLimitInput = {
  action: RateLimitedAction;
  ip: string;
  /** The address the call is about (lower-cased), when it names one. */
  email?: string | undefined;
  limit: number;
  now: Date;
};

/**
 * Every attempt counts, successful or not, in 15-minute windows: `limit` calls per IP (per /64 for
 * IPv6), `limit` per address from one IP, and ADDRESS_WIDE_FACTOR × `limit` per address from all IPs
 * together; then 429 until the window has passed.
 */
export async function assertAuthRateLimit(db: DbOrTx, input: AuthRateLimitInput): Promise<void> {
  const { now } = input;
  const ip = rateLimitAddress(input.ip);
  const budgets: [key: string, limit: number][] = [[`${input.action}:ip:${ip}`, input.limit]];
  if (input.email) {
    const email = input.email.toLowerCase();
    budgets.push([`${input.action}:email-ip:${email}|${ip}`, input.limit]);
    budgets.push([`${input.action}:email:${email}`, input.limit * ADDRESS_WIDE_FACTOR]);
  }
  // Seconds until every spent budget has a new window; 0 while none is spent.
  let retryAfter = 0;
  for (const [key, limit] of budgets) {
    const hit = await hitRateLimit(db, key, RATE_LIMIT_WINDOW_MS, now);
    if (hit.count > limit) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
  }
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
}

/** Forgets windows that ended (the scheduled clean-up), so the table holds about one window of callers. */
export async function pruneRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_WINDOW_MS)))
    .returning({ key: rateLimits.key });
  return removed.length;
}
