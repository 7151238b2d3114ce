/**
 * What an order document says, worked out once from its data: the texts, the dates (dd-mm-jjjj,
 * Europe/Amsterdam) and the amounts (from money.ts, so the document shows the same total as the API
 * and the screens). The component only lays it out.
 */
import { DEFAULT_COUNTRY, UNIT_LABELS, UNKNOWN_CUSTOMER, VERLEGD_LABEL, vatLabel } from '../constants';
import { amsterdamDay, dueDay, formatDate } from '../dates';
import { formatEuro } from '../format';
import { computeOrderTotals, type OrderTotals } from '../money';
import { formatPhone } from '../rules/phone';
import { formatQuantity } from '../rules/quantity';
import { DEFAULT_PDF_SETTINGS, PDF_TEMPLATES, type PdfTemplate } from '../schemas/pdf-settings';
import { type DocumentColors, documentColors } from './colors';
import { type DeliveryView, deliveryView } from './delivery-view';
import { fontStack } from './fonts';
import type { DocumentCompany, DocumentCustomer, OrderDocumentData } from './types';
import { vatNoticeOf } from './vat-notice-view';

export const DOCUMENT_TITLE = 'Inkooporder';
/** The legal mention of a reverse-charged order, followed by the customer's BTW number. */
export const REVERSE_CHARGE_TEXT = 'BTW verlegd';

const HOME_COUNTRY = DEFAULT_COUNTRY;

export type Labelled = { label: string; value: string };

export type DocumentLineView = {
  description: string;
  quantity: string;
  unit: string;
  price: string;
  vat: string;
  total: string;
};

export type TotalRow = { kind: 'subtotal' | 'vat' | 'total'; label: string; note: string; value: string };

export type DocumentView = {
  template: PdfTemplate;
  colors: DocumentColors;
  fontStack: string;
  title: string;
  orderNumber: string;
  company: { name: string; address: string[]; contact: Labelled[]; registration: Labelled[] };
  /** The logo's image address (document-logo.tsx), or null. */
  logo: string | null;
  customer: { lines: string[]; btwNumber: string };
  meta: Labelled[];
  lines: DocumentLineView[];
  totals: TotalRow[];
  totalCents: number;
  /** 'BTW verlegd …' when any line is reverse-charged, else ''. */
  reverseCharge: string;
  payment: Labelled[];
  notes: string;
  /** Delivery and remarks of the order (delivery-block.tsx); null when it has none. */
  delivery: DeliveryView | null;
};

const present = (...parts: string[]) => parts.map((p) => p.trim()).filter((p) => p !== '');
const placeLine = (postalCode: string, city: string) => present(postalCode, city).join(' ');
const foreignCountry = (country: string) =>
  country.trim() !== '' && country.trim() !== HOME_COUNTRY ? country.trim() : '';
const labelled = (pairs: [string, string][]): Labelled[] =>
  pairs.filter(([, value]) => value.trim() !== '').map(([label, value]) => ({ label, value: value.trim() }));

/** 'NL91ABNA0417164300' → 'NL91 ABNA 0417 1643 00', as an IBAN is printed. */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

function companyView(c: DocumentCompany): DocumentView['company'] {
  return {
    name: c.company.trim(),
    address: present(c.address, placeLine(c.postalCode, c.city), foreignCountry(c.country)),
    contact: labelled([
      ['Tel.', formatPhone(c.phoneNumber)],
      ['E-mail', c.email],
      ['Web', c.website],
    ]),
    registration: labelled([
      ['KVK', c.kvkNumber],
      ['BTW', c.btwNumber],
    ]),
  };
}

function customerView(c: DocumentCustomer | null): DocumentView['customer'] {
  if (!c) return { lines: [UNKNOWN_CUSTOMER], btwNumber: '' };
  const name = c.company.trim() || c.name.trim();
  const contact = c.contactPerson.trim() || c.name.trim();
  return {
    lines: present(
      name,
      contact && contact !== name ? `t.a.v. ${contact}` : '',
      c.address,
      placeLine(c.postalCode, c.city),
      foreignCountry(c.country),
    ),
    btwNumber: c.btwNumber.trim(),
  };
}

function totalRows(totals: OrderTotals): TotalRow[] {
  const several = totals.vatByRate.length > 1;
  const vatRows = totals.vatByRate.map<TotalRow>((r) => ({
    kind: 'vat',
    label: r.rate === 'verlegd' ? REVERSE_CHARGE_TEXT : `BTW ${vatLabel(r.rate)}`,
    note: several ? `over ${formatEuro(r.baseCents)}` : '',
    value: r.rate === 'verlegd' ? VERLEGD_LABEL : formatEuro(r.vatCents),
  }));
  return [
    { kind: 'subtotal', label: 'Subtotaal', note: '', value: formatEuro(totals.subtotalCents) },
    ...vatRows,
    { kind: 'total', label: 'Totaal', note: '', value: formatEuro(totals.totalCents) },
  ];
}

export function documentView(data: OrderDocumentData): DocumentView {
  const { order, settings } = data;
  const totals = computeOrderTotals(order.lines, order.btwVerlegd);
  const day = amsterdamDay(order.date);
  const customer = customerView(data.customer);
  // For a customer elsewhere in the EU the VAT notice (vat-notice.tsx) says it, with both numbers.
  const anyReverseCharge = totals.vatByRate.some((r) => r.rate === 'verlegd') && !vatNoticeOf(data);
  const bankAccount = data.company.bankAccount.trim();
  return {
    template: PDF_TEMPLATES.includes(settings.template) ? settings.template : DEFAULT_PDF_SETTINGS.template,
    colors: documentColors(settings),
    fontStack: fontStack(settings.fontFamily),
    title: DOCUMENT_TITLE,
    orderNumber: order.orderNumber,
    company: companyView(data.company),
    logo: data.logo ?? null,
    customer,
    meta: labelled([
      ['Ordernummer', order.orderNumber],
      ['Orderdatum', formatDate(day)],
      ['Betalingstermijn', `${order.paymentTerm} dagen`],
      // An order without a valid date shows no due date rather than a made-up one.
      ['Vervaldatum', day === '' ? '' : formatDate(dueDay(day, order.paymentTerm))],
      ['Project', order.project],
      ['Referentie', order.reference],
    ]),
    lines: order.lines.map((line, i) => ({
      description: line.description,
      quantity: formatQuantity(line.quantity),
      unit: UNIT_LABELS[line.unit] ?? line.unit,
      price: formatEuro(line.priceCents),
      vat: order.btwVerlegd ? VERLEGD_LABEL : vatLabel(line.vat),
      total: formatEuro(totals.lines[i]!.totalCents),
    })),
    totals: totalRows(totals),
    totalCents: totals.totalCents,
    reverseCharge: anyReverseCharge
      ? present(REVERSE_CHARGE_TEXT, customer.btwNumber && `BTW-nummer afnemer: ${customer.btwNumber}`).join(
          ' · ',
        )
      : '',
    payment:
      settings.showBankAccount && bankAccount !== ''
        ? labelled([
            ['IBAN', formatIban(bankAccount)],
            ['Ten name van', data.company.accountName || data.company.company],
            ['Bank', data.company.bankName],
            ['Kenmerk', order.orderNumber],
          ])
        : [],
    notes: settings.footerNotes.trim(),
    delivery: deliveryView(order),
  };
}
