import { normaliseEmail } from '../../../../shared/rules/email';
import {
  type EmailTemplate,
  isSingleAddress,
  type SendEmailInputData,
  sendEmailInput,
  sendEmailMessages,
} from '../../../../shared/schemas/email-template';
import { type FieldErrors, type FormCheck, type FormRules, schemaCheck } from '../../../lib/form-state';

/**
 * The send-email dialog's form (spec §2 Send-email dialog, §3 Send-email payload, §5 Send e-mail) as
 * plain functions: what it starts with, what a template fills in, and the checks it runs while typing
 * and before sending. The final check is the server's own schema, so the dialog refuses exactly what
 * the server would.
 */

/** Spec §8 Send e-mail failure: shown when the server gave no message of its own. */
export const SEND_EMAIL_ERROR = 'Er is een fout opgetreden bij het verzenden van de e-mail';

export type SendDraft = {
  /** The template the subject and message came from; '' for none. */
  templateId: string;
  recipient: string;
  ccEmail: string;
  subject: string;
  /** HTML with {{variables}}, as a template holds it. */
  message: string;
  includePdf: boolean;
  /** The order as Peppol UBL (`{orderNumber}.xml`) for the customer's purchasing system; off unless ticked. */
  includeUbl: boolean;
  /** 'Bevestigingslink meesturen': the customer's personal link to accept, decline or ask for changes; on unless unticked. */
  includeConfirmationLink: boolean;
};

export type SendField = 'recipient' | 'ccEmail' | 'subject' | 'message';

/** The fields that show a message, in screen order. */
export const SEND_FIELDS: readonly SendField[] = ['recipient', 'ccEmail', 'subject', 'message'];

/** Used when the user has no default order template yet, so the dialog never starts empty. */
export const FALLBACK_SUBJECT = 'Inkooporder {{order.orderNumber}}';
export const FALLBACK_MESSAGE = [
  '<p>Beste {{customer.contactPerson}},</p>',
  '<p>Hierbij ontvangt u onze inkooporder <strong>{{order.orderNumber}}</strong> van {{order.date}} met een totaalbedrag van {{order.total}}. De order vindt u als PDF in de bijlage.</p>',
  '<p>Met vriendelijke groet,<br>{{user.name}}<br>{{user.company}}</p>',
].join('\n');

/** Templates an order mail can use: the temporary ones of a test mail never show. */
export function usableTemplates(templates: readonly EmailTemplate[]): EmailTemplate[] {
  return templates.filter((t) => !t.isTemporary);
}

/** The order category's default (spec: "the category's default preselected"), if there is one. */
export function defaultOrderTemplate(templates: readonly EmailTemplate[]): EmailTemplate | undefined {
  return usableTemplates(templates).find((t) => t.category === 'order' && t.isDefault);
}

/** What the dialog starts with: the customer's address and the default template (or the fallback text). */
export function initialDraft(
  customerEmail: string | null | undefined,
  template: EmailTemplate | undefined,
): SendDraft {
  return {
    templateId: template?._id ?? '',
    recipient: customerEmail ?? '',
    ccEmail: '',
    subject: template?.subject ?? FALLBACK_SUBJECT,
    message: template?.content ?? FALLBACK_MESSAGE,
    includePdf: true,
    includeUbl: false,
    includeConfirmationLink: true,
  };
}

/** What goes along, for the progress and success lines: 'de PDF en het UBL-bestand', or '' for nothing. */
export function attachmentsText(draft: Pick<SendDraft, 'includePdf' | 'includeUbl'>): string {
  const files = [draft.includePdf ? 'de PDF' : '', draft.includeUbl ? 'het UBL-bestand' : ''].filter(Boolean);
  return files.join(' en ');
}

/** Choosing a template replaces the subject and the message; '' (none) keeps what is there. */
export function applyTemplate(draft: SendDraft, template: EmailTemplate | undefined): SendDraft {
  if (!template) return { ...draft, templateId: '' };
  return { ...draft, templateId: template._id, subject: template.subject, message: template.content };
}

/** The recipient's live check (spec §5): required, and one address-like address. */
export function recipientError(value: string): string | undefined {
  const address = normaliseEmail(value);
  if (address === '') return sendEmailMessages.recipientRequired;
  return isSingleAddress(address) ? undefined : sendEmailMessages.recipientInvalid;
}

/** CC is optional; when filled in it must be one address. */
export function ccError(value: string): string | undefined {
  const address = normaliseEmail(value);
  if (address === '') return undefined;
  return isSingleAddress(address) ? undefined : sendEmailMessages.ccInvalid;
}

/** The payload for POST /orders/{id}/send-email, or the first message per field. */
export const checkSendDraft: (draft: SendDraft) => FormCheck<SendField, SendEmailInputData> = schemaCheck(
  sendEmailInput,
  {
    fields: SEND_FIELDS,
    input: (draft: SendDraft) => ({
      recipient: draft.recipient,
      ccEmail: draft.ccEmail,
      subject: draft.subject,
      message: draft.message,
      includePdf: draft.includePdf,
      includeUbl: draft.includeUbl,
      includeConfirmationLink: draft.includeConfirmationLink,
      templateId: draft.templateId || undefined,
    }),
  },
);

/**
 * Spec §5: the recipient and CC are checked while typing; subject and message lose their message
 * when edited (they are checked again on send).
 */
export const sendFormRules: FormRules<SendDraft, SendField, SendEmailInputData> = {
  fields: SEND_FIELDS,
  check: checkSendDraft,
  checkField: (field, draft) => {
    if (field === 'recipient') return recipientError(draft.recipient);
    if (field === 'ccEmail') return ccError(draft.ccEmail);
    const check = checkSendDraft(draft);
    return check.ok ? undefined : check.errors[field];
  },
  rules: {
    recipient: { change: 'check' },
    ccEmail: { change: 'check' },
    subject: { change: 'clear' },
    message: { change: 'clear' },
  },
};

/** The prefilled recipient is checked at once: a customer without a valid address shows it straight away. */
export function initialSendErrors(customerEmail: string | null | undefined): FieldErrors<SendField> {
  const recipient = customerEmail ? recipientError(customerEmail) : undefined;
  return recipient ? { recipient } : {};
}

// Where it lives now; the list's update after a send needs none of this form's schemas.
export { withOrderStatus } from './order-status';
