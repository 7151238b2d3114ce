import { describe, expect, it } from 'vitest';
import { axisLabel, chartScale } from './revenue-chart-scale';

describe('chartScale', () => {
  it('steps in round amounts from zero to just above the largest month', () => {
    expect(chartScale(1_234_56)).toEqual({ maxCents: 1_500_00, ticks: [0, 50_000, 100_000, 150_000] });
    expect(chartScale(11_001)).toEqual({ maxCents: 15_000, ticks: [0, 5_000, 10_000, 15_000] });
    expect(chartScale(4_000_000_00).ticks).toEqual([
      0, 1_000_000_00, 2_000_000_00, 3_000_000_00, 4_000_000_00,
    ]);
  });
  it('gives an empty year an axis, and never a step below one euro', () => {
    expect(chartScale(0)).toEqual({ maxCents: 10_000, ticks: [0, 2_500, 5_000, 7_500, 10_000] });
    expect(chartScale(150).ticks).toEqual([0, 100, 200]);
  });
  it('labels whole euros in Dutch', () => {
    expect(axisLabel(150_000)).toBe('€\u00a01.500');
  });
});
