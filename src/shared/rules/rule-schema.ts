import { z } from '../zod-nl';

/** Far beyond any real value of these fields; only guards the normalisers against huge payloads. */
const DEFAULT_MAX_RAW_LENGTH = 100;

export interface RuleSchemaOptions {
  /** Pure string → string; applied before validation, and its result is what the schema outputs. */
  normalise: (raw: string) => string;
  /** Tests a non-empty normalised value. */
  isValid: (normalised: string) => boolean;
  /** The rule's Dutch message (spec wording). */
  message: string;
  /** When set, an empty (normalised) value is refused with this message; otherwise empty is valid. */
  required?: string;
  maxRawLength?: number;
  /** For the OpenAPI document: what the field holds and an example of the stored form. */
  description?: string;
  example?: string;
}

/**
 * One Dutch rule as a zod string schema: normalise, then validate. Stays a `ZodString` (normalising is
 * an `overwrite`, not a `transform`), so the OpenAPI input type is a plain string and forms keep strings.
 * An empty value is valid unless `required` is given. Each failure is exactly one issue with the rule's
 * message, and none is an explicit abort (so a form-level refine such as a password match still runs).
 */
export function ruleSchema({
  normalise,
  isValid,
  message,
  required,
  maxRawLength = DEFAULT_MAX_RAW_LENGTH,
  description,
  example,
}: RuleSchemaOptions) {
  const tooLong = (v: string) => v.length > maxRawLength;
  let schema = z.string({ error: required ?? message }).overwrite((v) => (tooLong(v) ? v : normalise(v)));
  if (required !== undefined) schema = schema.min(1, required);
  schema = schema.refine((v) => v === '' || (!tooLong(v) && isValid(v)), { error: message });
  return description === undefined && example === undefined
    ? schema
    : schema.meta({ description, examples: example === undefined ? undefined : [example] });
}
