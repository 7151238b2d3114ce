import type { OrderConfirmationRow } from '../../../../db/schema';
import type { OrderStatus } from '../../../../shared/constants';
import type { ConfirmationState } from '../../../../shared/order-confirmation-states';
import type { Confirmation, CustomerResponse } from '../../../../shared/schemas/order-confirmation';

type StateFields = Pick<OrderConfirmationRow, 'replacedAt' | 'decision' | 'expiresAt'>;

/**
 * Where a link stands, on the app's clock: a newer send replaced it; else the customer answered; else
 * it no longer works because it is past its 90 days or the order was cancelled; else it waits.
 */
export function confirmationState(row: StateFields, orderStatus: OrderStatus, now: Date): ConfirmationState {
  if (row.replacedAt) return 'replaced';
  if (row.decision) return 'answered';
  if (row.expiresAt.getTime() <= now.getTime() || orderStatus === 'cancelled') return 'expired';
  return 'waiting';
}

/** `confirmation` of GET /orders/{id}. */
export function confirmationWire(
  row: StateFields & Pick<OrderConfirmationRow, 'sentAt'>,
  orderStatus: OrderStatus,
  now: Date,
): Confirmation {
  return {
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    state: confirmationState(row, orderStatus, now),
  };
}

export type AnswerFields = Pick<
  OrderConfirmationRow,
  'decision' | 'respondedAt' | 'respondentName' | 'responseNote' | 'responseDeliveryDate' | 'responseLines'
>;

/** `customerResponse` of GET /orders/{id} and the public answer; null until the customer answered. */
export function customerResponseWire(row: AnswerFields): CustomerResponse | null {
  if (!row.decision || !row.respondedAt) return null;
  return {
    decision: row.decision,
    respondedAt: row.respondedAt.toISOString(),
    respondentName: row.respondentName ?? '',
    note: row.responseNote || null,
    deliveryDate: row.responseDeliveryDate,
    lines: (row.responseLines ?? []).map((line) => ({
      lineIndex: line.lineIndex,
      status: line.status,
      quantity: line.quantity === null ? null : Number(line.quantity),
      deliveryDate: line.deliveryDate,
    })),
  };
}
