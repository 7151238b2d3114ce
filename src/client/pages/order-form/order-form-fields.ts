/**
 * Where the form's fields live on screen: element ids for error paths (so the first refused field can
 * be focused) and their on-screen order. Pure, no React.
 */
import type { LineDraft } from './order-draft';
import type { FieldErrors } from './order-submit';

/** The header fields in the order they appear; each input's id is `order-<field>`. */
export const HEADER_FIELDS = ['customer', 'date', 'project', 'reference', 'paymentTerm', 'status'] as const;
export const LINE_FIELDS = ['description', 'quantity', 'unit', 'price', 'vat'] as const;
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
  return (HEADER_FIELDS as readonly string[]).includes(path) ? `order-${path}` : undefined;
}

/** The first refused field in screen order (header first, then line by line). */
export function firstErrorPath(errors: FieldErrors, items: readonly LineDraft[]): string | undefined {
  const ordered = [...HEADER_FIELDS, ...items.flatMap((_, i) => LINE_FIELDS.map((f) => `items.${i}.${f}`))];
  return ordered.find((path) => errors[path]);
}

/** After a line is removed the indices shift, so its errors no longer point at the right lines. */
export const withoutLineErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('items')));

/** Errors that no field shows (e.g. 'date' format, '_'), for a notice near the save button. */
export const unplacedErrors = (errors: FieldErrors, items: readonly LineDraft[]) =>
  Object.entries(errors).filter(([path]) => path !== 'items' && !fieldElementId(path, items));
