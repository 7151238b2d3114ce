import { describe, expect, it } from 'vitest';
import { OptionsError, PARTS, parseOptions } from './options';

describe('parseOptions', () => {
  it('runs every section at 10 000 and 100 000 orders by default', () => {
    expect(parseOptions([], {})).toEqual({
      quick: false,
      sizes: [10_000, 100_000],
      parts: [...PARTS],
      soakMinutes: 15,
    });
    expect(PARTS).toContain('soak');
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
  });

  it('refuses an unknown section or flag', () => {
    expect(() => parseOptions([], { BENCH_PARTS: 'screens,nope' })).toThrow(OptionsError);
    expect(() => parseOptions(['--fast'], {})).toThrow(OptionsError);
  });
});
