/**
 * The order form's model (spec §5 Order form): what the user is typing, kept as text where the user
 * types text (quantity, price), plus the pure rules for those inputs and the live totals. No React.
 */
import {
  DEFAULT_ORDER_STATUS,
  DEFAULT_PAYMENT_TERM,
  DEFAULT_UNIT,
  DEFAULT_VAT,
  type OrderStatus,
  type PaymentTerm,
  type Unit,
  type VatRate,
} from '../../../shared/constants';
import { amsterdamDay } from '../../../shared/dates';
import {
  centsToDecimal,
  computeOrderTotals,
  eurosToCents,
  MAX_AMOUNT_CENTS,
  type OrderTotals,
  parseAmount,
} from '../../../shared/money';
import { ORDER_MAX_QUANTITY, type Order } from '../../../shared/schemas/order';

export type LineDraft = {
  /** Stable React key; not sent. */
  key: string;
  description: string;
  /** Digits as typed; '' while the user clears it (becomes 1 on blur). */
  quantity: string;
  unit: Unit;
  /** Digits and at most one dot, as typed ('12.5'). */
  price: string;
  vat: VatRate;
};

export type OrderDraft = {
  customer: string | null;
  /** yyyy-mm-dd, the value of the date input. */
  date: string;
  project: string;
  reference: string;
  paymentTerm: PaymentTerm;
  status: OrderStatus;
  btwVerlegd: boolean;
  items: LineDraft[];
};

let lineSeq = 0;
const nextLineKey = () => {
  lineSeq += 1;
  return `line-${lineSeq}`;
};

export function emptyLine(): LineDraft {
  return {
    key: nextLineKey(),
    description: '',
    quantity: '1',
    unit: DEFAULT_UNIT,
    price: '',
    vat: DEFAULT_VAT,
  };
}

export function newDraft(now: Date = new Date()): OrderDraft {
  return {
    customer: null,
    date: amsterdamDay(now),
    project: '',
    reference: '',
    paymentTerm: DEFAULT_PAYMENT_TERM,
    status: DEFAULT_ORDER_STATUS,
    btwVerlegd: false,
    items: [emptyLine()],
  };
}

/** An order as the server returns it → the form's draft. */
export function draftFromOrder(order: Order): OrderDraft {
  const items = order.items.map<LineDraft>((item) => ({
    key: nextLineKey(),
    description: item.description,
    quantity: String(item.quantity),
    unit: item.unit,
    price: centsToDecimal(eurosToCents(item.price)),
    vat: item.vat,
  }));
  return {
    customer: order.customer,
    date: amsterdamDay(order.date),
    project: order.project,
    reference: order.reference,
    paymentTerm: (order.paymentTerm as PaymentTerm) ?? DEFAULT_PAYMENT_TERM,
    status: order.status,
    btwVerlegd: order.btwVerlegd,
    items: items.length > 0 ? items : [emptyLine()],
  };
}

/** Everything that is saved, without the line keys: equal signatures mean nothing changed. */
export function draftSignature(draft: OrderDraft): string {
  return JSON.stringify({
    ...draft,
    items: draft.items.map(({ key: _key, ...line }) => line),
  });
}

/* ---------------------------------------------------------------- quantity */

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = ORDER_MAX_QUANTITY;
const QUANTITY_MAX_DIGITS = String(QUANTITY_MAX).length;

/** While typing: digits only (an integer), no leading zeros beyond one, at most 7 digits. */
export function sanitizeQuantityInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.slice(0, QUANTITY_MAX_DIGITS);
}

/** The quantity a text stands for: an integer from 1 to 1.000.000; empty, 0 or junk count as 1. */
export function parseQuantity(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < QUANTITY_MIN) return QUANTITY_MIN;
  return Math.min(n, QUANTITY_MAX);
}

/** On blur: empty (or 0) becomes 1, too many becomes the maximum. */
export function normalizeQuantity(text: string): string {
  return String(parseQuantity(text));
}

/** The minus and plus buttons: one step, never below 1 nor above the maximum. */
export function stepQuantity(text: string, delta: number): string {
  const next = parseQuantity(text) + delta;
  return String(Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, next)));
}

export const canDecreaseQuantity = (text: string) => parseQuantity(text) > QUANTITY_MIN;
export const canIncreaseQuantity = (text: string) => parseQuantity(text) < QUANTITY_MAX;

/* ---------------------------------------------------------------- price */

/** numeric(12,2): ten digits before the decimal point. */
const PRICE_MAX_INT_DIGITS = 10;
const DUTCH_GROUPED = /^\d{1,3}(?:\.\d{3})+,\d*$/;

/**
 * While typing a price: only digits and one dot are kept; a comma typed as the decimal separator is
 * understood and becomes a dot ('12,5' → '12.5'); at most two decimals. A pasted Dutch amount with
 * thousands dots ('€ 1.234,56') is read as such ('1234.56') rather than mangled.
 */
export function sanitizePriceInput(raw: string): string {
  let text = raw.replace(/[\s\u00a0\u202f€]/g, '');
  // Dutch grouping before a decimal comma: the dots are thousands separators.
  if (DUTCH_GROUPED.test(text)) text = text.replace(/\./g, '');
  text = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  let whole = dot === -1 ? text : text.slice(0, dot);
  const fraction =
    dot === -1
      ? null
      : text
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, PRICE_MAX_INT_DIGITS);
  if (fraction === null) return whole;
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

/** The price in cents a text stands for; 0 while it is empty or not a price yet. */
export function priceCents(text: string): number {
  const parsed = parseAmount(text);
  return parsed.ok && parsed.cents > 0 ? parsed.cents : 0;
}

/** On blur: a valid price is shown with two decimals ('12.5' → '12.50'); anything else stays. */
export function normalizePrice(text: string): string {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.cents <= 0 || parsed.cents > MAX_AMOUNT_CENTS) return text;
  return centsToDecimal(parsed.cents);
}

/* ---------------------------------------------------------------- lines and totals */

/** A line lacks a description, a quantity of at least 1 or a price above 0 (spec §5). */
export function isLineIncomplete(line: LineDraft): boolean {
  const quantityOk = /^\d+$/.test(line.quantity) && Number(line.quantity) >= QUANTITY_MIN;
  return line.description.trim() === '' || !quantityOk || priceCents(line.price) <= 0;
}

/** Untouched: nothing typed yet (a fresh line). */
export function isLineBlank(line: LineDraft): boolean {
  return line.description.trim() === '' && line.price.trim() === '' && ['', '1'].includes(line.quantity);
}

/**
 * The incomplete-lines warning: after a save attempt whenever a line is incomplete; before that only
 * for a line the user started but did not finish (a fresh blank line is no reason to warn).
 */
export function showIncompleteWarning(items: readonly LineDraft[], submitAttempted: boolean): boolean {
  return items.some((line) => isLineIncomplete(line) && (submitAttempted || !isLineBlank(line)));
}

/** The live totals by the one rounding rule of shared/money.ts; unparsable prices count as 0. */
export function draftTotals(draft: Pick<OrderDraft, 'items' | 'btwVerlegd'>): OrderTotals {
  return computeOrderTotals(
    draft.items.map((line) => ({
      quantity: parseQuantity(line.quantity),
      priceCents: priceCents(line.price),
      vat: line.vat,
    })),
    draft.btwVerlegd,
  );
}

/** Cents that can be shown exactly (formatEuro refuses anything beyond a safe integer). */
export const isShowableAmount = (cents: number) => Number.isSafeInteger(cents);
