import { describe, expect, it } from 'vitest';
import { check, meets } from './targets';

describe('meets', () => {
  it('holds at the limit itself and not past it', () => {
    expect(meets(30, '<=', 30)).toBe(true);
    expect(meets(30.01, '<=', 30)).toBe(false);
    expect(meets(400, '>=', 400)).toBe(true);
    expect(meets(399.9, '>=', 400)).toBe(false);
  });

  it('never passes a value that was not measured', () => {
    expect(meets(null, '<=', 30)).toBe(false);
    expect(meets(Number.NaN, '<=', 30)).toBe(false);
    expect(meets(Number.POSITIVE_INFINITY, '>=', 1)).toBe(false);
  });
});

describe('check', () => {
  it('records the comparison and its outcome', () => {
    expect(check('S', 'p95', 31, '<=', 30, 'ms')).toEqual({
      section: 'S',
      name: 'p95',
      value: 31,
      op: '<=',
      limit: 30,
      unit: 'ms',
      pass: false,
    });
    expect(check('S', 'req/s', 500, '>=', 400, 'req/s').pass).toBe(true);
  });
});
