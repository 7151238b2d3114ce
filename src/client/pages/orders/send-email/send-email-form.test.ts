import { describe, expect, it } from 'vitest';
import type { EmailTemplate } from '../../../../shared/schemas/email-template';
import { sendEmailMessages } from '../../../../shared/schemas/email-template';
import type { OrderPageRow } from '../../../../shared/schemas/order';
import { afterChange, initialFormState } from '../../../lib/form-state';
import {
  applyTemplate,
  attachmentsText,
  ccError,
  checkSendDraft,
  defaultOrderTemplate,
  FALLBACK_MESSAGE,
  FALLBACK_SUBJECT,
  initialDraft,
  initialSendErrors,
  recipientError,
  type SendDraft,
  type SendField,
  sendFormRules,
  usableTemplates,
  withOrderStatus,
} from './send-email-form';

const template = (fields: Partial<EmailTemplate>): EmailTemplate => ({
  _id: crypto.randomUUID(),
  name: 'Standaard',
  subject: 'Order {{order.orderNumber}}',
  content: '<p>Beste {{customer.name}}</p>',
  category: 'order',
  isDefault: false,
  isTemporary: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('the starting draft', () => {
  const invoiceDefault = template({ name: 'Factuur', category: 'invoice', isDefault: true });
  const orderPlain = template({ name: 'Gewoon' });
  const orderDefault = template({
    name: 'Order standaard',
    isDefault: true,
    subject: 'Inkooporder {{order.orderNumber}}',
  });

  it("preselects the order category's default and fills subject and message from it", () => {
    const templates = [invoiceDefault, orderPlain, orderDefault];
    expect(defaultOrderTemplate(templates)).toBe(orderDefault);
    expect(initialDraft('klant@x.nl', defaultOrderTemplate(templates))).toEqual({
      templateId: orderDefault._id,
      recipient: 'klant@x.nl',
      ccEmail: '',
      subject: 'Inkooporder {{order.orderNumber}}',
      message: orderDefault.content,
      includePdf: true,
      includeUbl: false,
      includeConfirmationLink: true,
    });
  });

  it('falls back to a written text when there is no default order template', () => {
    expect(defaultOrderTemplate([invoiceDefault, orderPlain])).toBeUndefined();
    const draft = initialDraft(undefined, undefined);
    expect(draft).toMatchObject({
      templateId: '',
      recipient: '',
      subject: FALLBACK_SUBJECT,
      includePdf: true,
      includeUbl: false,
    });
    expect(draft.message).toBe(FALLBACK_MESSAGE);
    expect(checkSendDraft({ ...draft, recipient: 'klant@x.nl' }).ok).toBe(true);
  });

  it('never offers a temporary (test-mail) template', () => {
    const temporary = template({ isTemporary: true, isDefault: true });
    expect(usableTemplates([temporary, orderPlain])).toEqual([orderPlain]);
    expect(defaultOrderTemplate([temporary])).toBeUndefined();
  });

  it('choosing a template replaces subject and message; none keeps the text', () => {
    const draft = { ...initialDraft('a@b.nl', undefined), subject: 'Eigen', message: '<p>Eigen tekst</p>' };
    expect(applyTemplate(draft, orderDefault)).toMatchObject({
      templateId: orderDefault._id,
      subject: orderDefault.subject,
      message: orderDefault.content,
      recipient: 'a@b.nl',
    });
    expect(applyTemplate({ ...draft, templateId: 'x' }, undefined)).toEqual({ ...draft, templateId: '' });
  });
});

describe('live checks (spec §5 Send e-mail)', () => {
  it('requires a recipient and one valid address', () => {
    expect(recipientError('')).toBe('E-mailadres ontvanger is verplicht');
    expect(recipientError('   ')).toBe('E-mailadres ontvanger is verplicht');
    expect(recipientError('klant@')).toBe('Voer een geldig e-mailadres in');
    expect(recipientError('a@x.nl, b@y.nl')).toBe('Voer een geldig e-mailadres in');
    expect(recipientError('a@x.nl\r\nBcc: c@z.nl')).toBe('Voer een geldig e-mailadres in');
    expect(recipientError(' Klant@X.nl ')).toBeUndefined();
  });

  it('accepts an empty CC, refuses anything but one address', () => {
    expect(ccError('')).toBeUndefined();
    expect(ccError('kopie@x.nl')).toBeUndefined();
    expect(ccError('kopie')).toBe(sendEmailMessages.ccInvalid);
  });
});

describe('checkSendDraft', () => {
  const draft = { ...initialDraft('Klant@X.nl', undefined), ccEmail: '' };

  it('gives the payload the server expects', () => {
    const check = checkSendDraft({ ...draft, templateId: 'abc' });
    expect(check).toEqual({
      ok: true,
      data: {
        recipient: 'klant@x.nl',
        ccEmail: '',
        subject: FALLBACK_SUBJECT,
        message: FALLBACK_MESSAGE,
        includePdf: true,
        includeUbl: false,
        includeConfirmationLink: true,
        templateId: 'abc',
      },
    });
    // Ticked, the UBL file goes along whether or not the PDF does.
    const noLink = checkSendDraft({ ...draft, includeConfirmationLink: false });
    expect(noLink.ok && noLink.data.includeConfirmationLink).toBe(false);
    const ubl = checkSendDraft({ ...draft, includePdf: false, includeUbl: true });
    expect(ubl.ok && [ubl.data.includePdf, ubl.data.includeUbl]).toEqual([false, true]);
  });

  it('names what goes along in the progress and success lines', () => {
    expect(attachmentsText({ includePdf: true, includeUbl: false })).toBe('de PDF');
    expect(attachmentsText({ includePdf: true, includeUbl: true })).toBe('de PDF en het UBL-bestand');
    expect(attachmentsText({ includePdf: false, includeUbl: true })).toBe('het UBL-bestand');
    expect(attachmentsText({ includePdf: false, includeUbl: false })).toBe('');
  });

  it('names every field that is wrong, with the server’s own messages', () => {
    const check = checkSendDraft({ ...draft, recipient: '', ccEmail: 'nee', subject: ' ', message: '' });
    expect(check).toEqual({
      ok: false,
      errors: {
        recipient: sendEmailMessages.recipientRequired,
        ccEmail: sendEmailMessages.ccInvalid,
        subject: sendEmailMessages.subjectRequired,
        message: sendEmailMessages.messageRequired,
      },
    });
  });

  it('refuses a subject over two lines', () => {
    const check = checkSendDraft({ ...draft, subject: 'Order\nBcc: x@y.nl' });
    expect(check.ok).toBe(false);
    expect(check.ok ? undefined : check.errors.subject).toBeTruthy();
  });
});

describe('the dialog form', () => {
  const draft = initialDraft('klant@x.nl', undefined);
  const typed = (errors: Partial<Record<SendField, string>>, field: SendField, value: string) =>
    afterChange(
      { ...initialFormState<SendDraft, SendField>(draft), errors },
      sendFormRules,
      { ...draft, [field]: value },
      [field],
    ).errors;

  it('checks the recipient and CC while typing, from the first keystroke', () => {
    expect(typed({}, 'recipient', 'klant@')).toEqual({ recipient: sendEmailMessages.recipientInvalid });
    expect(typed({ recipient: 'x' }, 'recipient', 'klant@x.nl')).toEqual({});
    expect(typed({}, 'ccEmail', 'kopie')).toEqual({ ccEmail: sendEmailMessages.ccInvalid });
  });

  it('takes the message of an edited subject or text away until the next send', () => {
    expect(typed({ subject: sendEmailMessages.subjectRequired }, 'subject', ' ')).toEqual({});
    expect(typed({ message: sendEmailMessages.messageRequired }, 'message', '')).toEqual({});
  });

  it('shows a wrong prefilled address at once, and nothing for a good or missing one', () => {
    expect(initialSendErrors('klant@')).toEqual({ recipient: sendEmailMessages.recipientInvalid });
    expect(initialSendErrors('klant@x.nl')).toEqual({});
    expect(initialSendErrors(null)).toEqual({});
  });
});

describe('withOrderStatus', () => {
  const row = (id: string, status: 'concept' | 'sent' | 'paid') =>
    ({ _id: id, status }) as unknown as OrderPageRow;
  it('changes only that order in a loaded page, and leaves other pages as they are', () => {
    const page = { items: [row('a', 'concept'), row('b', 'paid')], total: 2, page: 1, pageSize: 25 };
    const next = withOrderStatus(page, 'a', 'sent');
    expect(next?.items.map((o) => o.status)).toEqual(['sent', 'paid']);
    expect(next?.items[1]).toBe(page.items[1]);
    expect(page.items[0]!.status).toBe('concept');
    expect(withOrderStatus(page, 'x', 'sent')).toBe(page);
    expect(withOrderStatus(undefined, 'a', 'sent')).toBeUndefined();
  });
});
