import { normalisePrefix } from '../order-number';
import { z } from '../zod-nl';

/** Spec §5 Order numbering ("start number is numeric text, minimum 1") and §8 Order numbering. */
export const orderSettingsMessages = {
  prefixMax: 'Voorvoegsel mag maximaal 20 tekens bevatten',
  prefixChars: 'Voorvoegsel mag alleen Latijnse letters (ook met accenten), cijfers, - en _ bevatten',
  startingNumberNumeric: 'Startnummer moet een getal zijn',
  startingNumberMin: 'Startnummer moet minimaal 1 zijn',
  startingNumberMax: 'Startnummer mag maximaal 999999999 zijn',
  includeYear: 'Jaartal opnemen moet aan of uit staan',
  format: "Formaat moet 'year' of 'sequential' zijn",
  loadError: 'Er is een fout opgetreden bij het ophalen van de instellingen.',
  saveError: 'Er is een fout opgetreden bij het opslaan van de instellingen.',
  saved: 'Instellingen opgeslagen! Nieuwe orders zullen deze nummering gebruiken.',
} as const;

export const ORDER_PREFIX_MAX = 20;
export const STARTING_NUMBER_MAX = 999_999_999;

export const orderNumberFormat = z
  .enum(['year', 'sequential'], { error: orderSettingsMessages.format })
  .describe("'year' als het jaartal in het nummer staat, anders 'sequential' (synoniem van `includeYear`)");

/**
 * The letters of the Latin script — a–z and the accented ones of Latin-1 and Latin Extended-A/B (é, ë,
 * ç, ø, ß, ĳ, ł, ș …), without × and ÷ — which every font an order's PDF offers can print (their
 * latin and latin-ext subsets), so the number the supplier reads is the number that was typed.
 * Explicit ranges rather than \p{L}: the pattern is published in the OpenAPI document, where
 * ECMAScript without the `u` flag, Python's `re` and generated clients read \p{…} differently or
 * not at all. The characters themselves stand in the pattern (the template turns \u00C0 into À),
 * since Go's RE2 has no \u escape.
 */
const LATIN_LETTERS = 'A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F';

/** The prefix's characters, the same rule for the server, the settings panel and the OpenAPI document. */
export const ORDER_PREFIX_PATTERN = new RegExp(`^[0-9${LATIN_LETTERS}_-]*$`);

/** Latin letters, digits 0–9, '-' and '_'; trimmed; a trailing '-' is dropped (the separator adds one). */
export const orderPrefixSchema = z
  .string({ error: orderSettingsMessages.prefixChars })
  .overwrite((v) => normalisePrefix(v))
  .max(ORDER_PREFIX_MAX, { error: orderSettingsMessages.prefixMax })
  .regex(ORDER_PREFIX_PATTERN, { error: orderSettingsMessages.prefixChars })
  .describe(
    `Voorvoegsel van het ordernummer: Latijnse letters (ook met accenten), cijfers 0-9, - en _, max. ${ORDER_PREFIX_MAX} tekens; mag leeg zijn`,
  );

/** A whole number ≥ 1, typed as text ('1001') or sent as a number. */
export const startingNumberSchema = z
  .union([z.number(), z.string().max(20)], { error: orderSettingsMessages.startingNumberNumeric })
  .transform((v, ctx) => {
    const n = typeof v === 'string' ? (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v;
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: orderSettingsMessages.startingNumberNumeric });
      return z.NEVER;
    }
    if (n < 1) {
      ctx.addIssue({ code: 'custom', message: orderSettingsMessages.startingNumberMin });
      return z.NEVER;
    }
    if (n > STARTING_NUMBER_MAX) {
      ctx.addIssue({ code: 'custom', message: orderSettingsMessages.startingNumberMax });
      return z.NEVER;
    }
    return n;
  })
  .describe(`Startnummer van de reeks: geheel getal van 1 tot ${STARTING_NUMBER_MAX} (getal of tekst)`);

/**
 * PUT /auth/order-settings: any of the four fields; what is left out keeps its current value.
 * `includeYear` decides; `format` ('year' | 'sequential') is accepted as its synonym when
 * `includeYear` is not sent.
 */
export const orderSettingsInput = z.object({
  format: orderNumberFormat.optional(),
  prefix: orderPrefixSchema.optional(),
  includeYear: z
    .boolean({ error: orderSettingsMessages.includeYear })
    .optional()
    .describe('Jaartal in het nummer; de reeks begint dan elk kalenderjaar opnieuw bij het startnummer'),
  startingNumber: startingNumberSchema.optional(),
});
export type OrderSettingsInput = z.input<typeof orderSettingsInput>;
export type OrderSettingsInputData = z.output<typeof orderSettingsInput>;

export const orderSettingsOutput = z.object({
  /** 'year' when the year is in the number, else 'sequential' (always agrees with includeYear). */
  format: orderNumberFormat,
  prefix: z.string().describe("Voorvoegsel van het ordernummer; '' voor geen voorvoegsel"),
  includeYear: z.boolean().describe('Of het jaartal in het nummer staat'),
  startingNumber: z.number().int().describe('Startnummer van de reeks'),
});
export type OrderSettings = z.infer<typeof orderSettingsOutput>;

/** GET /auth/next-order-number: a preview; the number is assigned when the order is saved. */
export const nextOrderNumberOutput = z.object({
  nextNumber: z.string().describe('Het nummer dat de volgende order nu zou krijgen, bijv. INK-2026-1001'),
});
export type NextOrderNumber = z.infer<typeof nextOrderNumberOutput>;
