import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, ClipboardList, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Period } from '../../../shared/constants';
import type { OrderPage } from '../../../shared/schemas/order';
import { buttonClass, EmptyState, SearchField } from '../../components';
import { OrderTable, type OrderTableProps } from '../../components/order-table';
import { useCan } from '../../lib/can';
import { DEFAULT_ORDERS_FILTERS, ordersParamsToSearch, pagerText } from '../orders/orders-params';
import { emptyPeriodText } from './dashboard-view';

/** Rows in Recente Orders; the orders list has the rest. */
export const RECENT_ORDERS_SIZE = 10;

type RecentOrdersProps = {
  period: Period;
  text: string;
  onTextChange: (text: string) => void;
  /** The search that the shown result belongs to (debounced). */
  search: string;
  query: Pick<
    UseQueryResult<OrderPage>,
    'data' | 'isPending' | 'isError' | 'isFetching' | 'isPlaceholderData'
  >;
  onDelete: OrderTableProps['onDelete'];
  onSend?: OrderTableProps['onSend'];
  /** A message about the rows (e.g. after sending an order), shown above them. */
  notice?: ReactNode;
};

/**
 * Recente Orders (spec §2 Dashboard): the newest orders of the chosen period, searchable; columns
 * Order Nr, Klant, Project, Datum, Totaal, Acties (no Status), and a link to the full list with the
 * same period and search.
 */
export function RecentOrders({
  period,
  text,
  onTextChange,
  search,
  query,
  onDelete,
  onSend,
  notice,
}: RecentOrdersProps) {
  const canWork = useCan('work');
  const data = query.data;
  const total = data?.total ?? 0;
  const refreshing = query.isFetching && query.isPlaceholderData;
  const listHref = `/inkooporders${ordersParamsToSearch({ ...DEFAULT_ORDERS_FILTERS, search, period })}`;

  return (
    <section className="recent-orders" aria-labelledby="recent-orders-title">
      <header className="recent-orders__head">
        <h2 id="recent-orders-title" className="recent-orders__title">
          Recente Orders
        </h2>
        <SearchField
          label="Zoek in recente orders"
          hideLabel
          placeholder="Ordernummer, klant of project"
          value={text}
          onValueChange={onTextChange}
          busy={refreshing}
          fieldClassName="recent-orders__search"
        />
      </header>

      {notice}
      {query.isError && !data ? (
        // The page's error notice says what happened; no "no orders" claim here.
        <p className="recent-orders__unavailable">De orders konden niet worden geladen.</p>
      ) : !query.isPending && total === 0 ? (
        search ? (
          <EmptyState
            className="recent-orders__empty"
            icon={<SearchX />}
            title="Geen orders gevonden die aan de criteria voldoen."
          />
        ) : (
          <EmptyState
            className="recent-orders__empty"
            icon={<ClipboardList />}
            title={emptyPeriodText(period)}
            action={
              canWork ? (
                <Link href="/nieuwe-order" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                  Nieuwe Order
                </Link>
              ) : null
            }
          />
        )
      ) : (
        <>
          <OrderTable
            caption="Recente Orders"
            orders={data?.items ?? []}
            loading={query.isPending}
            stale={refreshing}
            onDelete={onDelete}
            onSend={canWork ? onSend : undefined}
          />
          {data ? (
            <footer className="recent-orders__foot">
              <span className="recent-orders__count">{pagerText(1, RECENT_ORDERS_SIZE, total)}</span>
              <Link href={listHref} className="recent-orders__all">
                Alle orders bekijken
                <ArrowRight size={16} aria-hidden="true" />
              </Link>
            </footer>
          ) : null}
        </>
      )}
    </section>
  );
}
