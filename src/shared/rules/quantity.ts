/**
 * Aantal: above 0 and at most 1 000 000, with up to three decimals, because hours, metres, m² and
 * kilos come in parts ('2,5', '0,75', '1.250,5'). A quantity is exact in thousandths (an integer);
 * what does not say one clearly is refused, never rounded or rewritten.
 */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1_000_000;
export const QUANTITY_DECIMALS = 3;
/** 1 = 0,001: a quantity in thousandths. */
export const THOUSANDTHS = 1000;

export type QuantityError = 'invalid' | 'separators' | 'decimals' | 'positive' | 'max';
export type QuantityParse =
  | { ok: true; value: number; thousandths: number }
  | { ok: false; error: QuantityError };

/** Dutch thousands grouping before the decimal comma (or alone): '1.250', '1.000.000'. */
const DUTCH_GROUPS = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
/** A decimal point as programs write it: one dot and one or two decimals ('2.5', '0.75'). */
const POINT_DECIMAL = /^\d*\.\d{0,2}$/;
/** What is left once the separators are understood: digits, an optional decimal point. */
const PLAIN = /^(\d*)(?:\.(\d*))?$/;

function fromPlain(plain: string, negative: boolean): QuantityParse {
  const m = PLAIN.exec(plain);
  if (!m) return { ok: false, error: 'invalid' };
  const [, intRaw = '', fracRaw = ''] = m;
  if (intRaw === '' && fracRaw === '') return { ok: false, error: 'invalid' };
  const frac = fracRaw.replace(/0+$/, '');
  if (frac.length > QUANTITY_DECIMALS) return { ok: false, error: 'decimals' };
  const int = intRaw.replace(/^0+/, '');
  // Far beyond the maximum already; keeps the BigInt below small.
  if (int.length > 9) return { ok: false, error: 'max' };
  const thousandths = Number(BigInt(int || '0') * 1000n + BigInt(frac.padEnd(QUANTITY_DECIMALS, '0')));
  if (negative || thousandths === 0) return { ok: false, error: 'positive' };
  if (thousandths > QUANTITY_MAX * THOUSANDTHS) return { ok: false, error: 'max' };
  return { ok: true, value: thousandths / THOUSANDTHS, thousandths };
}

/**
 * A quantity as a JSON number (2.5) or as text, read the way a Dutch user means it — the rule of
 * prices (parseEuroText in money.ts) with three decimals instead of two:
 *   - a comma is the decimal comma, at most one ('2,5', '0,75'); dots before it only as thousands
 *     groups of three ('1.250,5');
 *   - without a comma, dots in groups of exactly three digits are thousands ('1.250' = 1250);
 *   - otherwise one dot with one or two decimals is a decimal point ('2.5'), as programs write it;
 *   - anything else is refused: '1,2,3' and '0.125' ('separators': which one is meant is unclear),
 *     '2,3456' ('decimals'), 0 and below ('positive'), above 1 000 000 ('max').
 * Spaces are ignored. Empty text is the caller's (the order schema makes it 1).
 */
export function parseQuantity(value: string | number): QuantityParse {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, error: 'invalid' };
    if (value <= 0) return { ok: false, error: 'positive' };
    const text = String(value);
    // String() switches to exponent notation below 1e-6 and from 1e21.
    if (/e/i.test(text)) return { ok: false, error: value >= 1 ? 'max' : 'decimals' };
    return fromPlain(text, false);
  }
  const compact = value.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^([+-]?)(.*)$/.exec(compact);
  const [, sign = '', t = ''] = m ?? [];
  if (!/\d/.test(t) || /[^\d.,]/.test(t)) return { ok: false, error: 'invalid' };
  const negative = sign === '-';
  const comma = t.indexOf(',');
  if (comma !== -1) {
    const whole = t.slice(0, comma);
    const fraction = t.slice(comma + 1);
    if (fraction.includes(',') || fraction.includes('.')) return { ok: false, error: 'separators' };
    if (whole.includes('.') && !DUTCH_GROUPS.test(whole)) return { ok: false, error: 'separators' };
    return fromPlain(`${whole.replace(/\./g, '')}.${fraction}`, negative);
  }
  if (DUTCH_GROUPS.test(t)) return fromPlain(t.replace(/\./g, ''), negative);
  if (!t.includes('.') || POINT_DECIMAL.test(t)) return fromPlain(t, negative);
  return { ok: false, error: 'separators' };
}

/**
 * A quantity (a number with at most three decimals, as records carry it) → integer thousandths,
 * exactly: through its decimal digits, never by multiplying a float. Throws on anything else.
 */
export function quantityToThousandths(quantity: number): number {
  const parsed = parseQuantity(quantity);
  if (!parsed.ok) throw new RangeError(`Geen geldig aantal: ${quantity}`);
  return parsed.thousandths;
}

/** 2.5 → '2.500', as the numeric(10,3) column takes it. */
export function quantityToDecimal(quantity: number): string {
  const t = quantityToThousandths(quantity);
  return `${Math.floor(t / THOUSANDTHS)}.${String(t % THOUSANDTHS).padStart(QUANTITY_DECIMALS, '0')}`;
}

/**
 * Decimal text as Postgres returns numeric ('2.500') → 2.5. For an integer number of thousandths
 * below 2^53, `t / 1000` is the double nearest to the exact decimal: the number JSON writes as 2.5.
 */
export function decimalToQuantity(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) throw new RangeError(`Geen geldig aantal: ${JSON.stringify(text)}`);
  const thousandths = Number(m[1]) * THOUSANDTHS + Number((m[2] ?? '').padEnd(QUANTITY_DECIMALS, '0'));
  return thousandths / THOUSANDTHS;
}

// Intl accepts exact decimal strings (Intl.NumberFormat v3); TypeScript's lib types only know numbers.
type DecimalFormat = { format(value: string): string };
const quantityFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: QUANTITY_DECIMALS });

/**
 * A quantity in Dutch notation: 2.5 → '2,5', 1250.5 → '1.250,5', 3 → '3'. What the form shows after
 * the field is left, the PDF's lines and the e-mails print; parseQuantity reads it back unchanged.
 */
export function formatQuantity(quantity: number): string {
  return (quantityFormat as unknown as DecimalFormat).format(quantityToDecimal(quantity));
}
