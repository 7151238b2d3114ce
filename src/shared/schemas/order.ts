import {
  DEFAULT_ORDER_STATUS,
  DEFAULT_PAYMENT_TERM,
  DEFAULT_UNIT,
  DEFAULT_VAT,
  ORDER_STATUSES,
  PAYMENT_TERMS,
  PERIODS,
  UNITS,
  VAT_RATES,
  type VatRate,
} from '../constants';
import { computeOrderTotals, MAX_AMOUNT_CENTS, parseAmount, parseEuroText } from '../money';
import { RESPONSE_FILTERS } from '../order-confirmation-states';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, isoInstantOrDayInput } from '../rules/date-input';
import { parseQuantity, QUANTITY_MAX } from '../rules/quantity';
import { optionalText, requiredText, searchText } from '../rules/text';
import { z } from '../zod-nl';
import { APPROVAL_STATES } from './approval';
import { actorsOutput, idOutput, instantOutput, pageOutput, timestampsOutput } from './common';
import { orderDeliveryInputShape, orderDeliveryOutputShape } from './order-delivery';

/** Spec §5 Order form; the messages without spec wording are ours. */
/** Order dates a business can mean: the years of every date input (rules/date-input.ts). */
export const ORDER_DATE_MIN_YEAR = DATE_MIN_YEAR;
export const ORDER_DATE_MAX_YEAR = DATE_MAX_YEAR;

export const orderMessages = {
  customerRequired: 'Selecteer een klant',
  itemsRequired: 'Voeg minimaal één product toe',
  /** The form's warning above the lines when one of them lacks a description, quantity or price. */
  linesIncomplete:
    'Let op: één of meer orderregels zijn niet volledig ingevuld. Zorg ervoor dat elke regel een omschrijving, aantal en prijs bevat.',
  tooManyItems: 'Een order kan maximaal 500 regels bevatten',
  descriptionRequired: 'Omschrijving is verplicht',
  quantity: 'Voer een geldig aantal in, bijv. 2 of 2,5',
  /** '1,2,3', '0.125': we do not guess which separator is meant. */
  quantitySeparators: 'Onduidelijk aantal: gebruik een komma voor decimalen, bijv. 1.250,5',
  quantityDecimals: 'Aantal mag maximaal 3 decimalen hebben',
  quantityPositive: 'Aantal moet groter dan 0 zijn',
  quantityMax: 'Aantal mag maximaal 1.000.000 zijn',
  priceRequired: 'Prijs is verplicht',
  priceInvalid: 'Voer een geldige prijs in, bijv. 12,50',
  /** '1,2,3', '12.34.5': we do not guess which separator is meant. */
  priceSeparators: 'Onduidelijke prijs: gebruik een komma voor de centen, bijv. 1.234,56',
  priceDecimals: 'Prijs mag maximaal 2 decimalen hebben',
  pricePositive: 'Prijs moet groter dan 0 zijn',
  priceMax: 'Prijs mag maximaal € 9.999.999.999,99 zijn',
  lineTotalMax: 'Regeltotaal mag maximaal € 9.999.999.999,99 zijn',
  orderTotalMax: 'Het totaalbedrag van de order mag maximaal € 9.999.999.999,99 zijn',
  vat: 'Kies een btw-tarief: 21, 9, 0 of verlegd',
  unit: 'Kies een eenheid: stuk, uur, dag, meter of m2',
  status: 'Kies een status: concept, sent, paid of cancelled',
  paymentTerm: 'Betalingstermijn moet 14, 30 of 60 dagen zijn',
  date: 'Voer een geldige datum in',
  dateRange: `Voer een datum tussen ${ORDER_DATE_MIN_YEAR} en ${ORDER_DATE_MAX_YEAR} in`,
  btwVerlegd: 'BTW verlegd moet waar of onwaar zijn',
} as const;

export const ORDER_MAX_ITEMS = 500;
export const ORDER_MAX_QUANTITY = QUANTITY_MAX;

/** A customer id; an object carrying `_id` or `id` (as a picker may hand it over) is reduced to that id. */
export const customerRef = z
  .preprocess(
    (v) => {
      let value = v;
      if (value && typeof value === 'object') {
        const o = value as Record<string, unknown>;
        value = o._id ?? o.id;
      }
      return typeof value === 'string' ? value.trim() : value;
    },
    z
      .string({ error: orderMessages.customerRequired })
      .min(1, { error: orderMessages.customerRequired })
      .max(100, { error: orderMessages.customerRequired }),
  )
  .describe('Het `_id` van een eigen klant (een object met `_id` of `id` mag ook)');

