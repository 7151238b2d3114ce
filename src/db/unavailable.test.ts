import net from 'node:net';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

/** A loopback port nothing listens on (taken, then let go). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );

/** An error as postgres.js builds one from the server's answer: a SQLSTATE in `code`. */
const serverError = (code: string) =>
  Object.assign(new Error(`server said ${code}`), { code, query: 'select 1' });

describe('isDatabaseUnavailable', () => {
  it('a database that cannot be reached, as postgres.js and drizzle report it, also wrapped by tRPC', async () => {
    const client = postgres(`postgres://postgres@127.0.0.1:${await closedPort()}/x`, {
      max: 1,
      onnotice: () => {},
    });
    try {
      const raw = await rejectionOf(client`select 1`);
      expect(raw).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isDatabaseUnavailable(raw)).toBe(true);
      const viaDrizzle = await rejectionOf(drizzle(client).execute(sql`select 1`));
      expect(viaDrizzle).not.toHaveProperty('code');
      expect(isDatabaseUnavailable(viaDrizzle)).toBe(true);
      const viaTrpc = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: viaDrizzle as Error });
      expect(isDatabaseUnavailable(viaTrpc)).toBe(true);
    } finally {
      await client.end({ timeout: 1 });
    }
  });

  it('a pool that was ended (the server is stopping)', async () => {
    const client = postgres('postgres://postgres@127.0.0.1:1/x', { max: 1, onnotice: () => {} });
    await client.end();
    const err = await rejectionOf(client`select 1`);
    expect(err).toMatchObject({ code: 'CONNECTION_ENDED' });
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('the server going down or starting up: admin/crash shutdown, cannot connect now, connection exceptions', () => {
    for (const code of [
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '08006',
      '08001',
      'CONNECTION_CLOSED',
      'CONNECT_TIMEOUT',
    ])
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(true);
  });

  it('not a statement the database refused: those are bugs or bad input, not an outage', () => {
    for (const code of ['42601', '23505', '23503', '40001', '22P02', '57014'])
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new TRPCError({ code: 'INTERNAL_SERVER_ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it("not another service's socket error (a webhook target, a mail server)", async () => {
    const err = await rejectionOf(fetch(`http://127.0.0.1:${await closedPort()}/`));
    expect((err as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('ends on a cause chain that loops', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
