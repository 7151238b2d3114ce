import type { OrderPage } from '../../../../shared/schemas/order';

/** A loaded page of the orders list with one order's new status (the server's `orderStatus`). */
export function withOrderStatus<P extends Pick<OrderPage, 'items'>>(
  page: P | undefined,
  orderId: string,
  status: OrderPage['items'][number]['status'],
): P | undefined {
  if (!page?.items.some((o) => o._id === orderId)) return page;
  return { ...page, items: page.items.map((o) => (o._id === orderId ? { ...o, status } : o)) };
}