const QUANTITY_ERRORS = {
  invalid: orderMessages.quantity,
  separators: orderMessages.quantitySeparators,
  decimals: orderMessages.quantityDecimals,
  positive: orderMessages.quantityPositive,
  max: orderMessages.quantityMax,
} as const;

/** What is wrong with a typed quantity, by the shared rule; undefined when it is fine (or empty: 1). */
export function quantityProblem(value: string | number): string | undefined {
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const parsed = parseQuantity(value);
  return parsed.ok ? undefined : QUANTITY_ERRORS[parsed.error];
}

/** 2.5, '2,5' and '2.5' alike; empty or missing becomes 1 (spec §5); '1,2,3', '-3' are refused, not rewritten. */
const quantitySchema = z
  .union([z.number(), z.string().max(20), z.null()], { error: orderMessages.quantity })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 1;
    const parsed = parseQuantity(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: quantityProblem(v) ?? orderMessages.quantity });
    return z.NEVER;
  })
  .describe(
    `Aantal: groter dan 0 en hoogstens ${ORDER_MAX_QUANTITY}, met maximaal 3 decimalen (uren, meters, m2 en kilo's in delen). Een JSON-getal wordt genomen zoals het is (2.5). Tekst wordt gelezen zoals een Nederlander het schrijft: komma voor de decimalen ('2,5', '0,75', '1.250,5'), punten in groepen van drie zijn duizendtallen ('1.250' = 1250); een punt met één of twee decimalen en zonder komma is een decimale punt ('2.5'). Al het andere ('1,2,3', '0.125', '2,3456') wordt geweigerd, nooit afgerond. Leeg of ontbrekend wordt 1.`,
  );

const PRICE_ERRORS = {
  invalid: orderMessages.priceInvalid,
  separators: orderMessages.priceSeparators,
  decimals: orderMessages.priceDecimals,
  range: orderMessages.priceMax,
} as const;

/**
 * A price as typed or sent, in cents, or the message that refuses it. Numbers are euros (12.5); text
 * is read by the one rule of parseEuroText (money.ts) — Dutch notation, or a decimal point with one or
 * two decimals as programs write it — and never truncated.
 */
export function parsePrice(
  value: string | number,
): { ok: true; cents: number } | { ok: false; message: string } {
  if (typeof value === 'string' && value.trim() === '')
    return { ok: false, message: orderMessages.priceRequired };
  const parsed = typeof value === 'number' ? parseAmount(value) : parseEuroText(value);
  if (!parsed.ok) return { ok: false, message: PRICE_ERRORS[parsed.error] };
  if (parsed.cents <= 0) return { ok: false, message: orderMessages.pricePositive };
  if (parsed.cents > MAX_AMOUNT_CENTS) return { ok: false, message: orderMessages.priceMax };
  return parsed;
}

/** Euros as a JSON number, or as text by the rule of parsePrice; the parsed value is in cents. */
const priceSchema = z
  .union([z.number(), z.string().max(40)], { error: orderMessages.priceRequired })
  .transform((v, ctx) => {
    const parsed = parsePrice(v);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  })
  .describe(
    "Prijs per eenheid exclusief btw in euro, groter dan 0, max. 2 decimalen. Een JSON-getal is euro (12.5). Tekst wordt gelezen zoals een Nederlander het schrijft: komma voor de centen ('12,50', '1.234,56'), punten in groepen van drie zijn duizendtallen ('12.345' = 12345); een punt met één of twee decimalen en zonder komma is een decimale punt ('199.99'). Al het andere ('1,2,3', '12.34.5', '12,345', '1.2345') wordt geweigerd, nooit afgekapt.",
  );

