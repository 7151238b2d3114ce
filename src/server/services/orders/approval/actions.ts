import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { orderApprovals, orders } from '../../../../db/schema';
import type { OrderRecord } from '../../../../shared/order-record';
import { type ApprovalState, approvalMessages } from '../../../../shared/schemas/approval';
import type { WebhookEventType } from '../../../../shared/schemas/webhook';
import { isUuid } from '../../../db-helpers';
import { AppError, notFound } from '../../../errors';
import { enqueue } from '../../../jobs/queue';
import { approvalMailQueue } from '../../../jobs/queues';
import { type AuditScope, audited } from '../../audit/audit-log';
import type { Tenant } from '../../organizations/tenant';
import { emitWebhookEvent } from '../../webhooks/events';
import { orderEventData } from '../order-event-data';
import { getOrder, ORDER_NOT_FOUND } from '../order-reads';
import { approverIds } from './approvers';
import {
  type ApprovalFacts,
  type ApprovalRecord,
  approvalStateOf,
  orderApproval,
  readApprovalFacts,
} from './read';
import { approvalContentHash } from './rule';

/**
 * The three steps of an approval: the author asks (request), an owner or admin other than the author
 * decides (approve, reject). Each runs in one transaction with the order's row locked FOR UPDATE, the
 * lock a save of the order takes first too (updateOrder): a decision and a change of the same order
 * happen one after the other, and a decision is only ever taken for the content it sees, hashed under
 * that lock. Each step writes its audit entry and its webhook event in that transaction.
 *
 * Who may call which is the router's first check (the role; no API key decides); the rules of the
 * order itself are here.
 */

export type ApprovalCall = { tenant: Tenant; audit: AuditScope };

const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const conflict = (message: string) => new AppError('CONFLICT', message);

/** The order, read whole with its row locked until the transaction ends; 404 for a missing or foreign one. */
async function lockedOrder(tx: DbOrTx, organizationId: string, orderId: string): Promise<OrderRecord> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organizationId, organizationId)))
    .for('update');
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return getOrder(tx, organizationId, row.id);
}

/** Announces the step with the order as GET /orders/{id} now answers it, and answers its approval. */
async function announced(
  tx: DbOrTx,
  call: ApprovalCall,
  orderId: string,
  type: WebhookEventType,
): Promise<ApprovalRecord> {
  const { organizationId } = call.tenant;
  await emitWebhookEvent(
    tx,
    organizationId,
    type,
    (at) => orderEventData(tx, organizationId, orderId, at),
    call.audit.now(),
  );
  return orderApproval(tx, organizationId, await getOrder(tx, organizationId, orderId));
}

/** Why a decision cannot be taken in this state (anything but `requested`). */
function undecidable(state: ApprovalState): AppError | null {
  if (state === 'requested') return null;
  if (state === 'approved') return conflict(approvalMessages.alreadyApproved);
  if (state === 'not_required') return conflict(approvalMessages.notRequired);
  return conflict(approvalMessages.notRequested);
}

/**
 * Whether `userId` wrote the order, for the four eyes: its author, or — when the author has left
 * the organisation and someone else asked in their place — whoever asked.
 */
const isOwnOrder = (order: OrderRecord, facts: ApprovalFacts, userId: string) =>
  order.createdBy?.id === userId || facts.step?.requestedBy === userId;

/**
 * POST /orders/{id}/approval/request. Only the author asks; when the author is no longer a member (or
 * unknown, on an order from before authors were kept) anyone who may work on orders asks in their
 * place, so such an order is not stuck. The approvers — every owner and admin but the author and the
 * asker — each get a mail through the approval-mail queue, enqueued in this transaction: a mail
 * server that is away delays the mails, never the request.
 */
