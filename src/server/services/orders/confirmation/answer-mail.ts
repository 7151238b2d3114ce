import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createElement } from 'react';
import type { DbOrTx } from '../../../../db/client';
import {
  memberships,
  orderConfirmations,
  orderEmails,
  organizations,
  type StoredResponseLine,
  users,
} from '../../../../db/schema';
import { UNIT_LABELS } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/dates';
import { formatQuantity } from '../../../../shared/rules/quantity';
import type { Config } from '../../../config';
import type { CustomerResponseLine } from '../../../emails/customer-response';
import type { JobOf, JobResult } from '../../../jobs/queue';
import type { CustomerResponseMailJob } from '../../../jobs/queues';
import type { Mailer, MailMessage } from '../../mail/message';
import { renderEmail } from '../../mail/render';
import { approverIds } from '../approval/approvers';
import { orderUrl } from '../approval/request-mail';
import type { ConfirmationDocument } from './document';

/**
 * Who hears of a customer's answer: the order's writer while they are a member of the organisation;
 * else (they left, or the order is from before writers were kept) every owner and admin, so the
 * answer never goes unread.
 */
export async function responseMailRecipients(
  db: DbOrTx,
  organizationId: string,
  writerId: string | null | undefined,
): Promise<string[]> {
  if (writerId) {
    const [writer] = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, writerId)));
    if (writer) return [writer.userId];
  }
  return approverIds(db, organizationId, []);
}

/** The change request's lines as the mail says them; lines the customer left as they are are not named. */
export function changedLinesText(
  document: ConfirmationDocument,
  lines: readonly StoredResponseLine[],
): CustomerResponseLine[] {
  return lines
    .filter((line) => line.status !== 'accepted')
    .map((line) => {
      const item = document.order.items[line.lineIndex];
      const label = `Regel ${line.lineIndex + 1}${item ? `: ${item.description}` : ''}`;
      if (line.status === 'rejected') return { label, change: 'niet gewenst' };
      const parts: string[] = [];
      if (line.quantity !== null)
        parts.push(
          `aantal ${formatQuantity(Number(line.quantity))}${item ? ` ${UNIT_LABELS[item.unit]}` : ''}`,
        );
      if (line.deliveryDate) parts.push(`leverdag ${formatDate(line.deliveryDate)}`);
      return { label, change: parts.join(', ') };
    });
}

export type ResponseMailDeps = { db: DbOrTx; mailer: Mailer; log: Logger; config: Pick<Config, 'appUrl'> };

/**
 * The mail as the job would send it now; null when there is nothing to send: the link or its order
 * is gone, it holds no answer, or the recipient is no longer a member of the organisation.
 */
export async function customerResponseMailOf(
  deps: Pick<ResponseMailDeps, 'db' | 'config'>,
  job: CustomerResponseMailJob,
): Promise<MailMessage | null> {
  const { db } = deps;
  const [row] = await db
    .select({ link: orderConfirmations, sentTo: orderEmails.recipient })
    .from(orderConfirmations)
    .leftJoin(orderEmails, eq(orderEmails.id, orderConfirmations.orderEmailId))
    .where(
      and(
        eq(orderConfirmations.id, job.confirmationId),
        eq(orderConfirmations.organizationId, job.organizationId),
        eq(orderConfirmations.orderId, job.orderId),
      ),
    );
  const decision = row?.link.decision;
  const respondentName = row?.link.respondentName;
  if (!row || !decision || !respondentName) return null;
  const [recipient] = await db
    .select({ email: users.email, organizationName: organizations.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, job.organizationId), eq(memberships.userId, job.recipientId)));
  if (!recipient) return null;

  const { link } = row;
  const document = link.document as ConfirmationDocument;
  const customer = document.order.customerSnapshot;
  const customerName = customer ? customer.company || customer.name : '';
  const replyTo = row.sentTo ?? customer?.email ?? '';
  // Loaded with the first such mail, as the other system mails are.
  const { CustomerResponseEmail, customerResponseSubject } = await import(
    '../../../emails/customer-response'
  );
  const element = createElement(CustomerResponseEmail, {
    organizationName: recipient.organizationName,
    orderNumber: document.order.orderNumber,
    customerName,
    decision,
    respondentName,
    note: link.responseNote ?? '',
    deliveryDate: link.responseDeliveryDate ? formatDate(link.responseDeliveryDate) : '',
    lines: changedLinesText(document, link.responseLines ?? []),
    replyTo,
    orderUrl: orderUrl(deps.config.appUrl, job.orderId),
  });
  return {
    to: recipient.email,
    replyTo: replyTo || undefined,
    subject: customerResponseSubject(document.order.orderNumber, decision, customerName),
    ...(await renderEmail(element)),
  };
}

/**
 * One job of the customer-response-mail queue (jobs/registry.ts). A mail server that refuses or
 * cannot be reached fails the try, and pg-boss tries again: the answer itself is committed already.
 */
export async function deliverCustomerResponseMailJob(
  deps: ResponseMailDeps,
  job: JobOf<CustomerResponseMailJob>,
): Promise<JobResult> {
  const message = await customerResponseMailOf(deps, job.data);
  if (!message) return 'done';
  await deps.mailer.send(message);
  deps.log.info({ orderId: job.data.orderId, to: message.to }, 'customer response mailed');
  return 'done';
}
