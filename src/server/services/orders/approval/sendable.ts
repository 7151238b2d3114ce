import type { DbOrTx } from '../../../../db/client';
import type { OrderRecord } from '../../../../shared/order-record';
import {
  APPROVAL_REQUIRED_CODE,
  approvalBlocksSending,
  approvalMessages,
} from '../../../../shared/schemas/approval';
import { AppError } from '../../../errors';
import { getOrder } from '../order-reads';
import { approvalStateOf, readApprovalFacts } from './read';

/** The 409 of an order that may not go out yet: `code` APPROVAL_REQUIRED on REST, `data.domainCode` on tRPC. */
export const approvalRequired = () =>
  new AppError('CONFLICT', approvalMessages.required, {}, { domainCode: APPROVAL_REQUIRED_CODE });

/**
 * Refuses with the 409 when `order`, exactly as it was read, may not be sent. The content is hashed
 * from this very record, so what is checked is what the caller goes on to send: an approval of other
 * content does not count.
 */
export async function assertRecordSendable(db: DbOrTx, organizationId: string, order: OrderRecord) {
  const state = approvalStateOf(order, await readApprovalFacts(db, organizationId, order));
  if (approvalBlocksSending(state)) throw approvalRequired();
}

/**
 * Every path that sends or exports an order to its customer calls this before it does anything the
 * customer could see (the e-mail; the UBL download and the confirmation link likewise): 404 for a
 * missing or foreign order, 409 APPROVAL_REQUIRED for one that needs approval and has none for its
 * content as it is. Answers the order as read.
 */
export async function assertOrderSendable(
  db: DbOrTx,
  organizationId: string,
  orderId: string,
): Promise<OrderRecord> {
  const order = await getOrder(db, organizationId, orderId);
  await assertRecordSendable(db, organizationId, order);
  return order;
}