export async function requestApproval(
  db: DbOrTx,
  call: ApprovalCall,
  orderId: string,
  input: { note?: string | undefined },
): Promise<ApprovalRecord> {
  const { organizationId, userId } = call.tenant;
  const note = input.note?.trim() || null;
  return audited(
    db,
    call.audit,
    async (tx) => {
      const order = await lockedOrder(tx, organizationId, orderId);
      const facts = await readApprovalFacts(tx, organizationId, order);
      const authorIsMember = facts.authorRole !== null;
      if (authorIsMember && order.createdBy?.id !== userId)
        throw forbidden(approvalMessages.onlyAuthorRequests);
      const state = approvalStateOf(order, facts);
      if (state === 'not_required') throw conflict(approvalMessages.notRequired);
      if (state === 'requested') throw conflict(approvalMessages.alreadyRequested);
      if (state === 'approved') throw conflict(approvalMessages.alreadyApproved);
      const approvers = await approverIds(tx, organizationId, [userId, order.createdBy?.id]);
      if (approvers.length === 0) throw conflict(approvalMessages.noApprovers);

      const now = call.audit.now();
      const step = {
        state: 'requested' as const,
        contentHash: approvalContentHash(order),
        note,
        requestedBy: userId,
        requestedAt: now,
        decidedBy: null,
        decidedAt: null,
        reason: null,
      };
      await tx
        .insert(orderApprovals)
        .values({ orderId: order.id, organizationId, ...step })
        .onConflictDoUpdate({ target: orderApprovals.orderId, set: step });
      await enqueue(
        tx,
        approvalMailQueue,
        approvers.map((recipientId) => ({
          organizationId,
          orderId: order.id,
          recipientId,
          requestedAt: now.toISOString(),
        })),
      );
      return announced(tx, call, order.id, 'order.approval_requested');
    },
    {
      action: 'order.approval_requested',
      objectType: 'order',
      objectId: orderId,
      fields: note ? ['note'] : [],
    },
  );
}

type Decision = { state: 'approved' } | { state: 'rejected'; reason: string };

/** approve and reject: the same checks, then the step's decision. */
async function decide(db: DbOrTx, call: ApprovalCall, orderId: string, decision: Decision) {
  const { organizationId, userId } = call.tenant;
  const rejected = decision.state === 'rejected';
  return audited(
    db,
    call.audit,
    async (tx) => {
      const order = await lockedOrder(tx, organizationId, orderId);
      const facts = await readApprovalFacts(tx, organizationId, order);
      // Before the state: the author hears why, whatever the order's state.
      if (isOwnOrder(order, facts, userId)) throw forbidden(approvalMessages.ownOrder);
      const refusal = undecidable(approvalStateOf(order, facts));
      if (refusal) throw refusal;
      const decided = await tx
        .update(orderApprovals)
        .set({
          state: decision.state,
          decidedBy: userId,
          decidedAt: call.audit.now(),
          reason: rejected ? decision.reason : null,
        })
        .where(
          and(
            eq(orderApprovals.orderId, order.id),
            eq(orderApprovals.organizationId, organizationId),
            // Exactly the request seen above, for the content seen above.
            eq(orderApprovals.state, 'requested'),
            eq(orderApprovals.contentHash, approvalContentHash(order)),
          ),
        )
        .returning({ orderId: orderApprovals.orderId });
      if (decided.length === 0) throw conflict(approvalMessages.notRequested);
      return announced(tx, call, order.id, rejected ? 'order.approval_rejected' : 'order.approved');
    },
    {
      action: rejected ? 'order.approval_rejected' : 'order.approved',
      objectType: 'order',
      objectId: orderId,
      fields: rejected ? ['reason'] : [],
    },
  );
}

/** POST /orders/{id}/approval/approve: the version as it is now may be sent. */
export const approveOrder = (db: DbOrTx, call: ApprovalCall, orderId: string) =>
  decide(db, call, orderId, { state: 'approved' });

/** POST /orders/{id}/approval/reject: refused, with the reason the author sees at the order. */
export const rejectOrder = (db: DbOrTx, call: ApprovalCall, orderId: string, input: { reason: string }) =>
  decide(db, call, orderId, { state: 'rejected', reason: input.reason.trim() });
