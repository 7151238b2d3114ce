import { approvalErrors } from '../../../shared/approval-states';
import type {
  ApprovalActionResult,
  ApprovalRejectInput,
  ApprovalRequestInput,
} from '../../../shared/schemas/approval';
import { useToast } from '../../components';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';

type Done = { onSuccess?: () => void; onFieldErrors?: (details: Record<string, string>) => void };

/**
 * The three approval calls for one order. A success says the server's message in a toast and puts
 * the approval it answered into the order at once (the panel changes without waiting), then has the
 * lists and the dashboard's count read again. A refusal says the server's message; the order is read
 * again, as someone else may have decided meanwhile.
 */
export function useApprovalActions(orderId: string) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const request = trpc.orderApprovals.request.useMutation();
  const approve = trpc.orderApprovals.approve.useMutation();
  const reject = trpc.orderApprovals.reject.useMutation();

  const succeeded = (result: ApprovalActionResult, done: Done) => {
    utils.orders.get.setData({ id: orderId }, (order) =>
      order ? { ...order, approval: result.approval } : order,
    );
    void utils.orders.get.invalidate({ id: orderId });
    void utils.orders.page.invalidate();
    void utils.orders.stats.invalidate();
    toast.success(result.message);
    done.onSuccess?.();
  };

  const failed = (err: unknown, fallback: string, done: Done) => {
    const details = readApiError(err).details;
    if (Object.keys(details).length > 0 && done.onFieldErrors) done.onFieldErrors(details);
    toast.error(errorMessage(err, fallback));
    void utils.orders.get.invalidate({ id: orderId });
  };

  return {
    busy: request.isPending || approve.isPending || reject.isPending,
    requesting: request.isPending,
    approving: approve.isPending,
    rejecting: reject.isPending,
    request: (input: ApprovalRequestInput, done: Done = {}) =>
      request.mutate(
        { id: orderId, ...input },
        {
          onSuccess: (result) => succeeded(result, done),
          onError: (err) => failed(err, approvalErrors.request, done),
        },
      ),
    approve: (done: Done = {}) =>
      approve.mutate(
        { id: orderId },
        {
          onSuccess: (result) => succeeded(result, done),
          onError: (err) => failed(err, approvalErrors.approve, done),
        },
      ),
    reject: (input: ApprovalRejectInput, done: Done = {}) =>
      reject.mutate(
        { id: orderId, ...input },
        {
          onSuccess: (result) => succeeded(result, done),
          onError: (err) => failed(err, approvalErrors.reject, done),
        },
      ),
  };
}

export type ApprovalActionsApi = ReturnType<typeof useApprovalActions>;
