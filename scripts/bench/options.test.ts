import { describe, expect, it } from 'vitest';
import { OptionsError, PARTS, parseOptions } from './options';

describe('parseOptions', () => {
  it('runs every section at 10 000 and 100 000 orders by default', () => {
    expect(parseOptions([], {})).toEqual({ quick: false, sizes: [10_000, 100_000], parts: [...PARTS] });
  });

  it('--quick measures 10 000 orders only', () => {
    expect(parseOptions(['--quick'], {}).sizes).toEqual([10_000]);
  });

  it('BENCH_PARTS picks sections in report order, adding the seed a server section needs', () => {
    expect(parseOptions([], { BENCH_PARTS: 'stream,screens' }).parts).toEqual(['seed', 'screens', 'stream']);
    expect(parseOptions([], { BENCH_PARTS: 'pdf auth' }).parts).toEqual(['pdf', 'auth']);
    expect(parseOptions([], { BENCH_PARTS: 'db' }).parts).toEqual(['seed', 'screens']);
  });

  it('refuses an unknown section or flag', () => {
    expect(() => parseOptions([], { BENCH_PARTS: 'screens,nope' })).toThrow(OptionsError);
    expect(() => parseOptions(['--fast'], {})).toThrow(OptionsError);
  });
});
