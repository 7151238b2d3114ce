/**
 * Business constants of spec §9 (and the order codes of §3–§4) that the client and the server share.
 * Codes are English as the spec gives them; the Dutch labels are for the UI only.
 */

/** Payment terms in days offered by the order form (spec §9). */
export const PAYMENT_TERMS = [14, 30, 60] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERM: PaymentTerm = 14;

/** Units of an order line (spec §9). */
export const UNITS = ['stuk', 'uur', 'dag', 'meter', 'm2'] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = 'stuk';
export const UNIT_LABELS: Record<Unit, string> = {
  stuk: 'stuk',
  uur: 'uur',
  dag: 'dag',
  meter: 'meter',
  m2: 'm²',
};

/** VAT of an order line: a percentage, or reverse-charged ('verlegd', VAT 0 on the document). */
export const VAT_RATES = [21, 9, 0, 'verlegd'] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT: VatRate = 21;
export const VERLEGD_LABEL = 'Verlegd';
export const VAT_LABELS: Record<`${VatRate}`, string> = {
  '21': '21%',
  '9': '9%',
  '0': '0%',
  verlegd: VERLEGD_LABEL,
};
export const vatLabel = (rate: VatRate) => VAT_LABELS[`${rate}`];

/** Order status (spec §4): any of the four may be chosen freely. */
export const ORDER_STATUSES = ['concept', 'sent', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const DEFAULT_ORDER_STATUS: OrderStatus = 'concept';
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  concept: 'Concept',
  sent: 'Verzonden',
  paid: 'Betaald',
  cancelled: 'Geannuleerd',
};
/** Spec §4: paid green, sent blue, cancelled red, other grey. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, 'green' | 'blue' | 'red' | 'grey'> = {
  concept: 'grey',
  sent: 'blue',
  paid: 'green',
  cancelled: 'red',
};

/** The period select of the dashboard and the orders list (calendar periods, Europe/Amsterdam). */
export const PERIODS = ['month', 'quarter', 'year'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  month: 'Deze Maand',
  quarter: 'Afgelopen Kwartaal',
  year: 'Heel Jaar',
};
/** Where dates are cut into days, months and years (order dates, number years, periods). */
export const TIME_ZONE = 'Europe/Amsterdam';

/** Order numbering (spec §3, §9). */
export const DEFAULT_STARTING_NUMBER = 1001;
export const DEFAULT_ORDER_PREFIX = 'INK';
/** The order-number field's text when neither the preview call nor the settings give a number (spec §4). */
export const ORDER_NUMBER_FALLBACK_TEXT = 'Wordt automatisch gegenereerd';

/** The country select of the company profile and the customer form (spec §3, §5). */
export const COUNTRIES = [
  'Nederland',
  'België',
  'Duitsland',
  'Frankrijk',
  'Verenigd Koninkrijk',
  'Spanje',
  'Italië',
  'Andere',
] as const;
export type Country = (typeof COUNTRIES)[number];
/** A new account's and a new customer's country, and the one a customer card leaves unmentioned. */
export const DEFAULT_COUNTRY: Country = 'Nederland';

/**
 * Shown where an order has no customer to show (spec §2 Orders list): its customer was deleted before
 * orders kept a snapshot of their customer. Later deletions keep the snapshot's name.
 */
export const UNKNOWN_CUSTOMER = 'Onbekende klant';

/** Timings of spec §9, in milliseconds. */
export const SEND_DIALOG_DELAY_MS = 800;
export const NOTICE_MS = 5000;
export const TEMPLATE_NOTICE_MS = 3000;
