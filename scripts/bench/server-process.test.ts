import { describe, expect, it } from 'vitest';
import { trpcQueryPath } from './http-client';
import { parseChildren, parseVmRss, serverEnvironment } from './server-process';

describe('/proc parsing', () => {
  it('reads the children list', () => {
    expect(parseChildren('1234 5678 \n')).toEqual([1234, 5678]);
    expect(parseChildren('')).toEqual([]);
  });

  it('reads VmRSS in bytes', () => {
    expect(parseVmRss('Name:\tnode\nVmRSS:\t  204800 kB\nThreads: 11\n')).toBe(204800 * 1024);
    expect(parseVmRss('Name:\tnode\n')).toBeNaN();
  });
});

describe('serverEnvironment', () => {
  it('points the server at exactly one database and lifts the sign-in limit', () => {
    const pg = serverEnvironment(4501, { databaseUrl: 'postgres://x/y' });
    expect(pg.DATABASE_URL).toBe('postgres://x/y');
    expect(pg.DATA_DIR).toBeUndefined();
    expect(pg.PORT).toBe('4501');
    expect(Number(pg.RATE_LIMIT_AUTH)).toBeGreaterThanOrEqual(100_000);
    const lite = serverEnvironment(4502, { dataDir: '/tmp/x' });
    expect(lite.DATABASE_URL).toBeUndefined();
    expect(lite.DATA_DIR).toBe('/tmp/x');
  });
});

describe('trpcQueryPath', () => {
  it('builds the GET httpBatchLink sends for one query', () => {
    const path = trpcQueryPath('orders.page', { page: 1 });
    expect(path.startsWith('/trpc/orders.page?batch=1&input=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(path.split('input=')[1]!))).toEqual({ 0: { page: 1 } });
  });
});
