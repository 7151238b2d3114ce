import { useCallback, useRef, useState } from 'react';
import { useToast } from '../components/toast';
import { readApiError } from './api-errors';
import { trpc } from './trpc';

export const DUPLICATE_ERROR = 'De order kon niet worden gedupliceerd. Probeer het opnieuw.';

/** The little of an order the duplicate action needs. */
export type DuplicateOrder = { _id: string; orderNumber: string };

export type OrderDuplicate = {
  /**
   * Makes a copy of the saved order (a new concept with its own number and today's date) and calls
   * `opened` with the copy, so the screen can take the user to its form. A second call for an order
   * still being copied does nothing.
   */
  duplicate: (order: DuplicateOrder, opened: (copy: DuplicateOrder) => void) => void;
  isBusy: (id: string) => boolean;
};

/** 'Dupliceren' on the orders list, the dashboard and the order form. */
export function useOrderDuplicate(): OrderDuplicate {
  const utils = trpc.useUtils();
  const toast = useToast();
  const mutation = trpc.orders.duplicate.useMutation();
  /** Set at once (state only follows on the next render): a double click makes one copy. */
  const running = useRef(new Set<string>());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const duplicate = useCallback(
    (order: DuplicateOrder, opened: (copy: DuplicateOrder) => void) => {
      if (running.current.has(order._id)) return;
      running.current.add(order._id);
      setBusy(new Set(running.current));
      const done = () => {
        running.current.delete(order._id);
        setBusy(new Set(running.current));
      };
      mutation.mutate(
        { id: order._id },
        {
          onSuccess: (copy) => {
            done();
            void utils.orders.invalidate();
            void utils.orderSettings.nextNumber.invalidate();
            toast.success(`Order ${copy.orderNumber} is gemaakt als kopie van ${order.orderNumber}.`);
            opened(copy);
          },
          onError: (err) => {
            done();
            const info = readApiError(err);
            // A 4xx says why (e.g. the order was deleted elsewhere); anything else gets the general text.
            const reason = info.httpStatus && info.httpStatus < 500 ? info.serverMessage : null;
            toast.error(reason ? `${DUPLICATE_ERROR} ${reason}` : DUPLICATE_ERROR);
            if (info.httpStatus === 404) void utils.orders.invalidate();
          },
        },
      );
    },
    [mutation, utils, toast],
  );

  const isBusy = useCallback((id: string) => busy.has(id), [busy]);
  return { duplicate, isBusy };
}
