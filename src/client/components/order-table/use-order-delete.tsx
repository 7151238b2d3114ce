import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { type ReactNode, useState } from 'react';
import type { OrderPage, OrderSummary } from '../../../shared/schemas/order';
import { readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../confirm-dialog';
import { useToast } from '../toast';

/** Spec §8 Dashboard and Orders list. */
export const ORDER_DELETE_ERROR = 'Er is een fout opgetreden bij het verwijderen van de order.';

export const deleteOrderQuestion = (orderNumber: string) =>
  `Weet u zeker dat u order ${orderNumber} wilt verwijderen? Deze actie kan niet ongedaan worden gemaakt.`;

export type OrderDelete = {
  /** Opens the confirmation for this order. */
  request: (order: OrderSummary) => void;
  /** The confirmation dialog; render it once on the screen. */
  dialog: ReactNode;
};

/**
 * Deleting an order from a table (orders list, dashboard): asks first (spec §8 wording), then deletes,
 * takes the row out of every loaded page at once, and refreshes the lists and the dashboard cards.
 */
export function useOrderDelete(): OrderDelete {
  const toast = useToast();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<OrderSummary | null>(null);
  const mutation = trpc.orders.delete.useMutation();

  const removeLocally = (id: string) => {
    queryClient.setQueriesData<OrderPage>({ queryKey: getQueryKey(trpc.orders.page) }, (page) =>
      page?.items.some((o) => o._id === id)
        ? { ...page, items: page.items.filter((o) => o._id !== id), total: Math.max(0, page.total - 1) }
        : page,
    );
  };

  const confirm = () => {
    if (!target) return;
    const order = target;
    mutation.mutate(
      { id: order._id },
      {
        onSuccess: () => {
          setTarget(null);
          removeLocally(order._id);
          toast.success(`Order ${order.orderNumber} is verwijderd.`);
          void utils.orders.invalidate();
        },
        onError: (err) => {
          setTarget(null);
          const info = readApiError(err);
          // A 4xx says why (e.g. it was already deleted elsewhere); anything else gets the spec's text.
          const reason = info.httpStatus && info.httpStatus < 500 ? info.serverMessage : null;
          toast.error(
            reason && reason !== ORDER_DELETE_ERROR ? `${ORDER_DELETE_ERROR} ${reason}` : ORDER_DELETE_ERROR,
          );
          if (info.httpStatus === 404) void utils.orders.invalidate();
        },
      },
    );
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title="Order verwijderen"
      message={target ? deleteOrderQuestion(target.orderNumber) : ''}
      confirmLabel="Verwijderen"
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  );

  return {
    request: (order) => {
      mutation.reset();
      setTarget(order);
    },
    dialog,
  };
}
