/** Helpers and fast-check building blocks for the rule and schema tests (not exported by the barrel). */
import fc from 'fast-check';
import type { z } from '../zod-nl';

/** The messages a schema reports for a value ([] when valid). */
export function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** Field path → its messages, e.g. `{ postalCode: ['Ongeldige postcode'] }` ({} when valid). */
export function errorsByField(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const result = schema.safeParse(value);
  for (const issue of result.success ? [] : result.error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

export const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

export const letters = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: length, maxLength: length });

/** Up to `max` of the noise characters inserted at random places. */
export const sprinkle = (base: fc.Arbitrary<string>, noise: readonly string[], max = 5) =>
  base.chain((s) =>
    fc
      .array(fc.tuple(fc.nat({ max: s.length }), fc.constantFrom(...noise)), { maxLength: max })
      .map((inserts) =>
        [...inserts]
          .sort((a, b) => b[0] - a[0])
          .reduce((out, [at, ch]) => out.slice(0, at) + ch + out.slice(at), s),
      ),
  );

/** Each character randomly upper- or lower-cased. */
export const randomCase = (base: fc.Arbitrary<string>) =>
  base.chain((s) =>
    fc
      .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
      .map((flags) => [...s].map((ch, i) => (flags[i] ? ch.toLowerCase() : ch.toUpperCase())).join('')),
  );

/** Leading and trailing blanks. */
export const padded = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t'), base, fc.constantFrom('', ' ', '\n'))
    .map(([a, s, b]) => a + s + b);

/** Strings likely to hit normaliser edge cases: all of Unicode, and the characters the rules care about. */
export const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...'0123456789+ -./()NLBnlb:#?@ßİ\t'), maxLength: 30 }),
);
