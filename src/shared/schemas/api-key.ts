import { addDays, amsterdamDay, isValidDay, startOfAmsterdamDay } from '../dates';
import { DATE_MAX_YEAR, isDateInRange, isoInstantOrDayInput } from '../rules/date-input';
import { requiredText } from '../rules/text';
import { z } from '../zod-nl';
import { idOutput, instantOutput } from './common';

/**
 * API keys: what the form and POST /api-keys take, and what the list answers. The same
 * schema checks the form in the browser and the request on the server.
 */

export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** The screen's words for the two levels. */
export const API_KEY_ACCESS_LABELS: Record<ApiKeyAccess, string> = {
  read: 'Lezen',
  write: 'Lezen en schrijven',
};

export const API_KEY_NAME_MAX = 100;

export const apiKeyMessages = {
  nameRequired: 'Naam is verplicht',
  access: "Kies een toegangsniveau: 'read' (lezen) of 'write' (lezen en schrijven)",
  expiresAtInvalid: 'Voer een geldige verloopdatum in',
  expiresAtPast: 'De verloopdatum moet in de toekomst liggen',
  expiresAtRange: `De verloopdatum moet in de toekomst liggen, uiterlijk in ${DATE_MAX_YEAR}`,
} as const;

/**
 * When a key with this expiry stops working: an ISO instant as given, or a day (YYYY-MM-DD) through
 * its end in the Netherlands (so 'verloopt 31-12-2026' still works on that day). null: not a date, or
 * one outside the years every date input takes (rules/date-input.ts).
 */
export function apiKeyExpiryInstant(value: string): Date | null {
  if (!isDateInRange(value)) return null;
  if (isValidDay(value)) return startOfAmsterdamDay(addDays(value, 1));
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) || amsterdamDay(instant) === '' ? null : instant;
}

const expiresAtInput = isoInstantOrDayInput({
  invalid: apiKeyMessages.expiresAtInvalid,
  range: apiKeyMessages.expiresAtRange,
}).transform((value, ctx) => {
  const instant = apiKeyExpiryInstant(value);
  if (!instant) {
    ctx.addIssue({ code: 'custom', message: apiKeyMessages.expiresAtInvalid });
    return z.NEVER;
  }
  // Checked against the moment of the request: a key that is dead on arrival helps no one.
  if (instant.getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', message: apiKeyMessages.expiresAtPast });
    return z.NEVER;
  }
  return instant;
});

/** POST /api-keys. */
export const apiKeyCreateInput = z.object({
  name: requiredText(apiKeyMessages.nameRequired, API_KEY_NAME_MAX).describe(
    `Naam van de sleutel, om hem terug te herkennen (1 tot ${API_KEY_NAME_MAX} tekens)`,
  ),
  access: z
    .enum(API_KEY_ACCESS, { error: apiKeyMessages.access })
    .describe(
      "Toegangsniveau: 'read' (alleen lezen; elke wijziging geeft 403) of 'write' (lezen en schrijven)",
    ),
  expiresAt: expiresAtInput
    .optional()
    .describe(
      `Verloopmoment (optioneel): ISO 8601-tijdstip met tijdzone, of een dag (JJJJ-MM-DD) die dan tot en met die dag (Nederlandse tijd) geldt; moet in de toekomst liggen, uiterlijk in ${DATE_MAX_YEAR}. Ontbrekend: verloopt niet`,
    ),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateInput>;
export type ApiKeyCreateData = z.output<typeof apiKeyCreateInput>;

/** A key as the list shows it: never its secret, nor its hash. */
export const apiKeyOutput = z.object({
  _id: idOutput(),
  name: z.string().describe('Naam van de sleutel'),
  access: z.enum(API_KEY_ACCESS).describe("Toegangsniveau: 'read' of 'write'"),
  prefix: z.string().describe('De eerste tekens van de sleutel, om hem te herkennen (bijv. ik_4fZq9)'),
  createdAt: instantOutput('Aangemaakt op'),
  lastUsedAt: z
    .string()
    .nullable()
    .describe('Laatst gebruikt (ISO 8601, UTC; tot op een minuut nauwkeurig); null als nooit gebruikt'),
  expiresAt: z.string().nullable().describe('Verloopt op (ISO 8601, UTC); null als de sleutel niet verloopt'),
});
export type ApiKey = z.infer<typeof apiKeyOutput>;

/** The answer of POST /api-keys: the only time the secret is sent. */
export const apiKeyCreatedOutput = apiKeyOutput.extend({
  secret: z
    .string()
    .describe(
      'De sleutel zelf (ik_…), alleen in dit antwoord: bewaar hem veilig. Stuur hem mee als `Authorization: Bearer <sleutel>`',
    ),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedOutput>;
