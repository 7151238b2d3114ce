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
import { computeOrderTotals, MAX_AMOUNT_CENTS, parseAmount } from '../money';
import { optionalText, requiredText } from '../rules/text';
import { z } from '../zod-nl';

/** Spec §5 Order form; the messages without spec wording are ours. */
export const orderMessages = {
  customerRequired: 'Selecteer een klant',
  itemsRequired: 'Voeg minimaal één product toe',
  /** The form's warning above the lines when one of them lacks a description, quantity or price. */
  linesIncomplete:
    'Let op: één of meer orderregels zijn niet volledig ingevuld. Zorg ervoor dat elke regel een omschrijving, aantal en prijs bevat.',
  tooManyItems: 'Een order kan maximaal 500 regels bevatten',
  descriptionRequired: 'Omschrijving is verplicht',
  quantity: 'Aantal moet een geheel getal van minimaal 1 zijn',
  quantityMax: 'Aantal mag maximaal 1.000.000 zijn',
  priceRequired: 'Prijs is verplicht',
  priceInvalid: 'Voer een geldige prijs in, bijv. 12,50',
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
  btwVerlegd: 'BTW verlegd moet waar of onwaar zijn',
} as const;

export const ORDER_MAX_ITEMS = 500;
export const ORDER_MAX_QUANTITY = 1_000_000;

/** A customer id; an object carrying `_id` or `id` (as a picker may hand it over) is reduced to that id. */
export const customerRef = z.preprocess(
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
);

/** '3' and 3 alike; empty or missing becomes 1 (spec §5). */
const quantitySchema = z
  .union([z.number(), z.string().max(20), z.null()], { error: orderMessages.quantity })
  .optional()
  .transform((v) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 1;
    return typeof v === 'string' ? (/^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v;
  })
  .pipe(
    z
      .number({ error: orderMessages.quantity })
      .int({ error: orderMessages.quantity })
      .min(1, { error: orderMessages.quantity })
      .max(ORDER_MAX_QUANTITY, { error: orderMessages.quantityMax }),
  );

/** Euros as a number or as text with a dot or a comma ('12.50', '12,5'); the parsed value is in cents. */
const priceSchema = z
  .union([z.number(), z.string().max(40)], { error: orderMessages.priceRequired })
  .transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: orderMessages.priceRequired });
      return z.NEVER;
    }
    const parsed = parseAmount(v);
    if (!parsed.ok) {
      const message =
        parsed.error === 'decimals'
          ? orderMessages.priceDecimals
          : parsed.error === 'range'
            ? orderMessages.priceMax
            : orderMessages.priceInvalid;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parsed.cents <= 0) {
      ctx.addIssue({ code: 'custom', message: orderMessages.pricePositive });
      return z.NEVER;
    }
    if (parsed.cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: orderMessages.priceMax });
      return z.NEVER;
    }
    return parsed.cents;
  });

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
  });

const intLike = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

export const orderItemInput = z.object({
  description: requiredText(orderMessages.descriptionRequired, 500),
  quantity: quantitySchema,
  unit: z.enum(UNITS, { error: orderMessages.unit }).default(DEFAULT_UNIT),
  price: priceSchema,
  vat: vatSchema,
});
export type OrderItemInput = z.input<typeof orderItemInput>;

/** The fields of POST /orders and PUT /orders/{id} (spec §7), defaults of spec §5 filled in. */
export const orderInputShape = {
  customer: customerRef,
  /** ISO 8601; missing means now (the form sends the current moment). */
  date: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: orderMessages.date }).optional(),
  project: optionalText(200).default(''),
  reference: optionalText(200).default(''),
  items: z
    .array(orderItemInput, { error: orderMessages.itemsRequired })
    .min(1, { error: orderMessages.itemsRequired })
    .max(ORDER_MAX_ITEMS, { error: orderMessages.tooManyItems }),
  status: z.enum(ORDER_STATUSES, { error: orderMessages.status }).default(DEFAULT_ORDER_STATUS),
  paymentTerm: z
    .preprocess(intLike, z.literal(PAYMENT_TERMS, { error: orderMessages.paymentTerm }))
    .default(DEFAULT_PAYMENT_TERM),
  btwVerlegd: z.boolean({ error: orderMessages.btwVerlegd }).default(false),
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

export const vatRateOutput = z.union([z.literal(21), z.literal(9), z.literal(0), z.literal('verlegd')]);

/** Amounts in responses are euros with two decimals, as numbers (ARCHITECTURE.md, REST shapes). */
const euros = () => z.number();

export const orderItemOutput = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit: z.enum(UNITS),
  price: euros(),
  vat: vatRateOutput,
  total: euros(),
});
export type OrderItem = z.infer<typeof orderItemOutput>;

export const vatByRateOutput = z.object({
  rate: vatRateOutput,
  /** The sum of the line totals at this rate. */
  base: euros(),
  vat: euros(),
});

/** What an order keeps of its customer (shared/order-record.ts, CustomerSnapshot). */
export const customerSnapshotOutput = z
  .object({
    name: z.string(),
    company: z.string(),
    contactPerson: z.string(),
    email: z.string(),
    address: z.string(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
    btwNumber: z.string(),
  })
  .meta({
    description:
      'De klant zoals die was toen de order voor het laatst werd opgeslagen. Een latere wijziging of verwijdering van de klant verandert de order niet; opnieuw opslaan neemt de actuele gegevens van de klant over (bestaat de klant niet meer, dan blijft deze snapshot staan).',
  });

const orderSummaryShape = {
  _id: z.string(),
  orderNumber: z.string(),
  date: z.string(),
  project: z.string(),
  reference: z.string(),
  paymentTerm: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  btwVerlegd: z.boolean(),
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
  customerName: z.string().nullable(),
  customerCompany: z.string().nullable(),
  customerSnapshot: customerSnapshotOutput.nullable(),
  subtotal: euros(),
  /** The total VAT; 0 when btwVerlegd. */
  vat: euros(),
  total: euros(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** An order in the list views (no lines). */
export const orderSummaryOutput = z.object(orderSummaryShape);
export type OrderSummary = z.infer<typeof orderSummaryOutput>;

/** An order as GET/POST/PUT answer it: with its lines and the VAT per rate. */
export const orderOutput = z.object({
  ...orderSummaryShape,
  items: z.array(orderItemOutput),
  vatByRate: z.array(vatByRateOutput),
});
export type Order = z.infer<typeof orderOutput>;

/* ---------------------------------------------------------------- lists and stats */

export const ORDER_PAGE_SIZE_MAX = 100;
export const orderPeriod = z.enum([...PERIODS, 'all']);
export type OrderPeriod = z.infer<typeof orderPeriod>;

/** The screens' paged list (tRPC only): filters, search and paging run in SQL. */
export const orderListQuery = z.object({
  /** Order number, customer name or company, project. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Calendar month / quarter / year containing now (Europe/Amsterdam), or everything. */
  period: orderPeriod.optional().default('all'),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(ORDER_PAGE_SIZE_MAX).optional().default(25),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export const orderPage = z.object({
  items: z.array(orderSummaryOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
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
  /** Totale Orders: orders dated in the period, every status. */
  totalOrders: z.object(statWithGrowth),
  /** Maandomzet: the sum of the order totals (incl. VAT) in the period, cancelled orders excluded; euros. */
  revenue: z.object(statWithGrowth),
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
});
export type OrderStats = z.infer<typeof orderStatsOutput>;
