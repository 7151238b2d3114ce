import { ORDER_STATUSES } from '../constants';
import { RESPONSE_FILTERS } from '../order-confirmation-states';
import { DATE_YEARS_TEXT, isoDayInput, isoInstantInput } from '../rules/date-input';
import { optionalText } from '../rules/text';
import { z } from '../zod-nl';
import { APPROVAL_STATES } from './approval';

/**
 * The optional query parameters of `GET /api/orders` and `GET /api/customers` for integrators.
 * Without any of them both calls answer the spec's whole list; a query string arrives as
 * text, so every number and date is read from text here, with a Dutch message naming the parameter.
 */

export const API_LIST_LIMIT_MAX = 200;

export const apiListMessages = {
  limit: `limit moet een heel getal van 1 tot en met ${API_LIST_LIMIT_MAX} zijn.`,
  offset: 'offset moet een heel getal van 0 of meer zijn.',
  updatedSince:
    'updatedSince moet een ISO 8601-tijdstip met tijdzone zijn, bijvoorbeeld 2026-11-24T09:00:00Z.',
  updatedSinceRange: `updatedSince moet een tijdstip ${DATE_YEARS_TEXT} zijn.`,
  day: (name: string) => `${name} moet een datum zijn als 2026-11-24 (jjjj-mm-dd).`,
  dayRange: (name: string) => `${name} moet een datum ${DATE_YEARS_TEXT} zijn.`,
  status: `status moet een van ${ORDER_STATUSES.join(', ')} zijn.`,
  fromAfterTo: 'from mag niet na to liggen.',
  createdBy: "createdBy moet 'me' of het id (uuid) van een gebruiker zijn.",
  // The values are in the parameter's description: listed here, 'required' would read as English in a Dutch text.
  approval:
    'approval moet een van de goedkeuringsstatussen van `approval.state` zijn, bijvoorbeeld requested.',
  response: `response moet een van ${RESPONSE_FILTERS.join(', ')} zijn.`,
} as const;

/** 'me' or a uuid, any case: also in the OpenAPI document, as the parameter's pattern. */
const CREATED_BY_PATTERN =
  /^(me|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/**
 * `createdBy`: 'me' (whoever calls; with an API key, the key's creator) or a user's id. Any other
 * text is refused rather than matching nothing, so a typo does not look like "no orders".
 */
export const createdByParam = z
  .string({ error: apiListMessages.createdBy })
  .regex(CREATED_BY_PATTERN, apiListMessages.createdBy)
  .transform((v) => v.toLowerCase())
  .describe(
    'Optioneel. Alleen orders die deze gebruiker heeft aangemaakt: `me` voor uzelf (met een API-sleutel: de gebruiker die de sleutel aanmaakte), of het id van een gebruiker (zoals in `createdBy.id`). Orders van vóór het bijhouden hiervan (`createdBy` null) vallen erbuiten. Een andere waarde geeft 400.',
  );

/** A whole number written as digits only ('10'; not '1e1', ' 10' or '10.0'). */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[0-9]{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const day = (name: string) =>
  isoDayInput({ invalid: apiListMessages.day(name), range: apiListMessages.dayRange(name) }).meta({
    description: `Optioneel. Datum jjjj-mm-dd ${DATE_YEARS_TEXT} (Europe/Amsterdam, ${name === 'from' ? 'vanaf' : 'tot en met'} die dag).`,
    format: 'date',
  });

const search = (description: string) => optionalText(200).describe(`Optioneel. ${description}`).optional();

const listParams = {
  limit: wholeNumber(1, API_LIST_LIMIT_MAX, apiListMessages.limit)
    .describe(
      `Optioneel. Hoogstens zoveel resultaten (1–${API_LIST_LIMIT_MAX}). Met limit draagt het antwoord X-Total-Count en een Link-header (next/prev).`,
    )
    .optional(),
  offset: wholeNumber(0, 100_000_000, apiListMessages.offset)
    .describe('Optioneel. Zoveel resultaten overslaan (standaard 0).')
    .optional(),
  updatedSince: isoInstantInput({
    invalid: apiListMessages.updatedSince,
    range: apiListMessages.updatedSinceRange,
  })
    .meta({
      description: `Optioneel. Alleen wat op of na dit tijdstip (ISO 8601 met tijdzone, ${DATE_YEARS_TEXT}) is aangemaakt of gewijzigd, het minst recent gewijzigde eerst: om wijzigingen bij te houden.`,
      format: 'date-time',
    })
    .optional(),
};

export const orderApiListQuery = z
  .object({
    ...listParams,
    search: search('Zoekt in ordernummer, project en naam of bedrijf van de klant.'),
    status: z
      .enum(ORDER_STATUSES, { error: apiListMessages.status })
      .describe(`Optioneel. Alleen orders met deze status (${ORDER_STATUSES.join(', ')}).`)
      .optional(),
    from: day('from').optional(),
    to: day('to').optional(),
    createdBy: createdByParam.optional(),
    approval: z
      .enum(APPROVAL_STATES, { error: apiListMessages.approval })
      .describe(
        'Optioneel. Alleen orders met deze goedkeuringsstatus: `requested` (wacht op goedkeuring), `required` (goedkeuring nodig, niet aangevraagd), `approved` (goedgekeurd), `rejected` (afgewezen) of `not_required` (geen goedkeuring nodig). Zie `approval.state` van GET /orders/{id}.',
      )
      .optional(),
    response: z
      .enum(RESPONSE_FILTERS, { error: apiListMessages.response })
      .describe(
        'Optioneel. Alleen orders waarvan de link van de laatste verzending dit antwoord van de klant heeft: `waiting` (wacht op akkoord: niet beantwoord, niet verlopen, order niet geannuleerd), `accepted` (akkoord), `changes_requested` (wijziging gevraagd) of `rejected` (afgewezen). Zie `customerResponse` en `confirmation` van GET /orders/{id}.',
      )
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: apiListMessages.fromAfterTo,
    path: ['from'],
  });
export type OrderApiListQuery = z.output<typeof orderApiListQuery>;

export const customerApiListQuery = z.object({
  ...listParams,
  search: search('Zoekt in naam, bedrijf, e-mailadres en plaats.'),
});
export type CustomerApiListQuery = z.output<typeof customerApiListQuery>;

/** For the OpenAPI document: the headers a page (`limit`) answers with. */
export const pageHeaders = z.object({
  'x-total-count': z
    .string()
    .describe('Met limit: hoeveel resultaten er in totaal passen (niet alleen deze pagina).')
    .optional(),
  link: z
    .string()
    .describe(
      'Met limit: RFC 8288-links naar de volgende (rel="next") en vorige (rel="prev") pagina, als die er zijn.',
    )
    .optional(),
});
