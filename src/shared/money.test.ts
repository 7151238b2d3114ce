import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAT_RATES, type VatRate } from './constants';
import {
  centsToDecimal,
  centsToEuros,
  computeOrderTotals,
  decimalToCents,
  eurosToCents,
  lineTotalCents,
  MAX_AMOUNT_CENTS,
  type OrderLineAmounts,
  parseAmount,
  parseEuroText,
  vatCentsFor,
} from './money';

describe('parseAmount', () => {
  it.each([
    ['12.50', 1250],
    ['12,50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    [',5', 50],
    ['12.', 1200],
    ['0.01', 1],
    ['  7,05 ', 705],
    ['12.500', 1250],
    ['-3.5', -350],
    ['9999999999.99', MAX_AMOUNT_CENTS],
    ['007.10', 710],
  ])('%j → %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    [12.5, 1250],
    [0.1, 10],
    [0.29, 29],
    [1.005, null],
    [19.99, 1999],
    [9999999999.99, MAX_AMOUNT_CENTS],
  ])('number %d', (n, cents) => {
    const r = parseAmount(n);
    if (cents === null) expect(r).toEqual({ ok: false, error: 'decimals' });
    else expect(r).toEqual({ ok: true, cents });
  });

  it('refuses what is not an amount', () => {
    for (const t of ['', 'abc', '1.2.3', '1,234.56', '12,345', '€12', '1e3', '.', '--1'])
      expect(parseAmount(t).ok, t).toBe(false);
    expect(parseAmount('12,345')).toEqual({ ok: false, error: 'decimals' });
    expect(parseAmount(Number.NaN)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount(1e21)).toEqual({ ok: false, error: 'range' });
    expect(parseAmount(1e-7)).toEqual({ ok: false, error: 'decimals' });
    expect(parseAmount('1'.repeat(20))).toEqual({ ok: false, error: 'range' });
  });

  it('round-trips every cent amount through decimal text and euro numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
        expect(centsToEuros(cents)).toBe(Number(centsToDecimal(cents)));
      }),
    );
  });
});

