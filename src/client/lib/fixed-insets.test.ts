import { describe, expect, it } from 'vitest';
import { insetsFrom } from './fixed-insets';

describe('insetsFrom', () => {
  it('covers the top bar at the top and the higher of the stacked bottom bars at the bottom', () => {
    expect(
      insetsFrom(
        [
          { edge: 'top', top: 0, bottom: 56, height: 56 },
          { edge: 'bottom', top: 752, bottom: 812, height: 60 },
          { edge: 'bottom', top: 686, bottom: 752, height: 66 },
        ],
        812,
      ),
    ).toEqual({ top: 56, bottom: 126 });
  });

  it('leaves out hidden bars and a top bar that slid away', () => {
    expect(
      insetsFrom(
        [
          { edge: 'top', top: -56, bottom: 0, height: 56 },
          { edge: 'bottom', top: 0, bottom: 0, height: 0 },
        ],
        812,
      ),
    ).toEqual({ top: 0, bottom: 0 });
  });

  it('is nothing without bars (a desktop)', () => {
    expect(insetsFrom([], 800)).toEqual({ top: 0, bottom: 0 });
  });
});
