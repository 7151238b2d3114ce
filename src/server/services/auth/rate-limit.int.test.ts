import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { AppError } from '../../errors';
import {
  ADDRESS_WIDE_FACTOR,
  assertAuthRateLimit,
  hitRateLimit,
  RATE_LIMIT_WINDOW_MS,
  rateLimitAddress,
} from './rate-limit';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('hitRateLimit', () => {
  const count = async (key: string, now: Date) =>
    (await hitRateLimit(database.db, key, RATE_LIMIT_WINDOW_MS, now)).count;

  it('counts within a window and starts again once it has passed', async () => {
    const t0 = new Date('2030-01-01T10:00:00Z');
    const key = `test:${crypto.randomUUID()}`;
    expect(await count(key, t0)).toBe(1);
    expect(await count(key, new Date(t0.getTime() + 60_000))).toBe(2);
    expect(await count(key, new Date(t0.getTime() + RATE_LIMIT_WINDOW_MS - 1))).toBe(3);
    // The window started at t0; at t0 + 15 min it is over.
    expect(await count(key, new Date(t0.getTime() + RATE_LIMIT_WINDOW_MS))).toBe(1);
  });

  it('says how many whole seconds are left of the window', async () => {
    const t0 = new Date('2030-01-01T10:00:00Z');
    const key = `test:${crypto.randomUUID()}`;
    const at = (ms: number) =>
      hitRateLimit(database.db, key, RATE_LIMIT_WINDOW_MS, new Date(t0.getTime() + ms));
    expect((await at(0)).retryAfterSeconds).toBe(900);
    expect((await at(60_500)).retryAfterSeconds).toBe(840);
    expect((await at(RATE_LIMIT_WINDOW_MS - 1)).retryAfterSeconds).toBe(1);
  });

  it('loses no count when many requests arrive at once', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(database.db, key, RATE_LIMIT_WINDOW_MS, new Date())),
    );
    const counts = hits.map((h) => h.count);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('assertAuthRateLimit', () => {
  it('allows `limit` calls per IP, then 429; a new window allows again', async () => {
    const ip = `ip-${crypto.randomUUID()}`;
    const t0 = new Date('2030-02-01T10:00:00Z');
    for (let i = 0; i < 3; i++)
      await assertAuthRateLimit(database.db, { action: 'login', ip, limit: 3, now: t0 });
    const err = await rejectionOf(
      assertAuthRateLimit(database.db, { action: 'login', ip, limit: 3, now: t0 }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).headers).toEqual({ 'Retry-After': '900' });
    // Another action has its own budget.
    await assertAuthRateLimit(database.db, { action: 'register', ip, limit: 3, now: t0 });
    const later = new Date(t0.getTime() + RATE_LIMIT_WINDOW_MS + 1);
    await assertAuthRateLimit(database.db, { action: 'login', ip, limit: 3, now: later });
  });

  it('limits an address from one IP at `limit`, case-insensitively', async () => {
    const email = `${crypto.randomUUID()}@voorbeeld.nl`;
    await assertAuthRateLimit(database.db, {
      action: 'forgot-password',
      ip: 'a',
      email,
      limit: 2,
      now: new Date(),
    });
    await assertAuthRateLimit(database.db, {
      action: 'forgot-password',
      ip: 'a',
      email: email.toUpperCase(),
      limit: 2,
      now: new Date(),
    });
    const err = await rejectionOf(
      assertAuthRateLimit(database.db, {
        action: 'forgot-password',
        ip: 'a',
        email,
        limit: 2,
        now: new Date(),
      }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
  });

  it('a stranger spending an address’s budget does not lock its owner out', async () => {
    const email = `${crypto.randomUUID()}@voorbeeld.nl`;
    const attacker = '198.51.100.66';
    for (let i = 0; i < 2; i++)
      await assertAuthRateLimit(database.db, {
        action: 'login',
        ip: attacker,
        email,
        limit: 2,
        now: new Date(),
      });
    expect(
      (
        await rejectionOf(
          assertAuthRateLimit(database.db, {
            action: 'login',
            ip: attacker,
            email,
            limit: 2,
            now: new Date(),
          }),
        )
      ).code,
    ).toBe('TOO_MANY_REQUESTS');
    // The owner, from their own connection, still gets in.
    await assertAuthRateLimit(database.db, {
      action: 'login',
      ip: '203.0.113.5',
      email,
      limit: 2,
      now: new Date(),
    });
  });

  it('an address tried from many IPs is stopped at ADDRESS_WIDE_FACTOR × limit', async () => {
    const email = `${crypto.randomUUID()}@voorbeeld.nl`;
    const wide = 2 * ADDRESS_WIDE_FACTOR;
    for (let i = 0; i < wide; i++)
      await assertAuthRateLimit(database.db, {
        action: 'login',
        ip: `10.9.${i}.1`,
        email,
        limit: 2,
        now: new Date(),
      });
    const err = await rejectionOf(
      assertAuthRateLimit(database.db, {
        action: 'login',
        ip: '10.9.250.1',
        email,
        limit: 2,
        now: new Date(),
      }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
  });

  it('counts IPv6 per /64, and IPv4-mapped addresses as IPv4', async () => {
    expect(rateLimitAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitAddress('192.0.2.1')).toBe('192.0.2.1');
    // Two addresses of one /64 share one budget.
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2'])
      await assertAuthRateLimit(database.db, { action: 'register', ip, limit: 2, now: new Date() });
    const err = await rejectionOf(
      assertAuthRateLimit(database.db, {
        action: 'register',
        ip: '2001:db8:5:6:ffff::9',
        limit: 2,
        now: new Date(),
      }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(Number((err as AppError).headers['Retry-After'])).toBeGreaterThan(0);
  });
});
