/**
 * The value axis of the revenue chart: round steps (1, 2, 2.5 or 5 times a power of ten) from zero
 * to just above the largest month, about four gridlines. Whole cents in, whole cents out.
 */
export type ChartScale = { maxCents: number; ticks: number[] };

const STEPS = [1, 2, 2.5, 5, 10];
/** An empty year still gets an axis: up to € 100. */
const EMPTY_MAX_CENTS = 10_000;

export function chartScale(largestCents: number, gridlines = 4): ChartScale {
  const largest = Math.max(largestCents, 0) || EMPTY_MAX_CENTS;
  const raw = largest / gridlines;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(100, (STEPS.find((s) => s * magnitude >= raw) ?? 10) * magnitude);
  const count = Math.ceil(largest / step);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Math.round(i * step));
  return { maxCents: ticks[ticks.length - 1]!, ticks };
}

const axisFormat = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/** An axis label: whole euros, '€ 1.500'. */
export function axisLabel(cents: number): string {
  return axisFormat.format(Math.round(cents / 100));
}
