import { describe, expect, it } from 'vitest';
import { check, meets, spreadAroundMedian, TARGETS } from './targets';

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

describe('spreadAroundMedian', () => {
  it('leaves the warm-up out and measures the largest step away from the median, in percent', () => {
    // Median of [100, 104, 96, 110] is 102; 110 is 7.84 % above it.
    expect(spreadAroundMedian([10, 500, 100, 104, 96, 110], 2)).toBeCloseTo((8 / 102) * 100, 6);
    expect(spreadAroundMedian([100, 100, 100], 0)).toBe(0);
  });

  it('sees a steady climb that a median alone would hide', () => {
    // RSS climbing from 200 to 400 MB over the run: the ends are a third away from the median of 300.
    const climbing = [150, 180, 200, 250, 300, 350, 400];
    expect(spreadAroundMedian(climbing, 2)).toBeCloseTo((100 / 300) * 100, 6);
    expect(meets(spreadAroundMedian(climbing, 2), '<=', TARGETS.soakFlatPercent)).toBe(false);
  });

  it('never reads as flat when too little or nothing usable was measured', () => {
    expect(spreadAroundMedian([100, 100, 100], 2)).toBeNaN();
    expect(spreadAroundMedian([1, 1, 100, Number.NaN, 100], 2)).toBeNaN();
    expect(spreadAroundMedian([1, 1, 0, 0, 0], 2)).toBeNaN();
    expect(meets(spreadAroundMedian([], 2), '<=', TARGETS.soakFlatPercent)).toBe(false);
  });
});
