import { describe, expect, it } from 'vitest';
import { OptionsError, PARTS, parseOptions } from './options';

describe('parseOptions', () => {
  it('runs every section at 10 000 and 100 000 orders by default', () => {
    expect(parseOptions([], {})).toEqual({
      quick: false,
      sizes: [10_000, 100_000],
      parts: [...PARTS],
      soakMinutes: 15,
      orgs: { count: 1000, orders: 1_000_000, largest: 100_000 },
    });
    expect(PARTS).toContain('soak');
    expect(PARTS).toContain('orgs');
    expect(PARTS).toContain('confirm');
  });

  it('soaks 15 minutes, 4 with --quick, or BENCH_SOAK_MINUTES; never fewer than 4', () => {
    expect(parseOptions(['--quick'], {}).soakMinutes).toBe(4);
    expect(parseOptions([], { BENCH_SOAK_MINUTES: '5' }).soakMinutes).toBe(5);
    expect(() => parseOptions([], { BENCH_SOAK_MINUTES: '3' })).toThrow(OptionsError);
    expect(() => parseOptions([], { BENCH_SOAK_MINUTES: 'lang' })).toThrow(OptionsError);
  });

  it('--quick measures 10 000 orders only', () => {
    expect(parseOptions(['--quick'], {}).sizes).toEqual([10_000]);
  });

  it('BENCH_PARTS picks sections in report order, adding the seed a server section needs', () => {
    expect(parseOptions([], { BENCH_PARTS: 'stream,screens' }).parts).toEqual(['seed', 'screens', 'stream']);
    expect(parseOptions([], { BENCH_PARTS: 'pdf auth' }).parts).toEqual(['pdf', 'auth']);
    expect(parseOptions([], { BENCH_PARTS: 'db' }).parts).toEqual(['seed', 'screens']);
    expect(parseOptions([], { BENCH_PARTS: 'soak' }).parts).toEqual(['seed', 'soak']);
    expect(parseOptions([], { BENCH_PARTS: 'confirm' }).parts).toEqual(['seed', 'confirm']);
  });

  it('the many-organisations run stands alone, its sizes from BENCH_ORGS*, a tenth for the largest', () => {
    expect(parseOptions([], { BENCH_PARTS: 'orgs' }).parts).toEqual(['orgs']);
    expect(parseOptions(['--quick'], {}).orgs).toEqual({ count: 100, orders: 100_000, largest: 10_000 });
    expect(parseOptions([], { BENCH_ORGS: '50', BENCH_ORGS_ORDERS: '50000' }).orgs).toEqual({
      count: 50,
      orders: 50_000,
      largest: 5_000,
    });
    expect(
      parseOptions([], { BENCH_ORGS: '20', BENCH_ORGS_ORDERS: '2000', BENCH_ORGS_LARGEST: '500' }).orgs,
    ).toEqual({ count: 20, orders: 2000, largest: 500 });
    expect(() => parseOptions([], { BENCH_ORGS: '10' })).toThrow(OptionsError);
    expect(() => parseOptions([], { BENCH_ORGS: 'veel' })).toThrow(OptionsError);
  });

  it('refuses an unknown section or flag', () => {
    expect(() => parseOptions([], { BENCH_PARTS: 'screens,nope' })).toThrow(OptionsError);
    expect(() => parseOptions(['--fast'], {})).toThrow(OptionsError);
  });
});
