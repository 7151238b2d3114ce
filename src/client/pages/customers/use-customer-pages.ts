import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Customer } from '../../../shared/schemas/customer';
import { trpc } from '../../lib/trpc';

/** Cards per page: fills rows of 1, 2, 3 or 4 columns alike. */
export const CUSTOMERS_PAGE_SIZE = 24;

type CustomerPage = { items: Customer[]; total: number; page: number; pageSize: number };

export type CustomerFilters = { search: string; activeOnly: boolean };

/**
 * The customers screen's list: search and active filter run on the server (trpc.customers.page), pages
 * of 24 appended by 'Meer laden'. The query key sits under ['customers','page'], so
 * `utils.customers.invalidate()` (or `.page.invalidate()`) refreshes it like any tRPC query.
 */
export function useCustomerPages({ search, activeOnly }: CustomerFilters) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const input = { search: search || undefined, activeOnly, pageSize: CUSTOMERS_PAGE_SIZE };
  const queryKey = getQueryKey(trpc.customers.page, input, 'infinite');

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      utils.client.customers.page.query({ ...input, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: CustomerPage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    // While a new search runs, the old cards stay (no flash of the skeleton on every keystroke).
    placeholderData: keepPreviousData,
  });

  const pages = query.data?.pages ?? [];
  const customers = pages.flatMap((p) => p.items);
  const total = pages.at(-1)?.total ?? 0;

  /** Takes a deleted customer out of every loaded list at once (before the refetch confirms it). */
  const removeLocally = useCallback(
    (id: string) => {
      queryClient.setQueriesData<InfiniteData<CustomerPage, number>>(
        { queryKey: getQueryKey(trpc.customers.page, undefined, 'infinite') },
        (data) => {
          if (!data?.pages.some((p) => p.items.some((c) => c._id === id))) return data;
          return {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.filter((c) => c._id !== id),
              total: Math.max(0, p.total - 1),
            })),
          };
        },
      );
    },
    [queryClient],
  );

  return { query, customers, total, removeLocally };
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
