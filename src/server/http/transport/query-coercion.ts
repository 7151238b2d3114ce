import { instanceofZodTypeKind, unwrapZodType } from 'trpc-to-openapi';

/**
 * How a text value from the query string or the path becomes the type an object input's field takes,
 * as `z.coerce.*` turns it (zod's own conversions: Number, Boolean, BigInt, new Date).
 *
 * trpc-to-openapi gets the same effect by setting `coerce` on the procedure's own schema objects. Those
 * objects are shared: with the body inputs of POST/PUT/PATCH too, and with the tRPC calls of the same
 * procedure and the client's forms. Marked once, a JSON body's `"showBankAccount": "false"` would be
 * read as `true` and `"price": ""` as 0 on every path. So the text is converted here, for the query
 * and path values only, and the schemas stay as written.
 */
export type QueryCoercion = Map<string, (value: unknown) => unknown>;

type Shape = Record<string, Parameters<typeof unwrapZodType>[0]>;

const conversions = {
  number: (value: unknown) => Number(value),
  boolean: (value: unknown) => Boolean(value),
  bigint: (value: unknown) => BigInt(value as string),
  date: (value: unknown) => new Date(value as string),
} as const;

/** The conversion of each field of an object input that takes a number, boolean, bigint or date. */
export function queryCoercion(shape: Shape): QueryCoercion {
  const coercion: QueryCoercion = new Map();
  for (const [key, field] of Object.entries(shape)) {
    const type = unwrapZodType(field, false);
    for (const kind of Object.keys(conversions) as (keyof typeof conversions)[]) {
      if (!instanceofZodTypeKind(type, kind)) continue;
      const convert = conversions[kind];
      coercion.set(key, (value) => {
        // As zod's coercion: a value it cannot convert goes on as it was, for the schema to refuse.
        try {
          return convert(value);
        } catch {
          return value;
        }
      });
    }
  }
  return coercion;
}

/** Converts the given keys' text values in `input` (the route's own object) where the field takes another type. */
export function coerceQueryInput(
  input: Record<string, unknown>,
  keys: Iterable<string>,
  coercion: QueryCoercion,
): void {
  for (const key of keys) {
    const convert = coercion.get(key);
    if (convert && input[key] !== undefined) input[key] = convert(input[key]);
  }
}
