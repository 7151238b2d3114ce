import { describe, expect, it } from 'vitest';
import { A4_HEIGHT_PX, A4_WIDTH_PX, previewScale } from './preview-scale';

describe('previewScale', () => {
  it('is A4 at 96 pixels per inch', () => {
    expect(A4_WIDTH_PX).toBeCloseTo(793.7, 1);
    expect(A4_HEIGHT_PX / A4_WIDTH_PX).toBeCloseTo(297 / 210, 6);
  });

  it('shrinks the sheet to the width there is', () => {
    expect(previewScale(A4_WIDTH_PX / 2)).toBeCloseTo(0.5, 6);
    expect(previewScale(300, 600)).toBe(0.5);
  });

  it('never enlarges it', () => {
    expect(previewScale(2000)).toBe(1);
  });

  it('is 0 while there is no width (hidden tab) or no sheet', () => {
    expect(previewScale(0)).toBe(0);
    expect(previewScale(Number.NaN)).toBe(0);
    expect(previewScale(300, 0)).toBe(0);
  });
});
