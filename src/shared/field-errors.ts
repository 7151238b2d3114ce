/**
 * Refused input as `{field: message}`: the shape the server sends as `details` and every form shows
 * under its fields. One place builds it from zod issues, so the server's answer and the client's own
 * check name a field the same way.
 */

/** A form's messages, at most one per field, typed by its fields (`FieldErrors<'name' | 'email'>`). */
export type FieldErrors<F extends string = string> = { [K in F]?: string };

/**
 * The API's `details`: `{field path: message}`, e.g. `{customer: 'Selecteer een klant',
 * 'items.0.price': '…'}`, every message present.
 */
export type ErrorDetails = Record<string, string>;

/** Where an issue about the input as a whole (no path) lands. */
export const FORM_ERROR_KEY = '_';

/** What is read of a zod issue; a ZodError's `issues` fit, and so does any array of them. */
export type IssueLike = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first message per field (the one a form shows under it). Nested paths are dot-joined
 * (`items.0.price`); an issue without a path lands on `_`.
 */
export function fieldErrors(
  source: readonly IssueLike[] | { readonly issues: readonly IssueLike[] },
): ErrorDetails {
  const issues = 'issues' in source ? source.issues : source;
  const errors: ErrorDetails = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    // hasOwn, not `in`: a field called 'constructor' is a field like any other.
    if (!Object.hasOwn(errors, key)) errors[key] = issue.message;
  }
  return errors;
}

/** Only the fields a form has (in the form's own field type); the others it could not show. */
export function pickFieldErrors<F extends string>(errors: FieldErrors, fields: readonly F[]): FieldErrors<F> {
  const picked: FieldErrors<F> = {};
  for (const field of fields) {
    const message = Object.hasOwn(errors, field) ? errors[field] : undefined;
    if (message !== undefined) picked[field] = message;
  }
  return picked;
}
