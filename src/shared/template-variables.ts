/**
 * The variables of e-mail templates (spec §3 Template variables) and THE one function that fills them
 * in: the server's preview, test mail and order send, and the editor's live preview all call
 * fillTemplate, so a template reads the same everywhere.
 *
 * A token is `{{ group.field }}` (spaces or tabs inside the braces allowed). A known variable is
 * replaced by its value: HTML-escaped in 'html' mode (message bodies), as plain one-line text in 'text'
 * mode (subjects). Anything else between double braces is left exactly as written, so a typo stays
 * visible instead of silently vanishing.
 */

import { formatDate } from './dates';
import { sampleDocumentData } from './document/sample';
import { formatEuro } from './format';
import { computeOrderTotals } from './money';
import type { CustomerSnapshot } from './order-record';
import type { TemplateDataInput } from './schemas/email-template';

export type TemplateData = {
  customer: { name: string; email: string; company: string; contactPerson: string };
  order: {
    orderNumber: string;
    date: string;
    total: string;
    deliveryDate: string;
    notes: string;
    confirmUrl: string;
  };
  user: { name: string; company: string };
};

type Group = keyof TemplateData;
type FieldOf<G extends Group> = Extract<keyof TemplateData[G], string>;
export type TemplateVariable = { [G in Group]: `${G}.${FieldOf<G>}` }[Group];

/** The variables in the order the editor lists them, with what they stand for. */
export const TEMPLATE_VARIABLES: readonly { name: TemplateVariable; description: string }[] = [
  { name: 'customer.name', description: 'Naam van de klant' },
  { name: 'customer.email', description: 'E-mailadres van de klant' },
  { name: 'customer.company', description: 'Bedrijfsnaam van de klant' },
  { name: 'customer.contactPerson', description: 'Contactpersoon van de klant' },
  { name: 'order.orderNumber', description: 'Ordernummer' },
  { name: 'order.date', description: 'Orderdatum (dd-mm-jjjj)' },
  { name: 'order.total', description: 'Totaalbedrag van de order (€\u00a01.234,56)' },
  { name: 'order.deliveryDate', description: 'Gewenste leverdag (dd-mm-jjjj; leeg als niet opgegeven)' },
  { name: 'order.notes', description: 'Opmerkingen bij de order' },
  {
    name: 'order.confirmUrl',
    description:
      'Persoonlijke link waarop de klant de order bekijkt en akkoord geeft, afwijst of een wijziging aanvraagt (leeg als de link niet wordt meegestuurd)',
  },
  { name: 'user.name', description: 'Uw naam' },
  { name: 'user.company', description: 'Uw bedrijfsnaam' },
];

/** How a variable is written in a template: `{{customer.name}}`. */
export const variableToken = (name: TemplateVariable) => `{{${name}}}`;

// The dotted name is captured loosely (letters, digits, dots, underscores) so that an unknown or
// misspelt name is matched too — and then put back untouched.
const TOKEN = /\{\{[ \t]*([A-Za-z_][\w.]*)[ \t]*\}\}/g;

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text → HTML text that is safe between tags and inside a quoted attribute. */
export const escapeHtmlText = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

const LINE_BREAK = /\r\n?|\n/g;

/** A value in one-line text: line breaks and other control characters become one space. */
const oneLine = (text: string) => text.replace(LINE_BREAKING, ' ');

/** The value of a known variable, or undefined for any other name (own properties only). */
function lookup(data: TemplateData, name: string): string | undefined {
  const dot = name.indexOf('.');
  if (dot < 0 || name.indexOf('.', dot + 1) >= 0) return undefined;
  const group = name.slice(0, dot);
  const field = name.slice(dot + 1);
  if (!Object.hasOwn(data, group)) return undefined;
  const values = data[group as Group] as Record<string, unknown>;
  if (!Object.hasOwn(values, field)) return undefined;
  const value = values[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Fills the known variables of `text`. 'html': values HTML-escaped; in the text of the message their
 * line breaks become `<br>` (HTML would fold them into spaces, and remarks written on three lines would
 * read as one), inside a tag (an attribute) they stay as they are. The text around them is taken as
 * HTML as it is — sanitise it separately. 'text': values as plain text with line breaks flattened to
 * spaces, so a value can never add a header line to a subject. One pass: a value that itself looks
 * like a token is not filled in again.
 */
export function fillTemplate(text: string, data: TemplateData, mode: 'html' | 'text'): string {
  return text.replace(TOKEN, (token, name: string, offset: number) => {
    const value = lookup(data, name);
    if (value === undefined) return token;
    if (mode === 'text') return oneLine(value);
    const escaped = escapeHtmlText(value);
    const insideTag = text.lastIndexOf('<', offset) > text.lastIndexOf('>', offset);
    return insideTag ? escaped : escaped.replace(LINE_BREAK, '<br>');
  });
}

/** The variables a text uses that are not known: what the editor can warn about. */
export function unknownVariables(text: string, data: TemplateData = SAMPLE_TEMPLATE_DATA): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    if (lookup(data, match[1]!) === undefined) unknown.add(match[1]!);
  }
  return [...unknown];
}

