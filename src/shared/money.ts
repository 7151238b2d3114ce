/**
 * Money, once: every place that shows an amount (order form, orders list, dashboard, PDF, e-mail
 * variables) computes it here, so one order shows the same total everywhere.
 *
 * Amounts are integer cents. Prices are stored as Postgres numeric(12,2) and cross the wire as
 * decimal text ('12.50') or euro numbers (12.5); both are converted to cents by parsing the digits,
 * never by floating-point arithmetic.
 *
 * THE ROUNDING RULE (the only one; the dashboard's SQL sums the totals stored by it):
 *   - line total = quantity × price, rounded half-up (half away from zero) to the cent. A quantity has
 *     up to three decimals (2,5 uur, 0,75 m2): it is taken as integer thousandths, so the product is
 *     exact (thousandths × cents) and rounded once; a whole quantity needs no rounding at all;
 *   - subtotal   = Σ line totals;
 *   - VAT is computed per rate over the sum of the line totals at that rate, rounded half-up (half away
 *     from zero) to the cent, as Dutch invoices state it ("21% btw over € x"); it is not rounded per line;
 *   - lines at 0 %, lines marked 'verlegd', and every line of an order with btwVerlegd carry VAT 0
 *     (with btwVerlegd all lines are grouped under 'verlegd' and the totals show 'Verlegd');
 *   - VAT = Σ VAT per rate; total = subtotal + VAT.
 * The sums run in BigInt, so they are exact for any input. Results are numbers: exact whenever they fit
 * numeric(12,2) (≤ MAX_AMOUNT_CENTS, far below 2^53), which the order schema enforces via
 * `exceedsMaximum`.
 */
import { VAT_RATES, type VatRate } from './constants';
import { quantityToThousandths, THOUSANDTHS } from './rules/quantity';

/** The largest amount numeric(12,2) holds: 9 999 999 999,99. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

export type AmountParseError = 'invalid' | 'decimals' | 'range';
export type AmountParse = { ok: true; cents: number } | { ok: false; error: AmountParseError };

const AMOUNT_TEXT = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Parses an amount in euros to cents, exactly: a number (12.5), or text with a dot or a comma as the
 * decimal separator ('12.50', '12,5', ',5', '12.'). At most two decimals (trailing zeros beyond two are
 * fine: '12.500'); no thousands separators. For what people type and the API's text prices, see
 * parseEuroText below.
 */
export function parseAmount(value: string | number): AmountParse {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, error: 'invalid' };
    text = String(value);
    // String() switches to exponent notation below 1e-6 and from 1e21.
    if (/e/i.test(text)) return { ok: false, error: Math.abs(value) >= 1 ? 'range' : 'decimals' };
  } else {
    text = value.trim();
  }
  const m = AMOUNT_TEXT.exec(text);
  if (!m) return { ok: false, error: 'invalid' };
  const [, sign = '', intRaw = '', fracRaw = ''] = m;
  if (intRaw === '' && fracRaw === '') return { ok: false, error: 'invalid' };
  const frac = fracRaw.replace(/0+$/, '');
  if (frac.length > 2) return { ok: false, error: 'decimals' };
  const int = intRaw.replace(/^0+/, '');
  if (int.length > 15) return { ok: false, error: 'range' };
  const abs = BigInt(int || '0') * 100n + BigInt(frac.padEnd(2, '0'));
  if (abs > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'range' };
  const cents = Number(abs);
  return { ok: true, cents: sign === '-' && cents !== 0 ? -cents : cents };
}

export type EuroTextError = 'invalid' | 'separators' | 'decimals' | 'range';
export type EuroTextParse = { ok: true; cents: number } | { ok: false; error: EuroTextError };

/** Dutch thousands grouping before the decimal comma (or alone): '1.234', '12.345.678'. */
const DUTCH_GROUPS = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
/** A decimal point as programmers write it: one dot and one or two decimals ('12.5', '199.99', '.5', '12.'). */
const POINT_DECIMAL = /^\d*\.\d{0,2}$/;

/**
 * A euro amount typed by a person or sent as text by the API, read the way a Dutch user means it.
 * THE RULE, after dropping spaces and a leading '€':
 *   - a comma is the decimal comma: at most one, with at most two decimals after it ('12,5', '12,50');
 *     dots before it only as thousands groups of three ('1.234,56');
 *   - without a comma, dots in groups of exactly three digits are thousands ('12.345' = 12345,
 *     '1.234.567');
 *   - otherwise one dot with one or two decimals is a decimal point ('12.50', '199.99'), as programs
 *     write it;
 *   - anything else is refused, never truncated: more than two decimals ('12,345' → 'decimals'),
 *     separators that are not one of the above ('1,2,3', '12.34.5', '1,234.56', '0.500' →
 *     'separators'), no digits ('abc' → 'invalid'), beyond 15 digits ('range').
 * A sign is kept ('-3' is -300 cents) so the caller can say "greater than 0" rather than "invalid".
 */
export function parseEuroText(text: string): EuroTextParse {
  // A sign before or after the euro sign: '-€ 5', '€ -5' (as Intl writes a negative amount).
  const m = /^([+-]?)(?:€([+-]?))?(.*)$/.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
  const [, signBefore = '', signAfter = '', t = ''] = m ?? [];
  if (signBefore && signAfter) return { ok: false, error: 'invalid' };
  const sign = signBefore || signAfter;
  if (!/\d/.test(t) || /[^\d.,]/.test(t)) return { ok: false, error: 'invalid' };
  let plain: string;
  const comma = t.indexOf(',');
  if (comma !== -1) {
    const whole = t.slice(0, comma);
    const fraction = t.slice(comma + 1);
    if (fraction.includes(',') || fraction.includes('.')) return { ok: false, error: 'separators' };
    if (whole.includes('.') && !DUTCH_GROUPS.test(whole)) return { ok: false, error: 'separators' };
    if (fraction.length > 2) return { ok: false, error: 'decimals' };
    plain = `${whole.replace(/\./g, '')}.${fraction}`;
  } else if (DUTCH_GROUPS.test(t)) {
    plain = t.replace(/\./g, '');
  } else if (!t.includes('.') || POINT_DECIMAL.test(t)) {
    plain = t;
  } else {
    return { ok: false, error: 'separators' };
  }
  return parseAmount(`${sign}${plain}`);
}