/** 21, 9, 0 (numbers or text, '21%' too) or 'verlegd'; missing or empty becomes 21. */
export function parseVatRate(v: unknown): VatRate | undefined {
  if (v === undefined || v === null || v === '') return DEFAULT_VAT;
  if (typeof v === 'number') return VAT_RATES.find((r) => r === v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim().toLowerCase().replace(/\s*%$/, '');
  if (t === 'verlegd') return 'verlegd';
  return VAT_RATES.find((r) => String(r) === t);
}

const vatSchema = z
  .union([z.number(), z.string().max(20), z.null()], { error: orderMessages.vat })
  .optional()
  .transform((v, ctx) => {
    const rate = parseVatRate(v);
    if (rate === undefined) {
      ctx.addIssue({ code: 'custom', message: orderMessages.vat });
      return z.NEVER;
    }
    return rate;
  })
  .describe("Btw-tarief: 21, 9, 0 of 'verlegd' (getal of tekst, '21%' mag ook); ontbrekend wordt 21");

const intLike = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

export const orderItemInput = z.object({
  description: requiredText(orderMessages.descriptionRequired, 500).describe(
    'Omschrijving van het product of de dienst',
  ),
  quantity: quantitySchema,
  unit: z
    .enum(UNITS, { error: orderMessages.unit })
    .default(DEFAULT_UNIT)
    .describe(`Eenheid: ${UNITS.join(', ')} (standaard ${DEFAULT_UNIT})`),
  price: priceSchema,
  vat: vatSchema,
});
export type OrderItemInput = z.input<typeof orderItemInput>;

/** The fields of POST /orders and PUT /orders/{id} (spec §7), defaults of spec §5 filled in. */
export const orderInputShape = {
  customer: customerRef,
  /** ISO 8601; missing means now (the form sends the current moment). */
  date: isoInstantOrDayInput({ invalid: orderMessages.date, range: orderMessages.dateRange })
    .optional()
    .describe('Orderdatum: ISO 8601-tijdstip met tijdzone of een dag (JJJJ-MM-DD); ontbrekend is nu'),
  project: optionalText(200).default('').describe('Projectnaam (optioneel)'),
  reference: optionalText(200)
    .default('')
    .describe('Referentie, bijv. het kenmerk van de leverancier (optioneel)'),
  items: z
    .array(orderItemInput, { error: orderMessages.itemsRequired })
    .min(1, { error: orderMessages.itemsRequired })
    .max(ORDER_MAX_ITEMS, { error: orderMessages.tooManyItems })
    .describe(`De orderregels: 1 tot ${ORDER_MAX_ITEMS}`),
  status: z
    .enum(ORDER_STATUSES, { error: orderMessages.status })
    .default(DEFAULT_ORDER_STATUS)
    .describe(`Status: ${ORDER_STATUSES.join(', ')} (standaard ${DEFAULT_ORDER_STATUS})`),
  paymentTerm: z
    .preprocess(intLike, z.literal(PAYMENT_TERMS, { error: orderMessages.paymentTerm }))
    .default(DEFAULT_PAYMENT_TERM)
    .describe(`Betalingstermijn in dagen: ${PAYMENT_TERMS.join(', ')} (standaard ${DEFAULT_PAYMENT_TERM})`),
  btwVerlegd: z
    .boolean({ error: orderMessages.btwVerlegd })
    .default(false)
    .describe('BTW verlegd: geen btw op de order, ook niet op regels met een tarief'),
  ...orderDeliveryInputShape,
};

type OrderAmountsCheck = {
  items: { quantity: number; price: number; vat: VatRate }[];
  btwVerlegd: boolean;
};

/** Refuses an order whose line totals or total do not fit numeric(12,2). */
export function checkOrderAmounts(order: OrderAmountsCheck, ctx: z.core.$RefinementCtx): void {
  const lines = order.items.map((i) => ({ quantity: i.quantity, priceCents: i.price, vat: i.vat }));
  const totals = computeOrderTotals(lines, order.btwVerlegd);
  if (!totals.exceedsMaximum) return;
  let lineTooBig = false;
  totals.lines.forEach((l, i) => {
    if (l.totalCents > MAX_AMOUNT_CENTS) {
      lineTooBig = true;
      ctx.addIssue({ code: 'custom', path: ['items', i, 'price'], message: orderMessages.lineTotalMax });
    }
  });
  if (!lineTooBig) ctx.addIssue({ code: 'custom', path: ['items'], message: orderMessages.orderTotalMax });
}

/**
 * An order as the form and the API send it. Parsed: `items[].price` is in CENTS (integer), `vat` a
 * VatRate, defaults filled (unit stuk, vat 21, quantity 1, paymentTerm 14, status concept).
 */
export const orderInput = z.object(orderInputShape).superRefine(checkOrderAmounts);
export type OrderInput = z.input<typeof orderInput>;
export type OrderInputData = z.output<typeof orderInput>;

/* ---------------------------------------------------------------- responses */

export const vatRateOutput = () =>
  z
    .union([z.literal(21), z.literal(9), z.literal(0), z.literal('verlegd')])
    .describe("Btw-tarief: 21, 9, 0 of 'verlegd'");

/** Amounts in responses are euros with two decimals, as numbers (ARCHITECTURE.md, REST shapes). */
const euros = (description: string) => z.number().describe(`${description}, in euro (2 decimalen)`);

export const orderItemOutput = z.object({
  description: z.string().describe('Omschrijving van het product of de dienst'),
  quantity: z.number().describe('Aantal, met maximaal 3 decimalen (2.5)'),
  unit: z.enum(UNITS).describe(`Eenheid: ${UNITS.join(', ')}`),
  price: euros('Prijs per eenheid exclusief btw'),
  vat: vatRateOutput(),
  total: euros('Regeltotaal exclusief btw: aantal × prijs, afgerond op de cent (half naar boven)'),
});
export type OrderItem = z.infer<typeof orderItemOutput>;

export const vatByRateOutput = z.object({
  rate: vatRateOutput(),
  /** The sum of the line totals at this rate. */
  base: euros('Som van de regeltotalen tegen dit tarief'),
  vat: euros('Btw over die som'),
});

/** What an order keeps of its customer (shared/order-record.ts, CustomerSnapshot). */
export const customerSnapshotOutput = z.object({
  name: z.string().describe('Naam van de klant'),
  company: z.string().describe("Bedrijfsnaam; '' als niet ingevuld"),
  contactPerson: z.string().describe("Contactpersoon; '' als niet ingevuld"),
  email: z.string().describe('E-mailadres van de klant'),
  address: z.string().describe("Adres; '' als niet ingevuld"),
  postalCode: z.string().describe("Postcode; '' als niet ingevuld"),
  city: z.string().describe("Plaats; '' als niet ingevuld"),
  country: z.string().describe('Land'),
  kvkNumber: z
    .string()
    .describe(
      "KVK-nummer van de klant (8 cijfers); '' als niet ingevuld, en bij een order die voor het laatst werd opgeslagen toen het KVK-nummer nog niet werd vastgelegd. Staat niet op de PDF; het UBL-bestand adresseert de klant ermee",
    ),
  btwNumber: z.string().describe("BTW-nummer van de klant; '' als niet ingevuld"),
});

const orderSummaryShape = {
  _id: idOutput(),
  orderNumber: z
    .string()
    .describe('Ordernummer, bijv. INK-2026-1001; toegekend bij het aanmaken en daarna vast'),
  date: instantOutput('Orderdatum'),
  project: z.string().describe("Projectnaam; '' als niet ingevuld"),
  reference: z.string().describe("Referentie; '' als niet ingevuld"),
  paymentTerm: z.number().int().describe('Betalingstermijn in dagen (14, 30 of 60)'),
  status: z.enum(ORDER_STATUSES).describe(`Status: ${ORDER_STATUSES.join(', ')}`),
  btwVerlegd: z.boolean().describe('BTW verlegd: geen btw op de order'),
  /**
   * The _id of the customer the order was written for; it stays after that customer is deleted. Null,
   * like the three fields below, only for an order whose customer was deleted before snapshots existed
   * (shown as 'Onbekende klant').
   */
  customer: z.string().nullable().meta({
    description:
      'Het _id van de klant waarvoor de order is geschreven; blijft staan als die klant later wordt verwijderd (de gegevens staan in customerSnapshot). Alleen null bij orders waarvan de klant al verwijderd was vóór er snapshots waren.',
  }),
  /** customerSnapshot.name and .company, for lists. */
  customerName: z
    .string()
    .nullable()
    .describe('Naam van de klant zoals vastgelegd bij het opslaan van de order (customerSnapshot.name)'),
  customerCompany: z
    .string()
    .nullable()
    .describe('Bedrijfsnaam van de klant zoals vastgelegd bij het opslaan (customerSnapshot.company)'),
  customerSnapshot: customerSnapshotOutput.nullable().meta({
    description:
      'De klant zoals die was toen de order voor het laatst werd opgeslagen. Een latere wijziging of verwijdering van de klant verandert de order niet; opnieuw opslaan neemt de actuele gegevens van de klant over (bestaat de klant niet meer, dan blijft deze snapshot staan).',
  }),
  ...orderDeliveryOutputShape,
  subtotal: euros('Totaal exclusief btw'),
  /** The total VAT; 0 when btwVerlegd. */
  vat: euros('Totale btw (0 bij BTW verlegd)'),
  total: euros('Totaal inclusief btw'),
  ...timestampsOutput(),
  ...actorsOutput(),
};

/** An order in the list views (no lines). */
export const orderSummaryOutput = z.object(orderSummaryShape);
export type OrderSummary = z.infer<typeof orderSummaryOutput>;

/** An order as GET/POST/PUT answer it: with its lines and the VAT per rate. */
export const orderOutput = z.object({
  ...orderSummaryShape,
  items: z.array(orderItemOutput).describe('De orderregels, in volgorde'),
  vatByRate: z.array(vatByRateOutput).describe('De btw per tarief, voor de totalen onder de order'),
});
export type Order = z.infer<typeof orderOutput>;

/* ---------------------------------------------------------------- lists and stats */

export const ORDER_PAGE_SIZE_MAX = 100;
export const orderPeriod = z.enum([...PERIODS, 'all']);
export type OrderPeriod = z.infer<typeof orderPeriod>;

/** The screens' paged list (tRPC only): filters, search and paging run in SQL. */
export const orderListQuery = z.object({
  /** Order number, customer name or company, project. */
  search: searchText(200),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Calendar month / quarter / year containing now (Europe/Amsterdam), or everything. */
  period: orderPeriod.optional().default('all'),
  /** 'Mijn orders': only those the caller created. */
  createdBy: z.literal('me').optional(),
  /** 'Wacht op goedkeuring' (APPROVAL_FILTER_LABEL): only the orders whose approval was asked and not yet decided. */
  approval: z.literal('requested').optional(),
  /** The customer's answer to the order's current link (RESPONSE_LABELS). */
  response: z.enum(RESPONSE_FILTERS).optional(),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(ORDER_PAGE_SIZE_MAX).optional().default(25),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

/** A row of the screens' list: the summary, and where the order stands with its approval and its answer. */
export const orderPageRow = orderSummaryOutput.extend({
  approvalState: z
    .enum(APPROVAL_STATES)
    .describe('De goedkeuringsstatus van de order (zie `approval.state`)'),
  response: z
    .enum(RESPONSE_FILTERS)
    .nullable()
    .describe(
      'Het antwoord van de klant op de link van de laatste verzending: waiting (wacht op akkoord), accepted, changes_requested of rejected; null zonder link of als de link verliep',
    ),
});
export type OrderPageRow = z.infer<typeof orderPageRow>;

export const orderPage = pageOutput(orderPageRow);
export type OrderPage = z.infer<typeof orderPage>;

export const orderStatsInput = z.object({ period: z.enum(PERIODS).optional().default('month') });

const statWithGrowth = {
  value: z.number(),
  previous: z.number(),
  /** Percentage change against the previous period, one decimal; +100 from zero, 0 when both are zero. */
  growth: z.number(),
};

export const orderStatsOutput = z.object({
  period: z.enum(PERIODS),
  /** The period [from, to) and the one before it [previousFrom, from), ISO instants. */
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  /** Totale Orders: the counted orders (shared/counted-orders.ts: all but the cancelled ones) dated in the period. */
  totalOrders: z.object(statWithGrowth),
  /**
   * Maandomzet / Kwartaalomzet / Jaaromzet: the same orders' subtotals (excl. VAT) in the period and
   * the previous one, euros; `valueInclVat` is their totals (incl. VAT) in the period.
   */
  revenue: z.object({ ...statWithGrowth, valueInclVat: z.number() }),
  /**
   * Actieve Klanten: customers marked active now (`value`). `growth` compares the active customers
   * created in the period (`newInPeriod`) with those created in the previous period.
   */
  activeCustomers: z.object({
    value: z.number().int(),
    newInPeriod: z.number().int(),
    newInPreviousPeriod: z.number().int(),
    growth: z.number(),
  }),
  /**
   * Wacht op goedkeuring: for an owner or admin, the orders whose approval was asked and that they may
   * decide on (not their own); 0 for a member or viewer, who decides on none.
   */
  approvalsWaiting: z.number().int(),
  /** Wacht op akkoord: the orders whose current link waits for the customer's answer now. */
  responsesWaiting: z
    .number()
    .int()
    .describe('Orders waarvan de link van de laatste verzending nu op het antwoord van de klant wacht'),
  /** Afgewezen: current links the customer declined, answered in the period. */
  responsesRejected: z
    .number()
    .int()
    .describe('Orders die de klant in de periode afwees (op de link van de laatste verzending)'),
  /** Wijziging gevraagd: current links with a change request answered in the period. */
  responsesChangesRequested: z
    .number()
    .int()
    .describe(
      'Orders waarvoor de klant in de periode een wijziging vroeg (op de link van de laatste verzending)',
    ),
});
export type OrderStats = z.infer<typeof orderStatsOutput>;