export type TemplateSource = {
  /** The order's customer snapshot; null for an old order whose customer is gone. */
  customer: Pick<CustomerSnapshot, 'name' | 'email' | 'company' | 'contactPerson'> | null;
  /**
   * The order date (instant or 'YYYY-MM-DD') and its total incl. VAT in cents, as the PDF shows it;
   * the wished delivery day ('YYYY-MM-DD') and the remarks when it has them.
   */
  order: {
    orderNumber: string;
    date: Date | string;
    totalCents: number;
    deliveryDate?: string | null;
    notes?: string;
    /** The customer's link to the order page (`{APP_URL}/confirm/{token}`); '' or absent: none. */
    confirmUrl?: string;
  };
  user: { name: string; company: string };
};

/**
 * The values of one order: the date as dd-mm-jjjj (Europe/Amsterdam) and the total as '€ 1.234,56' —
 * the order record's `totalCents`, computed by money.ts's rounding rule, i.e. the PDF's 'Totaal'
 * (with BTW verlegd: the total without VAT).
 */
export function templateValues({ customer, order, user }: TemplateSource): TemplateData {
  return {
    customer: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      company: customer?.company ?? '',
      contactPerson: customer?.contactPerson ?? '',
    },
    order: {
      orderNumber: order.orderNumber,
      date: formatDate(order.date),
      total: formatEuro(order.totalCents),
      deliveryDate: order.deliveryDate ? formatDate(order.deliveryDate) : '',
      notes: order.notes ?? '',
      confirmUrl: order.confirmUrl ?? '',
    },
    user: { name: user.name, company: user.company },
  };
}

const sample = sampleDocumentData();

/** The token of the example link: no real token looks like it (confirmation/token.ts), so it opens no order. */
export const SAMPLE_CONFIRM_TOKEN = 'voorbeeld-link';

/** `{{order.confirmUrl}}` in previews and test mails: an example of the link, which opens no order. */
export const SAMPLE_CONFIRM_URL = `https://inkooporders.example/confirm/${SAMPLE_CONFIRM_TOKEN}`;

/** Whether a text uses `{{name}}` (spaces inside the braces allowed), as fillTemplate would fill it. */
export function usesVariable(text: string, name: TemplateVariable): boolean {
  for (const match of text.matchAll(TOKEN)) if (match[1] === name) return true;
  return false;
}

/** The example of previews and test mails: order INK-2023-001 of the PDF settings preview, in euros. */
export const SAMPLE_TEMPLATE_DATA: TemplateData = templateValues({
  customer: sample.customer,
  order: {
    orderNumber: sample.order.orderNumber,
    date: sample.order.date,
    totalCents: computeOrderTotals(sample.order.lines, sample.order.btwVerlegd).totalCents,
    deliveryDate: sample.order.deliveryDate,
    notes: sample.order.notes,
    confirmUrl: SAMPLE_CONFIRM_URL,
  },
  user: { name: 'Jan de Vries', company: sample.company.company },
});

/** Values sent with a preview or test call, over the sample data (what is left out comes from it). */
export function templateDataFrom(
  input: TemplateDataInput | undefined,
  base: TemplateData = SAMPLE_TEMPLATE_DATA,
): TemplateData {
  return {
    customer: { ...base.customer, ...defined(input?.customer) },
    order: { ...base.order, ...defined(input?.order) },
    user: { ...base.user, ...defined(input?.user) },
  };
}

function defined<T extends object>(values: T | undefined): Partial<T> {
  if (!values) return {};
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
