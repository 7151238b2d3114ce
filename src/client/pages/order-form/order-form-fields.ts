/**
 * Where the form's fields live on screen: element ids for error paths (so the first refused field can
 * be focused) and their on-screen order. Pure, no React.
 */
import type { FieldErrors } from '../../lib/form-state';
import type { LineDraft, OrderDraft } from './order-draft';

/** The header fields in the order they appear; each input's id is `order-<field>`. */
export const HEADER_FIELDS = ['customer', 'date', 'project', 'reference', 'paymentTerm', 'status'] as const;
export const LINE_FIELDS = ['description', 'quantity', 'unit', 'price', 'vat'] as const;
/** Levering en opmerkingen, under the lines; the address's inputs are `order-deliveryAddress-<part>`. */
export const DELIVERY_FIELDS = [
  'deliveryDate',
  'deliveryAddress.name',
  'deliveryAddress.address',
  'deliveryAddress.postalCode',
  'deliveryAddress.city',
  'deliveryAddress.country',
  'notes',
] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/** The id of a line's input: `order-line-3-price` (by the line's key, so it survives reordering). */
export const lineFieldId = (line: Pick<LineDraft, 'key'>, field: LineField) => `order-${line.key}-${field}`;

/** The id of the input behind an error path ('customer', 'items.1.price'); undefined when none. */
export function fieldElementId(path: string, items: readonly LineDraft[]): string | undefined {
  const line = /^items\.(\d+)\.(\w+)$/.exec(path);
  if (line) {
    const item = items[Number(line[1])];
    const field = line[2] as LineField;
    return item && LINE_FIELDS.includes(field) ? lineFieldId(item, field) : undefined;
  }
  if ((DELIVERY_FIELDS as readonly string[]).includes(path)) return `order-${path.replace('.', '-')}`;
  return (HEADER_FIELDS as readonly string[]).includes(path) ? `order-${path}` : undefined;
}

/**
 * Every path that shows a message, in screen order: the header, line by line, the lines as a whole,
 * then delivery and remarks.
 */
export const orderFieldsOf = (draft: Pick<OrderDraft, 'items'>): string[] => [
  ...HEADER_FIELDS,
  ...draft.items.flatMap((_, i) => LINE_FIELDS.map((f) => `items.${i}.${f}`)),
  'items',
  ...DELIVERY_FIELDS,
];

/** Whether a message belongs to an input on screen (rather than only to the list by the save button). */
export const hasPlacedError = (errors: FieldErrors, items: readonly LineDraft[]): boolean =>
  Object.entries(errors).some(([path, message]) => message && fieldElementId(path, items));

/** After a line is removed the indices shift, so its errors no longer point at the right lines. */
export const withoutLineErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('items')));

/** Errors that no field shows (e.g. 'date' format, '_'), for a notice near the save button. */
export const unplacedErrors = (errors: FieldErrors, items: readonly LineDraft[]): [string, string][] =>
  Object.entries(errors).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && entry[0] !== 'items' && !fieldElementId(entry[0], items),
  );
