import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createElement } from 'react';
import type { DbOrTx } from '../../../../db/client';
import { memberships, orderApprovals, organizations, users } from '../../../../db/schema';
import { formatEuro } from '../../../../shared/format';
import type { Config } from '../../../config';
import type { JobOf, JobResult } from '../../../jobs/queue';
import type { ApprovalMailJob } from '../../../jobs/queues';
import type { Mailer, MailMessage } from '../../mail/message';
import { renderEmail } from '../../mail/render';
import { peopleByIds, personOf } from '../../organizations/people';
import { getOrder } from '../order-reads';
import { isApproverRole } from './rule';

/** Where the app shows an order (the order form), as a link in a mail. */
export const orderUrl = (appUrl: string, orderId: string) =>
  `${appUrl}/inkooporders/${encodeURIComponent(orderId)}/edit`;

export type ApprovalRequestMailParams = {
  to: string;
  organizationName: string;
  requesterName: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  subtotalCents: number;
  totalCents: number;
  note: string | null;
};

export async function buildApprovalRequestMail(
  appUrl: string,
  params: ApprovalRequestMailParams,
): Promise<MailMessage> {
  // Loaded with the first such mail, as the account mails are (services/auth/mails.ts).
  const { ApprovalRequestEmail, approvalRequestSubject } = await import('../../../emails/approval-request');
  const element = createElement(ApprovalRequestEmail, {
    organizationName: params.organizationName,
    requesterName: params.requesterName,
    orderNumber: params.orderNumber,
    customerName: params.customerName,
    subtotal: formatEuro(params.subtotalCents),
    total: formatEuro(params.totalCents),
    note: params.note ?? '',
    orderUrl: orderUrl(appUrl, params.orderId),
  });
  return {
    to: params.to,
    subject: approvalRequestSubject(params.orderNumber, params.requesterName),
    ...(await renderEmail(element)),
  };
}

export type ApprovalMailDeps = {
  db: DbOrTx;
  mailer: Mailer;
  log: Logger;
  config: Pick<Config, 'appUrl'>;
};

/**
 * The mail as the job would send it now; null when there is nothing to send any more: the request
 * was decided on, voided by a change or made again (a newer job mails for that one), the order is
 * gone, or the recipient is no longer an owner or admin of the organisation.
 */
export async function approvalRequestMailOf(
  deps: Pick<ApprovalMailDeps, 'db' | 'config'>,
  job: ApprovalMailJob,
): Promise<MailMessage | null> {
  const { db } = deps;
  const { organizationId, orderId, recipientId } = job;
  const [step] = await db
    .select()
    .from(orderApprovals)
    .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.organizationId, organizationId)));
  if (step?.state !== 'requested' || step.requestedAt.toISOString() !== job.requestedAt) return null;
  const [recipient] = await db
    .select({ email: users.email, role: memberships.role, organizationName: organizations.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, recipientId)));
  if (!recipient || !isApproverRole(recipient.role)) return null;
  const order = await getOrder(db, organizationId, orderId);
  const people = await peopleByIds(db, [step.requestedBy]);
  const customer = order.customerSnapshot;
  return buildApprovalRequestMail(deps.config.appUrl, {
    to: recipient.email,
    organizationName: recipient.organizationName,
    requesterName: personOf(people, step.requestedBy)?.name || 'Een collega',
    orderId,
    orderNumber: order.orderNumber,
    customerName: customer ? customer.company || customer.name : '',
    subtotalCents: order.subtotalCents,
    totalCents: order.totalCents,
    note: step.note,
  });
}

/**
 * One job of the approval-mail queue (jobs/registry.ts). A mail server that refuses or cannot be
 * reached fails the try, and pg-boss tries again by the queue's policy: the request itself is
 * committed already and never depends on the mail.
 */
export async function deliverApprovalMailJob(
  deps: ApprovalMailDeps,
  job: JobOf<ApprovalMailJob>,
): Promise<JobResult> {
  const message = await approvalRequestMailOf(deps, job.data);
  if (!message) return 'done';
  await deps.mailer.send(message);
  deps.log.info({ orderId: job.data.orderId, to: message.to }, 'approval request mailed');
  return 'done';
}
