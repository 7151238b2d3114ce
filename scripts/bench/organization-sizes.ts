/**
 * How many orders each organisation of the many-organisations run gets: the largest a fixed number,
 * the others a Zipf-like share of the rest (rank r weighs r^-exponent), so there are a few large
 * companies and a long tail of small ones, as among real customers. Pure, so it is unit-tested.
 */

/**
 * 0.8 and not 1: with 1 the second company would outgrow the largest one; with 0.8 and 1 000
 * organisations sharing 900 000 orders the second has about 36 000 and the smallest about 250.
 */
export const SIZE_EXPONENT = 0.8;

/**
 * Orders per organisation, largest first: `largest` for the first, the rest of `total` over the other
 * `count - 1` by rank (each at least one), rounded by largest remainder so the sum is exactly `total`.
 * Throws when the numbers cannot hold (no room for one order each, or a second larger than the first).
 */
export function organizationSizes(
  count: number,
  total: number,
  largest: number,
  exponent = SIZE_EXPONENT,
): number[] {
  for (const [name, value] of Object.entries({ count, total, largest })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name}: een heel getal van minstens 1`);
  }
  const others = count - 1;
  const rest = total - largest;
  if (rest < others) throw new RangeError(`te weinig orders: ${total} voor ${count} organisaties`);
  if (others === 0) {
    if (rest !== 0) throw new RangeError('één organisatie: alle orders zijn van de grootste');
    return [largest];
  }
  const weights = Array.from({ length: others }, (_, i) => (i + 2) ** -exponent);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  // Each gets one order first; what is left is shared by weight.
  const spread = rest - others;
  const exact = weights.map((w) => (spread * w) / weightSum);
  const sizes = exact.map((x) => 1 + Math.floor(x));
  let missing = rest - sizes.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, remainder: x - Math.floor(x) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (missing === 0) break;
    sizes[i]! += 1;
    missing -= 1;
  }
  if (sizes[0]! > largest) {
    throw new RangeError(
      `de tweede organisatie (${sizes[0]} orders) zou groter zijn dan de grootste (${largest}): meer organisaties of een grotere grootste`,
    );
  }
  return [largest, ...sizes];
}
