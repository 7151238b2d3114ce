import type { Order } from '../../../../shared/schemas/order';

/** What the send dialog reports once the SMTP server accepted the message. */
export type SendEmailResult = { orderId: string; orderStatus: Order['status']; message: string };
