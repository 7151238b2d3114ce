import type { DbOrTx } from '../../../db/client';
import { confirmationUrl, messageWithLink } from '../../../shared/confirmation-link';
import type { SendEmailInputData } from '../../../shared/schemas/email-template';
import { SEND_EMAIL_SUCCESS_MESSAGE, type SendEmailOutput } from '../../../shared/schemas/order-email';
import { templateValues } from '../../../shared/template-variables';
import type { ServiceDeps } from '../../deps';
import { AppError } from '../../errors';
import { type AuditScope, audited } from '../audit/audit-log';
import { assertWithinRateLimit } from '../auth/rate-limit';
import { findLogo } from '../logo/logos';
import { getEmailTemplate } from '../mail/email-templates';
import type { MailMessage, SendResult } from '../mail/message';
import { withoutLinksTo } from '../mail/sanitize-template';
import { classifySmtpFailure, type SmtpFailure } from '../mail/smtp-failure';
import type { Company } from '../organizations/company';
import { orderPdfContent } from '../pdf/order-pdf-content';
import { getPdfSettings } from '../pdf/pdf-settings';
import { assertRecordSendable } from './approval/sendable';
import { type ConfirmationDocument, confirmationDocumentOf, versionHashOf } from './confirmation/document';
import { confirmationTokenHash, newConfirmationToken } from './confirmation/token';
import { recordOrderSent } from './order-emails';
import { getOrder } from './order-reads';
import { ublOfOrder } from './order-ubl';

const FAILED = 'Er is een fout opgetreden bij het verzenden van de e-mail';
const NOT_SENT = 'De order is niet verzonden';

/**
 * Spec §8 Send e-mail failure, said more precisely: what happened, that the order is unchanged, and
 * who can do what about it (smtp-failure.ts).
 */
export const sendEmailMessages = {
  unreachable: `${FAILED}: de mailserver is niet bereikbaar. ${NOT_SENT}; probeer het later opnieuw.`,
  login: `${FAILED}: de mailserver weigert de aanmelding van deze app. ${NOT_SENT}; de beheerder van deze app moet de gebruikersnaam en het wachtwoord in SMTP_URL controleren.`,
  sender: `${FAILED}: de mailserver weigert het afzenderadres van deze app. ${NOT_SENT}; de beheerder van deze app moet MAIL_FROM controleren.`,
  recipients: (addresses: string[]) =>
    addresses.length === 0
      ? `${FAILED}: de mailserver weigert de ontvanger. ${NOT_SENT}; controleer het adres en probeer het opnieuw.`
      : `${FAILED}: de mailserver weigert ${addresses.length === 1 ? 'het adres' : 'de adressen'} ${addresses.join(', ')}. ${NOT_SENT}; controleer het adres en probeer het opnieuw.`,
  /** The recipient refused while the CC was taken: the order did not reach its supplier. */
  recipientRefusedCcSent: (recipient: string, cc: string) =>
    `${FAILED}: de mailserver weigert het adres ${recipient}. ${NOT_SENT}; alleen ${cc} (CC) heeft het bericht ontvangen. Controleer het adres en probeer het opnieuw.`,
  /** Sent to the recipient; only the CC was refused. */
  sentWithoutCc: (cc: string) =>
    `${SEND_EMAIL_SUCCESS_MESSAGE}. Let op: de mailserver weigerde het CC-adres ${cc}; dat adres heeft het bericht niet ontvangen.`,
  refused: `${FAILED}: de mailserver heeft het bericht geweigerd (bijvoorbeeld als spam of als te groot). ${NOT_SENT}; pas het bericht aan of verstuur het zonder PDF, en probeer het opnieuw.`,
  tooMany: 'U heeft in korte tijd te veel e-mails verzonden. Probeer het over enkele minuten opnieuw.',
} as const;

