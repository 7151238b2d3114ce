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
} as const;