/** Decimal text as Postgres returns numeric ('12.50') → cents. Throws on anything else. */
export function decimalToCents(text: string): number {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new RangeError(`Geen geldig bedrag: ${JSON.stringify(text)}`);
  return parsed.cents;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Geen geheel aantal centen: ${cents}`);
}

/** Cents → decimal text for a numeric column: 1250 → '12.50', -5 → '-0.05'. */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * Cents → euros as a JSON number (1250 → 12.5). For an integer below 2^53, `cents / 100` is the double
 * nearest to the exact decimal, i.e. the same number `Number('12.50')` gives: no drift.
 */
export function centsToEuros(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** Euros (a number with at most two decimals) → cents; throws when it has more decimals. */
export function eurosToCents(euros: number): number {
  const parsed = parseAmount(euros);
  if (!parsed.ok) throw new RangeError(`Geen bedrag in hele centen: ${euros}`);
  return parsed.cents;
}

const toBig = (n: number, what: string): bigint => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} moet een geheel getal zijn: ${n}`);
  return BigInt(n);
};

/** Rounds numerator / denominator half away from zero (denominator > 0). */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const neg = numerator < 0n;
  const abs = neg ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return neg ? -q : q;
}

/** VAT at a rate over a base in cents, rounded half-up to the cent; 0 for 0 % and 'verlegd'. */
export function vatCentsFor(baseCents: number, rate: VatRate): number {
  if (rate === 'verlegd' || rate === 0) return 0;
  return Number(divRoundHalfUp(toBig(baseCents, 'Bedrag') * BigInt(rate), 100n));
}

/** quantity × price in cents, rounded half-up to the cent (exact: thousandths × cents, one rounding). */
function lineTotalBig(quantity: number, priceCents: number): bigint {
  // 0 is what a form counts for a quantity it cannot read yet, so its line shows no amount.
  const thousandths = quantity === 0 ? 0n : BigInt(quantityToThousandths(quantity));
  return divRoundHalfUp(thousandths * toBig(priceCents, 'Prijs'), BigInt(THOUSANDTHS));
}

/** quantity × price in cents, rounded half-up to the cent. */
export function lineTotalCents(quantity: number, priceCents: number): number {
  return Number(lineTotalBig(quantity, priceCents));
}

export type OrderLineAmounts = { quantity: number; priceCents: number; vat: VatRate };

export type VatByRate = { rate: VatRate; baseCents: number; vatCents: number };

export type OrderTotals = {
  lines: { totalCents: number }[];
  subtotalCents: number;
  /** One entry per rate present, in the order 21, 9, 0, verlegd. */
  vatByRate: VatByRate[];
  vatCents: number;
  totalCents: number;
  /** The order is reverse-charged: totals show 'Verlegd' instead of a VAT amount. */
  verlegd: boolean;
  /** A line total, the subtotal or the total exceeds numeric(12,2) (the order must be refused). */
  exceedsMaximum: boolean;
};

/**
 * The totals of an order by THE rounding rule (see the top of this file). `quantity` must be above 0
 * with at most three decimals and `priceCents` integer cents (a form passes 0 for a price it cannot
 * parse yet); anything else throws a RangeError, because a silently wrong amount is worse than an error.
 */
export function computeOrderTotals(items: readonly OrderLineAmounts[], btwVerlegd: boolean): OrderTotals {
  const max = BigInt(MAX_AMOUNT_CENTS);
  let exceedsMaximum = false;
  let subtotal = 0n;
  const baseByRate = new Map<VatRate, bigint>();
  const lines = items.map((item) => {
    const total = lineTotalBig(item.quantity, item.priceCents);
    if (total > max || total < -max) exceedsMaximum = true;
    subtotal += total;
    const rate: VatRate = btwVerlegd ? 'verlegd' : item.vat;
    if (!VAT_RATES.includes(rate)) throw new RangeError(`Onbekend btw-tarief: ${String(rate)}`);
    baseByRate.set(rate, (baseByRate.get(rate) ?? 0n) + total);
    return total;
  });
  let vat = 0n;
  const vatByRate: { rate: VatRate; base: bigint; vat: bigint }[] = [];
  for (const rate of VAT_RATES) {
    const base = baseByRate.get(rate);
    if (base === undefined) continue;
    const rateVat = rate === 'verlegd' || rate === 0 ? 0n : divRoundHalfUp(base * BigInt(rate), 100n);
    vat += rateVat;
    vatByRate.push({ rate, base, vat: rateVat });
  }
  const total = subtotal + vat;
  for (const amount of [subtotal, vat, total]) if (amount > max || amount < -max) exceedsMaximum = true;
  return {
    lines: lines.map((t) => ({ totalCents: Number(t) })),
    subtotalCents: Number(subtotal),
    vatByRate: vatByRate.map((r) => ({ rate: r.rate, baseCents: Number(r.base), vatCents: Number(r.vat) })),
    vatCents: Number(vat),
    totalCents: Number(total),
    verlegd: btwVerlegd,
    exceedsMaximum,
  };
}