/** The user's message for a failure of the SMTP server (smtp-failure.ts). */
export function smtpFailureMessage(failure: SmtpFailure): string {
  switch (failure.kind) {
    case 'unreachable':
      return sendEmailMessages.unreachable;
    case 'login':
      return sendEmailMessages.login;
    case 'sender':
      return sendEmailMessages.sender;
    case 'recipients':
      return sendEmailMessages.recipients(failure.addresses);
    case 'message':
      return sendEmailMessages.refused;
  }
}

/** Sends per organisation, e.g. 30 per 10 minutes; then 429 with Retry-After. */
export const SEND_EMAIL_LIMIT = 30;
export const SEND_EMAIL_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts one send attempt of the organisation (accepted by the SMTP server or not: a refused message
 * costs it as much; not an order refused before, which costs it nothing) and refuses past the budget, in one atomic statement that several processes share.
 */
export async function assertSendRateLimit(
  db: DbOrTx,
  organizationId: string,
  now: Date,
  limit = SEND_EMAIL_LIMIT,
): Promise<void> {
  await assertWithinRateLimit(db, `send-email:organization:${organizationId}`, {
    limit,
    windowMs: SEND_EMAIL_WINDOW_MS,
    now,
    message: sendEmailMessages.tooMany,
  });
}

/**
 * Hands the message to the mailer; resolves once the SMTP server accepted it. A refusal or an
 * unreachable server becomes a clear Dutch 503 — and then nothing about the order changes.
 */
async function deliver(deps: ServiceDeps<'mailer' | 'log'>, message: MailMessage): Promise<SendResult> {
  try {
    return await deps.mailer.send(message);
  } catch (err) {
    deps.log.warn({ err, to: message.to, subject: message.subject }, 'order mail not accepted');
    throw new AppError('SERVICE_UNAVAILABLE', smtpFailureMessage(classifySmtpFailure(err)));
  }
}

/** The server's own way to leave out the message's links to the variable (messageWithLink). */
const withoutConfirmLinks = (message: string) => withoutLinksTo(message, 'order.confirmUrl');

/** The document as sent and the version it is: what the link is bound to. */
function versionedDocument(document: ConfirmationDocument) {
  return { document, versionHash: versionHashOf(document) };
}

/**
 * POST /orders/{id}/send-email (spec §5 Send e-mail, §7; ARCHITECTURE "E-mail"). The payload's subject
 * and message are what is sent — the client fills them from a template; `templateId` only says which
 * one (it must be the organisation's own, and is kept in the history). Variables are filled from the order as
 * saved (its customer snapshot and total) and the user; the message is sanitised again here. With
 * `includePdf` the order's PDF is attached as `{orderNumber}.pdf` — a printer failure answers its 503
 * and nothing is sent. With `includeUbl` the order as Peppol UBL (order-ubl.ts) goes along as
 * `{orderNumber}.xml`; an order that cannot be expressed answers that 409 and nothing is sent. Only
 * after the SMTP server accepted the message does the order become `sent` and the send join its
 * history (with whether the PDF and the UBL file went along). An order that needs approval and has none for its content as it is
 * answers 409 APPROVAL_REQUIRED before anything is printed or sent (approval/sendable.ts), and so
 * never gets a link. With `includeConfirmationLink` (the default) the message carries the customer's
 * personal link to the order page (`{{order.confirmUrl}}`, messageWithLink); it starts to work, and the
 * order's earlier link stops, when the send is recorded (confirmation/links.ts). Without it, a send of
 * a changed order still ends the earlier link.
 */
