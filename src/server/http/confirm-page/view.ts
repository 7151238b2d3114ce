import { UNIT_LABELS } from '../../../shared/constants';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { type DocumentView, documentView, type Labelled } from '../../../shared/document/document-view';
import type { OrderDocumentData } from '../../../shared/document/types';
import { vatNoticeOf } from '../../../shared/document/vat-notice-view';
import { eurosToCents } from '../../../shared/money';
import { CONFIRMATION_LINE_STATUSES, RESPONSE_LABELS } from '../../../shared/order-confirmation-states';
import { formatQuantity } from '../../../shared/rules/quantity';
import type { PublicConfirmation } from '../../../shared/schemas/order-confirmation';
import { DEFAULT_PDF_SETTINGS } from '../../../shared/schemas/pdf-settings';
import { lineStatusLabel, pageTexts } from './texts';

/**
 * What the page says about an order, worked out from the order as it was sent. The lines, the
 * totals and the VAT wording come from the PDF's own view (shared/document/document-view.ts), so the
 * page says exactly what the document it offers says; the page only lays it out.
 */

export type PageLine = DocumentView['lines'][number] & { index: number };

export type AnswerLineView = {
  description: string;
  status: string;
  /** 'Gewenst aantal: 3 stuk', 'Gewenste leverdag: 01-12-2026'; empty when none. */
  details: string[];
};

export type AnswerView = {
  decision: string;
  respondedAt: string;
  respondentName: string;
  note: string;
  deliveryDate: string;
  /** The lines that are not 'Goed zo'; the others are named together. */
  lines: AnswerLineView[];
};

export type OrderPageView = {
  orderNumber: string;
  seller: { name: string; address: string[]; registration: Labelled[] };
  customer: string[];
  meta: Labelled[];
  delivery: { date: string; address: string[] } | null;
  lines: PageLine[];
  totals: DocumentView['totals'];
  reverseCharge: string;
  vatNotice: { texts: string[]; numbers: Labelled[] } | null;
  answer: AnswerView | null;
};

/** The order as the PDF's own view takes it (there is no payment term or footer on the page). */
function documentDataOf(view: PublicConfirmation): OrderDocumentData {
  const seller = view.seller;
  return {
    company: {
      company: seller.company,
      address: seller.address,
      postalCode: seller.postalCode,
      city: seller.city,
      country: '',
      phoneNumber: '',
      email: '',
      website: '',
      kvkNumber: seller.kvkNumber,
      btwNumber: seller.btwNumber,
      bankAccount: '',
      accountName: '',
      bankName: '',
    },
    customer: view.customer,
    order: {
      orderNumber: view.orderNumber,
      date: view.date,
      paymentTerm: 0,
      project: view.project,
      reference: view.reference,
      btwVerlegd: view.btwVerlegd,
      lines: view.items.map((item) => ({
        description: item.description,
        quantity: item.quantity,
        unit: item.unit,
        priceCents: eurosToCents(item.price),
        vat: item.vat,
      })),
      deliveryDate: view.deliveryDate,
      deliveryAddress: view.deliveryAddress,
    },
    settings: DEFAULT_PDF_SETTINGS,
  };
}

function answerView(view: PublicConfirmation): AnswerView | null {
  const response = view.response;
  if (!response) return null;
  const lines = response.lines
    .filter((line) => line.status !== 'accepted')
    .sort((a, b) => a.lineIndex - b.lineIndex)
    .map((line) => {
      const item = view.items[line.lineIndex];
      const unit = item ? ` ${UNIT_LABELS[item.unit]}` : '';
      const details: string[] = [];
      if (line.quantity !== null)
        details.push(`${pageTexts.requestedQuantity}: ${formatQuantity(line.quantity)}${unit}`);
      if (line.deliveryDate) details.push(`${pageTexts.requestedDay}: ${formatDate(line.deliveryDate)}`);
      return {
        description: item?.description ?? `${pageTexts.line} ${line.lineIndex + 1}`,
        status: lineStatusLabel[line.status],
        details,
      };
    });
  return {
    decision: RESPONSE_LABELS[response.decision],
    // To the minute: the seconds say nothing to the customer.
    respondedAt: formatDateTime(response.respondedAt).slice(0, 16),
    respondentName: response.respondentName,
    note: response.note ?? '',
    deliveryDate: response.deliveryDate ? formatDate(response.deliveryDate) : '',
    lines,
  };
}

export function orderPageView(view: PublicConfirmation): OrderPageView {
  const data = documentDataOf(view);
  const doc = documentView(data);
  const notice = vatNoticeOf(data);
  const meta = doc.meta.filter((pair) => ['Orderdatum', 'Referentie', 'Project'].includes(pair.label));
  const delivery = doc.delivery && { date: doc.delivery.date, address: doc.delivery.address };
  return {
    orderNumber: view.orderNumber,
    seller: { name: doc.company.name, address: doc.company.address, registration: doc.company.registration },
    customer: doc.customer.lines,
    meta,
    delivery: delivery && (delivery.date || delivery.address.length > 0) ? delivery : null,
    lines: doc.lines.map((line, index) => ({ ...line, index })),
    totals: doc.totals,
    reverseCharge: doc.reverseCharge,
    vatNotice: notice,
    answer: answerView(view),
  };
}

/** The line statuses in the order the form offers them. */
export const LINE_STATUS_CHOICES = CONFIRMATION_LINE_STATUSES;
