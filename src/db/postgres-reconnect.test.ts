import { describe, expect, it } from 'vitest';
import { reconnectDelaySeconds } from './postgres-reconnect';

describe('reconnectDelaySeconds', () => {
  it('doubles from 0.1 s and never waits more than a second (postgres.js by itself: up to 20 s)', () => {
    expect([1, 2, 3, 4, 5].map((n) => reconnectDelaySeconds(n, 1))).toEqual([0.1, 0.2, 0.4, 0.8, 1]);
    expect(reconnectDelaySeconds(50, 1)).toBe(1);
    expect(reconnectDelaySeconds(0, 1)).toBe(0.1);
  });

  it('spreads the attempts: half to all of the pause', () => {
    expect(reconnectDelaySeconds(50, 0)).toBe(0.5);
    expect(reconnectDelaySeconds(3, 0.5)).toBeCloseTo(0.3);
  });
});