describe('parseEuroText: amounts as Dutch users type them', () => {
  it.each([
    ['12.345', 1234500],
    ['1.000', 100000],
    ['1.234.567', 123456700],
    ['1.234,56', 123456],
    ['1.234,5', 123450],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12,', 1200],
    [',5', 50],
    ['12.50', 1250],
    ['12.5', 1250],
    ['199.99', 19999],
    ['12.', 1200],
    ['12', 1200],
    ['€ 1.234,56', 123456],
    ['€\u00a012,50', 1250],
    ['  7 ', 700],
    ['-3', -300],
    ['€ -0,05', -5],
    ['9.999.999.999,99', MAX_AMOUNT_CENTS],
  ])('%j → %i cents', (text, cents) => {
    expect(parseEuroText(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['1,2,3', 'separators'],
    ['12.34.5', 'separators'],
    ['1,234.56', 'separators'],
    ['1.2345', 'separators'],
    ['12.3456', 'separators'],
    ['0.500', 'separators'],
    ['12.34,5', 'separators'],
    ['12,3.4', 'separators'],
    ['12,345', 'decimals'],
    ['1,005', 'decimals'],
    ['12,500', 'decimals'],
    ['', 'invalid'],
    ['.', 'invalid'],
    ['abc', 'invalid'],
    ['12a', 'invalid'],
    ['1e3', 'invalid'],
    ['--1', 'invalid'],
    ['1'.repeat(20), 'range'],
  ])('%j is refused (%s), never truncated', (text, error) => {
    expect(parseEuroText(text)).toEqual({ ok: false, error });
  });

  it('reads back every amount as the app writes it (decimal text and Dutch format)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseEuroText(centsToDecimal(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('centsToDecimal', () => {
  it('writes two decimals', () => {
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(MAX_AMOUNT_CENTS)).toBe('9999999999.99');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('vatCentsFor (half-up to the cent)', () => {
  it('rounds half a cent up', () => {
    expect(vatCentsFor(50, 21)).toBe(11); // 10.5 → 11
    expect(vatCentsFor(150, 9)).toBe(14); // 13.5 → 14
    expect(vatCentsFor(149, 9)).toBe(13); // 13.41 → 13
    expect(vatCentsFor(-50, 21)).toBe(-11);
    expect(vatCentsFor(1000, 0)).toBe(0);
    expect(vatCentsFor(1000, 'verlegd')).toBe(0);
  });
});

const rateArb = fc.constantFrom<VatRate>(...VAT_RATES);
/** Lines whose amounts keep the order within numeric(12,2). */
const linesArb = fc
  .array(
    fc.record({
      // Up to three decimals: 0,001 to 1 000.
      quantity: fc.integer({ min: 1, max: 1_000_000 }).map((t) => t / 1000),
      priceCents: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 9_000_000 })),
      vat: rateArb,
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((lines) => lines as OrderLineAmounts[]);

/** The reference implementation: plain BigInt, per rate, half-up. */
function reference(lines: OrderLineAmounts[], verlegd: boolean) {
  let subtotal = 0n;
  const base = new Map<string, bigint>();
  for (const l of lines) {
    // Thousandths × cents, rounded half up to the cent.
    const t = (BigInt(Math.round(l.quantity * 1000)) * BigInt(l.priceCents) * 2n + 1000n) / 2000n;
    subtotal += t;
    const rate = verlegd ? 'verlegd' : String(l.vat);
    base.set(rate, (base.get(rate) ?? 0n) + t);
  }
  let vat = 0n;
  for (const [rate, b] of base) {
    if (rate === 'verlegd' || rate === '0') continue;
    vat += (b * BigInt(rate) * 2n + 100n) / 200n;
  }
  return { subtotal, vat, total: subtotal + vat };
}

describe('computeOrderTotals', () => {
  it('computes a worked example', () => {
    const t = computeOrderTotals(
      [
        { quantity: 3, priceCents: 1999, vat: 21 }, // 59.97
        { quantity: 1, priceCents: 1, vat: 21 }, // 0.01 → 21% over 59.98 = 12.5958 → 12.60
        { quantity: 2, priceCents: 1250, vat: 9 }, // 25.00 → 2.25
        { quantity: 1, priceCents: 10000, vat: 0 },
        { quantity: 1, priceCents: 500, vat: 'verlegd' },
      ],
      false,
    );
    expect(t.lines.map((l) => l.totalCents)).toEqual([5997, 1, 2500, 10000, 500]);
    expect(t.subtotalCents).toBe(18998);
    expect(t.vatByRate).toEqual([
      { rate: 21, baseCents: 5998, vatCents: 1260 },
      { rate: 9, baseCents: 2500, vatCents: 225 },
      { rate: 0, baseCents: 10000, vatCents: 0 },
      { rate: 'verlegd', baseCents: 500, vatCents: 0 },
    ]);
    expect(t.vatCents).toBe(1485);
    expect(t.totalCents).toBe(20483);
    expect(t.verlegd).toBe(false);
    expect(t.exceedsMaximum).toBe(false);
  });

  it('rounds per rate, not per line', () => {
    // Per line: 3 × round(0.21 × 0.50 = 0.105) = 3 × 0.11 = 0.33; per rate: round(0.315) = 0.32.
    const t = computeOrderTotals(
      [1, 2, 3].map(() => ({ quantity: 1, priceCents: 50, vat: 21 as const })),
      false,
    );
    expect(t.vatCents).toBe(32);
  });

  it('with btwVerlegd has VAT 0 under one "verlegd" rate', () => {
    const t = computeOrderTotals(
      [
        { quantity: 2, priceCents: 1000, vat: 21 },
        { quantity: 1, priceCents: 500, vat: 9 },
      ],
      true,
    );
    expect(t.vatByRate).toEqual([{ rate: 'verlegd', baseCents: 2500, vatCents: 0 }]);
    expect(t.vatCents).toBe(0);
    expect(t.totalCents).toBe(2500);
    expect(t.verlegd).toBe(true);
  });

  it('rounds a line with a decimal quantity half up to the cent, exactly', () => {
    expect(lineTotalCents(2.5, 4550)).toBe(11_375); // 2,5 × € 45,50 = € 113,75
    expect(lineTotalCents(0.75, 1999)).toBe(1499); // 14,9925 → 14,99
    expect(lineTotalCents(0.335, 100)).toBe(34); // 0,335 → 0,34 (half up)
    expect(lineTotalCents(0.005, 100)).toBe(1); // 0,005 → 0,01
    expect(lineTotalCents(0.004, 100)).toBe(0);
    expect(lineTotalCents(1250.5, 1)).toBe(1251); // 12,505 → 12,51
    // 1,015 × € 1,00: as a float 1.015 * 100 is 101.49999…; thousandths keep it exact.
    expect(lineTotalCents(1.015, 100)).toBe(102);
    expect(lineTotalCents(1_000_000, 1)).toBe(1_000_000);
    const t = computeOrderTotals(
      [
        { quantity: 2.5, priceCents: 4550, vat: 21 },
        { quantity: 0.333, priceCents: 100, vat: 21 },
      ],
      false,
    );
    expect(t.lines.map((l) => l.totalCents)).toEqual([11_375, 33]);
    expect(t.subtotalCents).toBe(11_408);
    expect(t.vatCents).toBe(2396); // 21 % over 114,08 = 23,9568
  });

  it('is empty for no lines and refuses what is not a quantity or whole cents', () => {
    expect(computeOrderTotals([], false)).toMatchObject({ subtotalCents: 0, vatCents: 0, totalCents: 0 });
    expect(() => computeOrderTotals([{ quantity: 1.0005, priceCents: 1, vat: 21 }], false)).toThrow(
      RangeError,
    );
    expect(() => computeOrderTotals([{ quantity: -1, priceCents: 1, vat: 21 }], false)).toThrow(RangeError);
    expect(() => computeOrderTotals([{ quantity: 1, priceCents: 0.5, vat: 21 }], false)).toThrow(RangeError);
  });

  it('flags amounts beyond numeric(12,2) and is exact up to 9 999 999 999,99', () => {
    const max = computeOrderTotals([{ quantity: 1, priceCents: MAX_AMOUNT_CENTS, vat: 0 }], false);
    expect(max).toMatchObject({ totalCents: MAX_AMOUNT_CENTS, exceedsMaximum: false });
    const vatOver = computeOrderTotals([{ quantity: 1, priceCents: MAX_AMOUNT_CENTS, vat: 21 }], false);
    expect(vatOver.exceedsMaximum).toBe(true);
    const lineOver = computeOrderTotals(
      [{ quantity: 1_000_000, priceCents: MAX_AMOUNT_CENTS, vat: 0 }],
      false,
    );
    expect(lineOver.exceedsMaximum).toBe(true);
    expect(lineTotalCents(3, 333_333_333_333)).toBe(999_999_999_999);
  });

  it('property: total = subtotal + VAT, subtotal = Σ lines, equal to the BigInt reference', () => {
    fc.assert(
      fc.property(linesArb, fc.boolean(), (lines, verlegd) => {
        const t = computeOrderTotals(lines, verlegd);
        const ref = reference(lines, verlegd);
        expect(t.totalCents).toBe(t.subtotalCents + t.vatCents);
        expect(t.subtotalCents).toBe(t.lines.reduce((s, l) => s + l.totalCents, 0));
        expect(t.vatCents).toBe(t.vatByRate.reduce((s, r) => s + r.vatCents, 0));
        expect(t.subtotalCents).toBe(t.vatByRate.reduce((s, r) => s + r.baseCents, 0));
        expect(BigInt(t.subtotalCents)).toBe(ref.subtotal);
        expect(BigInt(t.vatCents)).toBe(ref.vat);
        expect(BigInt(t.totalCents)).toBe(ref.total);
      }),
    );
  });

  it('property: VAT per rate is within half a cent of the exact amount', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        for (const r of computeOrderTotals(lines, false).vatByRate) {
          const exactHundredths = BigInt(r.baseCents) * BigInt(r.rate === 'verlegd' ? 0 : r.rate);
          const diff = BigInt(r.vatCents) * 100n - exactHundredths;
          expect(diff <= 50n && diff > -50n).toBe(true);
        }
      }),
    );
  });

  it('property: btwVerlegd ⇒ VAT 0 and total = subtotal', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const t = computeOrderTotals(lines, true);
        expect(t.vatCents).toBe(0);
        expect(t.totalCents).toBe(t.subtotalCents);
        expect(t.verlegd).toBe(true);
      }),
    );
  });

  it('property: the order of the lines does not matter', () => {
    fc.assert(
      fc.property(
        linesArb.chain((lines) =>
          fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
        ),
        fc.boolean(),
        ([lines, shuffled], verlegd) => {
          const a = computeOrderTotals(lines, verlegd);
          const b = computeOrderTotals(shuffled, verlegd);
          expect(b.subtotalCents).toBe(a.subtotalCents);
          expect(b.vatCents).toBe(a.vatCents);
          expect(b.totalCents).toBe(a.totalCents);
          expect(b.vatByRate).toEqual(a.vatByRate);
        },
      ),
    );
  });

  it('property: amounts up to 9 999 999 999,99 are exact', () => {
    const bigLine = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }).chain((priceCents) =>
      fc.record({
        priceCents: fc.constant(priceCents),
        quantity: fc.integer({
          min: 1,
          max: Math.min(1_000_000, Math.max(1, Math.floor(MAX_AMOUNT_CENTS / priceCents))),
        }),
        vat: rateArb,
      }),
    );
    fc.assert(
      fc.property(bigLine, fc.boolean(), (line, verlegd) => {
        const t = computeOrderTotals([line], verlegd);
        const ref = reference([line], verlegd);
        expect(BigInt(t.lines[0]!.totalCents)).toBe(BigInt(line.quantity) * BigInt(line.priceCents));
        expect(BigInt(t.totalCents)).toBe(ref.total);
        expect(t.exceedsMaximum).toBe(ref.total > BigInt(MAX_AMOUNT_CENTS));
        expect(decimalToCents(centsToDecimal(t.totalCents))).toBe(t.totalCents);
      }),
    );
  });
});
