/**
 * The bench's targets as data, and the one check that decides ✓ or ✗. A value that could not be
 * measured (null, NaN) never passes: a section that broke must not look like a target held.
 */
export type Comparison = '<=' | '>=';

export type TargetCheck = {
  section: string;
  name: string;
  value: number | null;
  op: Comparison;
  limit: number;
  unit: string;
  pass: boolean;
};

export function meets(value: number | null, op: Comparison, limit: number): boolean {
  if (value === null || !Number.isFinite(value)) return false;
  return op === '<=' ? value <= limit : value >= limit;
}

export function check(
  section: string,
  name: string,
  value: number | null,
  op: Comparison,
  limit: number,
  unit: string,
): TargetCheck {
  return { section, name, value, op, limit, unit, pass: meets(value, op, limit) };
}

/** The bench's limits, in one place. */
export const TARGETS = {
  screenP95PostgresMs: 30,
  screenP95PgliteMs: 60,
  concurrencyReqPerSec: 400,
  concurrencyP99Ms: 150,
  apiOverheadRatio: 0.5,
  streamHealthP99Ms: 50,
  streamRssGrowthMb: 150,
  loginFloodRatio: 2,
  startupMs: 1000,
  firstLoadJsKb: 150,
  /** The customer's order page: server p95 (both databases), bytes with its stylesheet, Lighthouse mobile. */
  confirmPageP95Ms: 20,
  confirmPageKb: 30,
  confirmLighthouseMin: 95,
  /** The soak: minutes left out at the start (warming up), then the band around the median. */
  soakWarmupMinutes: 2,
  soakFlatPercent: 10,
} as const;

/**
 * How far a series strays from its own median once the warm-up is left out: the largest
 * |value − median| ÷ median, in percent. NaN when fewer than two values remain, or any of them (or
 * the median) is not a positive number: a series that could not be measured never reads as flat.
 */
export function spreadAroundMedian(values: readonly number[], skip: number): number {
  const kept = values.slice(skip);
  if (kept.length < 2 || kept.some((v) => !Number.isFinite(v) || v <= 0)) return Number.NaN;
  const sorted = [...kept].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.max(...kept.map((v) => Math.abs(v - median) / median)) * 100;
}
