/**
 * The order form's model (spec §5 Order form): what the user is typing, kept as text where the user
 * types text (quantity, price), plus the pure rules for those inputs and the live totals. No React.
 */
import {
  DEFAULT_COUNTRY,
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
import { formatAmount } from '../../../shared/format';
import { computeOrderTotals, eurosToCents, type OrderTotals } from '../../../shared/money';
import {
  formatQuantity,
  parseQuantity,
  QUANTITY_MAX,
  QUANTITY_MIN,
  quantityToThousandths,
  THOUSANDTHS,
} from '../../../shared/rules/quantity';
import { type Order, parsePrice, quantityProblem } from '../../../shared/schemas/order';
import type { DeliveryAddress } from '../../../shared/schemas/order-delivery';

export type LineDraft = {
  /** Stable React key; not sent. */
  key: string;
  description: string;
  /**
   * As typed ('2,5', '1.250,5'); '' while the user clears it (becomes 1 on blur). Shown in Dutch
   * notation once a valid quantity leaves the field; never rewritten into another number.
   */
  quantity: string;
  unit: Unit;
  /** As typed ('12,5', '1234.56'); in Dutch notation ('1.234,56') once a valid price leaves the field. */
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
  /** Gewenste leverdag: yyyy-mm-dd once a day is typed, else the text as typed; '' for none. */
  deliveryDate: string;
  /** Delivered at the customer's address (nothing of its own is sent: null). */
  deliveryToCustomer: boolean;
  /** The order's own address, as typed; sent only when deliveryToCustomer is off. */
  deliveryAddress: DeliveryAddress;
  notes: string;
};

export const emptyDeliveryAddress = (): DeliveryAddress => ({
  name: '',
  address: '',
  postalCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
});

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
    deliveryDate: '',
    deliveryToCustomer: true,
    deliveryAddress: emptyDeliveryAddress(),
    notes: '',
  };
}

/** An order as the server returns it → the form's draft. */
export function draftFromOrder(order: Order): OrderDraft {
  const items = order.items.map<LineDraft>((item) => ({
    key: nextLineKey(),
    description: item.description,
    quantity: formatQuantity(item.quantity),
    unit: item.unit,
    price: formatAmount(eurosToCents(item.price)),
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
    deliveryDate: order.deliveryDate ?? '',
    deliveryToCustomer: order.deliveryAddressSource !== 'order',
    deliveryAddress:
      order.deliveryAddressSource === 'order' && order.deliveryAddress
        ? { ...order.deliveryAddress }
        : emptyDeliveryAddress(),
    notes: order.notes,
  };
}

/** Everything that is saved, without the line keys: equal signatures mean nothing changed. */
export function draftSignature(draft: OrderDraft): string {
  return JSON.stringify({
    ...draft,
    items: draft.items.map(({ key: _key, ...line }) => line),
  });
}

/** The same order as far as saving goes (the leave guard asks only when something would be lost). */
export const sameDraft = (a: OrderDraft, b: OrderDraft): boolean => draftSignature(a) === draftSignature(b);

/* ---------------------------------------------------------------- quantity */

export { QUANTITY_MAX, QUANTITY_MIN };

/**
 * The quantity a text stands for, for the stepper and the live totals: the number it is ('2,5' is
 * 2.5); empty counts as 1 (it becomes 1); anything else (what the field refuses: '1,2,3', '-3') as 0,
 * so a line total never shows an amount the user did not type.
 */
export function quantityValue(text: string): number {
  if (text.trim() === '') return QUANTITY_MIN;
  const parsed = parseQuantity(text);
  return parsed.ok ? parsed.value : 0;
}

/**
 * On blur: empty becomes 1 (spec §5), a valid quantity is shown in Dutch notation ('2.5' → '2,5',
 * '1250,5' → '1.250,5'), which the same rule reads back as the same number; anything else stays, to
 * be refused.
 */
export function normalizeQuantity(text: string): string {
  if (text.trim() === '') return String(QUANTITY_MIN);
  const parsed = parseQuantity(text);
  return parsed.ok ? formatQuantity(parsed.value) : text;
}

/** The field's message for a quantity that is not one (shared rule). */
export const quantityFieldError = (text: string): string | undefined => quantityProblem(text);

/**
 * The minus and plus buttons: one whole step, never below 1 nor above the maximum; decimals stay
 * ('2,5' → '3,5'). Counted in thousandths, so a step never adds a float's error.
 */
export function stepQuantity(text: string, delta: number): string {
  // A refused text counts as 1, so plus and minus lead back to a quantity.
  const value = quantityValue(text);
  const current = value > 0 ? quantityToThousandths(value) : QUANTITY_MIN * THOUSANDTHS;
  const next = current + delta * THOUSANDTHS;
  const clamped = Math.min(QUANTITY_MAX * THOUSANDTHS, Math.max(QUANTITY_MIN * THOUSANDTHS, next));
  return formatQuantity(clamped / THOUSANDTHS);
}

export const canDecreaseQuantity = (text: string) => quantityValue(text) > QUANTITY_MIN;
export const canIncreaseQuantity = (text: string) => quantityValue(text) < QUANTITY_MAX;

/* ---------------------------------------------------------------- price */

/** The price in cents a text stands for (shared rule, Dutch notation); 0 while it is empty or not a price. */
export function priceCents(text: string): number {
  const parsed = parsePrice(text);
  return parsed.ok ? parsed.cents : 0;
}

/** The field's message for a price that is not one (shared rule); none while it is empty. */
export function priceFieldError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const parsed = parsePrice(text);
  return parsed.ok ? undefined : parsed.message;
}

/**
 * On blur, and as an order's price is first shown: a valid price in Dutch notation with two decimals,
 * so the user sees what was understood ('12,5' → '12,50', '12.345' → '12.345,00', '1234.56' →
 * '1.234,56'), which the same rule reads back as the same amount; anything else stays as typed, to be
 * refused with a message rather than silently cut.
 */
export function normalizePrice(text: string): string {
  const parsed = parsePrice(text);
  return parsed.ok ? formatAmount(parsed.cents) : text;
}

/* ---------------------------------------------------------------- lines and totals */

/** A line lacks a description, a quantity above 0 or a price above 0 (spec §5). */
export function isLineIncomplete(line: LineDraft): boolean {
  const quantityOk = parseQuantity(line.quantity).ok;
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
      quantity: quantityValue(line.quantity),
      priceCents: priceCents(line.price),
      vat: line.vat,
    })),
    draft.btwVerlegd,
  );
}

/** Cents that can be shown exactly (formatEuro refuses anything beyond a safe integer). */
export const isShowableAmount = (cents: number) => Number.isSafeInteger(cents);