export async function sendOrderEmail(
  deps: ServiceDeps<'db' | 'config' | 'mailer' | 'printer' | 'log' | 'now'>,
  user: Company,
  orderId: string,
  input: SendEmailInputData,
  opts: { limit?: number; audit?: AuditScope } = {},
): Promise<SendEmailOutput> {
  const { db } = deps;
  const { organizationId } = user;
  const [order, settings, logo] = await Promise.all([
    getOrder(db, organizationId, orderId),
    getPdfSettings(db, organizationId),
    findLogo(db, organizationId),
  ]);
  // Four eyes: an order that needs approval goes out only as the version approved (409 otherwise),
  // judged on the very record read above, before anything is printed or mailed.
  await assertRecordSendable(db, organizationId, order);
  // A templateId must name one of the organisation's own templates; anything else is "not found" (404).
  if (input.templateId) await getEmailTemplate(db, organizationId, input.templateId);
  // The UBL file of the very record mailed, made before anything goes out: an order a customer's
  // system could not import (a party without KVK or BTW number) answers its 409 and nothing is sent.
  // The seller's contact is the sender, as the mail's reply address is.
  const ubl = input.includeUbl ? ublOfOrder(order, user, settings.showBankAccount) : null;
  // Counted once the send may go ahead: a refusal above costs the mail server nothing.
  await assertSendRateLimit(db, organizationId, deps.now(), opts.limit);

  // The customer's link, made before the message: the message carries the token, the database only
  // its hash, and only once the SMTP server took the message (recordOrderSent below).
  const token = input.includeConfirmationLink ? newConfirmationToken() : null;
  const link = {
    tokenHash: token ? confirmationTokenHash(token) : null,
    ...versionedDocument(confirmationDocumentOf(order, user, settings)),
  };
  const content = messageWithLink(input.message, token !== null, withoutConfirmLinks);

  const attachment = input.includePdf ? await orderPdfContent(deps, organizationId, order.id) : null;
  // Imported on first use: its layout pulls in @react-email/components (see services/auth/mails.ts).
  const { composeUserMail } = await import('../mail/user-mail');
  const message = await composeUserMail({
    sender: user,
    to: input.recipient,
    cc: input.ccEmail || undefined,
    subject: input.subject,
    content,
    data: templateValues({
      customer: order.customerSnapshot,
      order: {
        orderNumber: order.orderNumber,
        date: order.date,
        totalCents: order.totalCents,
        deliveryDate: order.deliveryDate,
        notes: order.notes,
        confirmUrl: token ? confirmationUrl(deps.config.appUrl, token) : '',
      },
      user: { name: user.name, company: user.company },
    }),
    attachments: [
      ...(attachment
        ? [{ filename: attachment.downloadName, content: attachment.content, contentType: 'application/pdf' }]
        : []),
      ...(ubl
        ? [{ filename: ubl.filename, content: Buffer.from(ubl.xml, 'utf8'), contentType: 'application/xml' }]
        : []),
    ],
    accentColor: settings.primaryColor,
    logo,
  });

  const { rejected } = await deliver(deps, message);
  // The server may refuse one address and take the other (nodemailer then resolves): the history
  // and the answer say who did not get it (nothing half-sent in silence).
  const refused = (address: string | undefined) =>
    address !== undefined && rejected.some((r) => r.toLowerCase() === address.toLowerCase());
  if (refused(message.to))
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      sendEmailMessages.recipientRefusedCcSent(message.to, message.cc ?? ''),
    );
  const ccRefused = refused(message.cc);

  let orderStatus: SendEmailOutput['orderStatus'];
  try {
    const sent = {
      recipient: message.to,
      cc: ccRefused ? null : (message.cc ?? null),
      subject: message.subject,
      includePdf: attachment !== null,
      includeUbl: ubl !== null,
      templateId: input.templateId || null,
    };
    const record = (tx: DbOrTx) => recordOrderSent(tx, organizationId, order.id, sent, deps.now(), link);
    orderStatus = opts.audit
      ? await audited(db, opts.audit, record, {
          action: 'order.sent',
          objectType: 'order',
          objectId: order.id,
          fields: Object.keys(sent),
        })
      : await record(db);
  } catch (err) {
    // The mail went out; only the bookkeeping failed (e.g. the order was deleted meanwhile). Say so
    // in the log: the customer has the message even though the order does not show it.
    deps.log.error({ err, orderId: order.id }, 'order mail sent but not recorded');
    throw err;
  }
  return {
    success: true,
    orderStatus,
    message: ccRefused ? sendEmailMessages.sentWithoutCc(message.cc ?? '') : SEND_EMAIL_SUCCESS_MESSAGE,
  };
}
