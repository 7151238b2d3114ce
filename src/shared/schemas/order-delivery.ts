/**
 * Delivery and remarks of an order: the wished delivery day (gewenste leverdag), where to deliver
 * (afleveradres) and free remarks (opmerkingen). The form and the API check them with these schemas.
 *
 * THE ADDRESS RULE: an order either has an address of its own, or none — and then it is delivered at
 * the customer's address, the one in the order's customer snapshot (so it follows the customer when
 * the order is saved again, like the rest of the snapshot). `null` is stored for "the customer's
 * address"; an address sent that equals the customer's is stored as null too, so sending back what
 * GET answered does not freeze the customer's address into the order. Answers always carry the
 * effective address, with `deliveryAddressSource` saying which of the two it is.
 */
import { DEFAULT_COUNTRY } from '../constants';
import type { CustomerSnapshot, DeliveryAddress } from '../order-record';
import { DATE_YEARS_TEXT, isoDayInput } from '../rules/date-input';
import { POSTCODE_MESSAGE } from '../rules/postcode';
import { normalisePostcodeFor, postcodeErrorFor } from '../rules/postcode-country';
import { optionalText, requiredText } from '../rules/text';
import { z } from '../zod-nl';

export const NOTES_MAX = 2000;

export const deliveryMessages = {
  deliveryDate: 'Voer een geldige leverdag in (JJJJ-MM-DD)',
  deliveryDateRange: `Voer een leverdag ${DATE_YEARS_TEXT} in`,
  address: 'Adres is verplicht',
  postalCodeRequired: 'Postcode is verplicht',
  postalCode: POSTCODE_MESSAGE,
  city: 'Plaats is verplicht',
  deliveryAddress:
    'Geef een afleveradres op met adres, postcode en plaats, of null voor het adres van de klant',
} as const;

export type { DeliveryAddress };

export type DeliveryAddressSource = 'customer' | 'order';

/**
 * An address of the order's own. The postcode follows the rule of the address's country, as a
 * customer's does: in the Netherlands '1234 AB', a Belgian one 4 digits, and so on.
 */
export const deliveryAddressInput = z
  .object(
    {
      name: optionalText(200).default('').describe('Naam van de ontvanger of de locatie (optioneel)'),
      address: requiredText(deliveryMessages.address, 200).describe('Straat en huisnummer'),
      postalCode: requiredText(deliveryMessages.postalCodeRequired, 20).describe(
        "Postcode volgens het land van het adres; in Nederland als '1234 AB'",
      ),
      city: requiredText(deliveryMessages.city, 100).describe('Plaats'),
      country: optionalText(100).default(DEFAULT_COUNTRY).describe(`Land (standaard ${DEFAULT_COUNTRY})`),
    },
    { error: deliveryMessages.deliveryAddress },
  )
  .transform((a, ctx) => {
    const country = a.country === '' ? DEFAULT_COUNTRY : a.country;
    const problem = postcodeErrorFor(a.postalCode, country);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
      return z.NEVER;
    }
    return { ...a, postalCode: normalisePostcodeFor(a.postalCode, country), country };
  });

/** '' is no date, as null is. */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * The three fields of POST /orders and PUT /orders/{id}. Left out of a PUT, a field keeps what the
 * order has (a client that does not know them loses nothing); null clears it.
 */
export const orderDeliveryInputShape = {
  deliveryDate: z
    .preprocess(
      emptyToNull,
      isoDayInput({
        invalid: deliveryMessages.deliveryDate,
        range: deliveryMessages.deliveryDateRange,
      }).nullable(),
    )
    .optional()
    .describe(
      'Gewenste leverdag als JJJJ-MM-DD (optioneel). null of leeg: geen; weggelaten bij PUT: blijft zoals het was',
    ),
  deliveryAddress: deliveryAddressInput
    .nullable()
    .optional()
    .describe(
      'Afleveradres {name, address, postalCode, city, country}. null: het adres van de klant (standaard). Een adres gelijk aan dat van de klant wordt als null bewaard. Weggelaten bij PUT: blijft zoals het was',
    ),
  notes: z
    .preprocess((v) => (v === null ? '' : v), optionalText(NOTES_MAX))
    .optional()
    .describe(
      `Opmerkingen bij de order, platte tekst, maximaal ${NOTES_MAX} tekens; regeleinden blijven behouden. null of leeg: geen; weggelaten bij PUT: blijft zoals het was`,
    ),
};

export type OrderDeliveryInput = {
  deliveryDate?: string | null;
  deliveryAddress?: DeliveryAddress | null;
  notes?: string;
};

/** The customer's address as a delivery address: the company (or the name) receives it. */
export function customerDeliveryAddress(customer: CustomerSnapshot): DeliveryAddress {
  return {
    name: customer.company.trim() || customer.name.trim(),
    address: customer.address,
    postalCode: customer.postalCode,
    city: customer.city,
    country: customer.country || DEFAULT_COUNTRY,
  };
}

const addressKey = (a: DeliveryAddress) =>
  [a.name, a.address, a.postalCode.replace(/\s/g, ''), a.city, a.country || DEFAULT_COUNTRY]
    .map((part) => part.trim().toLowerCase())
    .join('\n');

/** Null when `own` is the customer's address anyway (see THE ADDRESS RULE above). */
export function ownDeliveryAddress(
  own: DeliveryAddress | null,
  customer: CustomerSnapshot | null,
): DeliveryAddress | null {
  if (!own || !customer) return own;
  return addressKey(own) === addressKey(customerDeliveryAddress(customer)) ? null : own;
}

/** Where the order goes: its own address, else the customer's; null when neither is known. */
export function effectiveDeliveryAddress(
  own: DeliveryAddress | null,
  customer: CustomerSnapshot | null,
): { address: DeliveryAddress | null; source: DeliveryAddressSource } {
  if (own) return { address: own, source: 'order' };
  return { address: customer ? customerDeliveryAddress(customer) : null, source: 'customer' };
}

/* ---------------------------------------------------------------- responses */

export const deliveryAddressOutput = z.object({
  name: z.string().describe("Naam van de ontvanger of de locatie; '' als niet ingevuld"),
  address: z.string().describe('Straat en huisnummer'),
  postalCode: z.string().describe('Postcode'),
  city: z.string().describe('Plaats'),
  country: z.string().describe('Land'),
});

export const orderDeliveryOutputShape = {
  deliveryDate: z.string().nullable().describe('Gewenste leverdag als JJJJ-MM-DD; null als niet opgegeven'),
  deliveryAddress: deliveryAddressOutput.nullable().meta({
    description:
      'Waar de order wordt afgeleverd: het eigen afleveradres van de order, of anders het adres van de klant uit customerSnapshot (zie deliveryAddressSource). Alleen null bij een oude order zonder klantgegevens en zonder eigen adres.',
  }),
  deliveryAddressSource: z
    .enum(['customer', 'order'])
    .describe(
      "'customer': geen eigen afleveradres, er wordt op het adres van de klant geleverd; 'order': de order heeft een eigen afleveradres",
    ),
  notes: z.string().describe("Opmerkingen bij de order; '' als niet ingevuld"),
};
