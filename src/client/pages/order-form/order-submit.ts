/**
 * From the draft to the call: the payload, the client-side check with the very schema the server
 * uses (shared/schemas/order.ts), and the texts of a refused save (spec §8 Order form).
 */
import { type OrderInput, orderInput } from '../../../shared/schemas/order';
import { readApiError } from '../../lib/api-errors';
import { type FieldErrors, type FormCheck, type FormRules, schemaCheck } from '../../lib/form-state';
import type { LineDraft, OrderDraft } from './order-draft';
import { orderFieldsOf } from './order-form-fields';

export const SAVE_FALLBACK_ERROR = 'Er is een fout opgetreden bij het opslaan van de order.';
export const VALIDATION_HEADING = 'Validatiefout:';

const lineInput = (line: LineDraft) => ({
  description: line.description,
  // The schema turns '' into 1 (spec §5: empty becomes 1).
  quantity: line.quantity,
  unit: line.unit,
  price: line.price,
  vat: line.vat,
});

/**
 * The payload of orders.create / orders.update. `date` is left out while it is still the day the form
 * started with: the server then keeps the order's date (edit) or takes the current moment (new, spec
 * §5 "the date sent on save is the current moment"); a day the user picked is sent as yyyy-mm-dd.
 */
export function draftToInput(draft: OrderDraft, initialDate: string): OrderInput {
  return {
    customer: draft.customer ?? '',
    ...(draft.date && draft.date !== initialDate ? { date: draft.date } : {}),
    project: draft.project,
    reference: draft.reference,
    paymentTerm: draft.paymentTerm,
    status: draft.status,
    btwVerlegd: draft.btwVerlegd,
    items: draft.items.map(lineInput),
    // Always all three, so clearing one clears it (a field left out would keep what the order has).
    deliveryDate: draft.deliveryDate.trim() === '' ? null : draft.deliveryDate,
    deliveryAddress: draft.deliveryToCustomer ? null : draft.deliveryAddress,
    notes: draft.notes,
  };
}

const checkOrderInput = schemaCheck(orderInput);

/**
 * The client-side check: the shared order schema, first message per field (every path: what no
 * field shows is listed by the save button). `data` is the payload as built, for the server to read.
 */
export function checkDraft(draft: OrderDraft, initialDate: string): FormCheck<string, OrderInput> {
  const input = draftToInput(draft, initialDate);
  const result = checkOrderInput(input);
  return result.ok ? { ok: true, data: input } : result;
}

/** Checked on save; changing a field takes its message away (and a line's, the lines' message). */
export const orderFormRules = (initialDate: string): FormRules<OrderDraft, string, OrderInput> => ({
  fields: orderFieldsOf,
  check: (draft) => checkDraft(draft, initialDate),
  rule: { change: 'clear' },
});

const FIELD_LABELS: Record<string, string> = {
  customer: 'Klant',
  date: 'Datum',
  project: 'Project',
  reference: 'Referentie',
  paymentTerm: 'Betalingstermijn',
  status: 'Status',
  btwVerlegd: 'BTW verlegd',
  deliveryDate: 'Gewenste leverdag',
  deliveryAddress: 'Afleveradres',
  'deliveryAddress.name': 'Afleveradres, naam',
  'deliveryAddress.address': 'Afleveradres, adres',
  'deliveryAddress.postalCode': 'Afleveradres, postcode',
  'deliveryAddress.city': 'Afleveradres, plaats',
  'deliveryAddress.country': 'Afleveradres, land',
  notes: 'Opmerkingen',
  items: 'Orderregels',
  _: 'Order',
};

const ITEM_FIELD_LABELS: Record<string, string> = {
  description: 'omschrijving',
  quantity: 'aantal',
  unit: 'eenheid',
  price: 'prijs',
  vat: 'BTW',
};

/** A field path of the server's details in Dutch: 'items.0.price' → 'Regel 1, prijs'; unknown ones as given. */
export function fieldLabel(path: string): string {
  const line = /^items\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (line) {
    const n = Number(line[1]) + 1;
    const field = line[2];
    if (field === undefined) return `Regel ${n}`;
    return `Regel ${n}, ${ITEM_FIELD_LABELS[field] ?? field}`;
  }
  return FIELD_LABELS[path] ?? path;
}

export type SaveError = {
  /** 'Validatiefout:' for refused fields, else the server's message or the fallback. */
  message: string;
  /** 'field: message' per refused field. */
  lines: string[];
  /** The refused fields, to mark them in the form too. */
  fields: FieldErrors;
};

/** What a failed save shows (spec §8 Order form). */
export function saveErrorOf(err: unknown): SaveError {
  const info = readApiError(err);
  const entries = Object.entries(info.details);
  if (entries.length > 0) {
    return {
      message: VALIDATION_HEADING,
      lines: entries.map(([field, message]) => `${fieldLabel(field)}: ${message}`),
      fields: info.details,
    };
  }
  return { message: info.serverMessage ?? SAVE_FALLBACK_ERROR, lines: [], fields: {} };
}

/** Shown after a successful save (spec §8). */
export const savedMessage = (orderNumber: string, created: boolean) =>
  `Order ${orderNumber} is succesvol ${created ? 'aangemaakt' : 'bijgewerkt'}!`;
