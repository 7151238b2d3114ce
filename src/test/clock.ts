/**
 * A clock a test moves by hand (AppDeps.now): expiries and rate-limit windows are crossed in an
 * instant, without sleeping and without faking the timers of the whole process.
 */
export type TestClock = {
  /** For AppDeps.now. */
  now: () => Date;
  set: (instant: Date | number) => void;
  advance: (ms: number) => void;
};

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function createTestClock(start: Date | number): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
