import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { OrderStatus } from '../../../shared/constants';
import type { OrderPeriod } from '../../../shared/schemas/order';
import { type OrdersFilters, ordersParamsToSearch, parseOrdersParams } from './orders-params';

export const ORDERS_PATH = '/inkooporders';
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The orders list's filters, kept in the address (see orders-params.ts). The search box has its own
 * text that reaches the address 250 ms after the last keystroke; a change of the address from
 * elsewhere (the sidebar link, back/forward) is copied into the box. Any filter change returns to
 * page 1. Address updates replace the history entry, so Back leaves the list.
 */
export function useOrdersFilters() {
  const searchString = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseOrdersParams(searchString), [searchString]);
  const [text, setText] = useState(filters.search);
  const [debounced, setDebounced] = useState(filters.search);

  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const update = useCallback(
    (patch: Partial<OrdersFilters>) => {
      const next: OrdersFilters = { ...filters, page: 1, ...patch };
      const target = `${ORDERS_PATH}${ordersParamsToSearch(next)}`;
      if (ordersParamsToSearch(next) !== ordersParamsToSearch(filters)) navigate(target, { replace: true });
    },
    [filters, navigate],
  );

  // What the address's search was when this hook last wrote or read it.
  const known = useRef(filters.search);

  // Typing (debounced) → address.
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced === filters.search) return;
    known.current = debounced;
    update({ search: debounced });
  }, [debounced, filters.search, update]);

  // Address changed elsewhere → the box.
  useEffect(() => {
    if (filters.search === known.current) return;
    known.current = filters.search;
    setText(filters.search);
  }, [filters.search]);

  const clear = useCallback(() => {
    known.current = '';
    setText('');
    update({ search: '', status: '', period: 'all', mine: false, approval: '', response: '' });
  }, [update]);

  return {
    filters,
    /** The search box's text (may run ahead of `filters.search` while typing). */
    text,
    setText,
    setStatus: useCallback((status: OrderStatus | '') => update({ status }), [update]),
    setPeriod: useCallback((period: OrderPeriod) => update({ period }), [update]),
    setMine: useCallback((mine: boolean) => update({ mine }), [update]),
    setApproval: useCallback((approval: OrdersFilters['approval']) => update({ approval }), [update]),
    setResponse: useCallback((response: OrdersFilters['response']) => update({ response }), [update]),
    setPage: useCallback((page: number) => update({ page }), [update]),
    clear,
  };
}
