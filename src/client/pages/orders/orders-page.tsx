import { keepPreviousData } from '@tanstack/react-query';
import { ClipboardList, Mail, Plus, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import {
  Button,
  buttonClass,
  EmptyState,
  Notice,
  PageHeader,
  Pager,
  ProfileGapsNotice,
  RetryButton,
  Spinner,
} from '../../components';
import { OrderTable, useOrderDelete } from '../../components/order-table';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { takeEmailModalRequest } from './email-modal-request';
import { hasActiveFilters, ORDER_NOUN, ORDERS_PAGE_SIZE, pageCount } from './orders-params';
import { OrdersToolbar } from './orders-toolbar';
import { useSendEmail } from './send-email';
import { useOrdersFilters } from './use-orders-filters';
import './orders.css';

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van de orders.';
const NO_ORDERS = 'Geen orders gevonden. Maak uw eerste order aan.';
const NO_ORDERS_YET = 'Er zijn nog geen orders.';
const NO_MATCHES = 'Geen orders gevonden die aan de criteria voldoen.';

/**
 * /inkooporders (spec §2 Orders list, §8 Orders list): search, status, period, approval and answer filters
 * and real paging, all on the server (trpc.orders.page), kept in the address.
 */
export function OrdersPage() {
  const { filters, text, setText, setStatus, setPeriod, setMine, setApproval, setResponse, setPage, clear } =
    useOrdersFilters();
  const canWork = useCan('work');
  const canManage = useCan('manage');
  const orderDelete = useOrderDelete();
  const sendEmail = useSendEmail();
  const panelRef = useRef<HTMLElement>(null);

  const query = trpc.orders.page.useQuery(
    {
      search: filters.search || undefined,
      status: filters.status || undefined,
      period: filters.period,
      createdBy: filters.mine ? 'me' : undefined,
      approval: filters.approval || undefined,
      response: filters.response || undefined,
      page: filters.page,
      pageSize: ORDERS_PAGE_SIZE,
    },
    // While the next page or search loads, the current rows stay (dimmed) instead of a flash.
    { placeholderData: keepPreviousData },
  );

  // The order form's 'Ja, verstuur e-mail' arrives with {openEmailModal, orderId}: the dialog opens
  // once, and the request leaves the history entry so a reload or going back does not open it again.
  const openSendEmail = sendEmail.open;
  useEffect(() => {
    const request = takeEmailModalRequest(window.history);
    if (request) openSendEmail(request.orderId);
  }, [openSendEmail]);

  const data = query.data;
  const total = data?.total ?? 0;
  const lastPage = pageCount(total, ORDERS_PAGE_SIZE);

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last one.
  useEffect(() => {
    if (!query.isPlaceholderData && data && data.items.length === 0 && data.total > 0 && filters.page > 1) {
      setPage(pageCount(data.total, ORDERS_PAGE_SIZE));
    }
  }, [data, filters.page, query.isPlaceholderData, setPage]);

  const goToPage = (page: number) => {
    setPage(page);
    const top = panelRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) panelRef.current?.scrollIntoView({ block: 'start' });
  };

  const filtered = hasActiveFilters(filters);
  const firstLoad = query.isPending;
  const loadFailed = query.isError && !data;
  const refreshing = query.isFetching && query.isPlaceholderData;

  return (
    <div className="orders-page">
      <PageHeader
        title="Inkooporders"
        actions={
          <>
            {canManage ? (
              <Link
                href="/email-templates"
                className={`${buttonClass({ variant: 'secondary' })} orders-page__templates`}
              >
                <span className="ui-button__icon" aria-hidden="true">
                  <Mail />
                </span>
                <span className="ui-button__label">E-mail templates beheren</span>
              </Link>
            ) : null}
            {canWork ? <NewOrderLink /> : null}
          </>
        }
      />

      {sendEmail.notice}
      <ProfileGapsNotice className="orders-page__profile-gaps" />

      <OrdersToolbar
        text={text}
        onTextChange={setText}
        status={filters.status}
        onStatusChange={setStatus}
        period={filters.period}
        onPeriodChange={setPeriod}
        mine={filters.mine}
        onMineChange={setMine}
        awaitingApproval={filters.approval === 'requested'}
        onAwaitingApprovalChange={(on) => setApproval(on ? 'requested' : '')}
        response={filters.response}
        onResponseChange={setResponse}
        filtered={filtered}
        onClear={clear}
        searching={refreshing}
      />

      {loadFailed ? (
        <Notice
          tone="error"
          action={<RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />}
        >
          {LOAD_ERROR}
        </Notice>
      ) : (
        <section ref={panelRef} className="orders-panel" aria-label="Orders">
          {firstLoad ? <Spinner label="Orders laden..." className="sr-only" /> : null}
          {!firstLoad && total === 0 ? (
            filtered ? (
              <EmptyState
                className="orders-empty"
                icon={<SearchX />}
                title={NO_MATCHES}
                description="Pas de zoekterm of de filters aan."
                action={
                  <Button variant="secondary" onClick={clear}>
                    Filters wissen
                  </Button>
                }
              />
            ) : (
              <EmptyState
                className="orders-empty"
                icon={<ClipboardList />}
                title={canWork ? NO_ORDERS : NO_ORDERS_YET}
                action={canWork ? <NewOrderLink /> : null}
              />
            )
          ) : (
            <>
              <OrderTable
                caption="Inkooporders"
                orders={data?.items ?? []}
                showStatus
                loading={firstLoad}
                placeholderRows={8}
                stale={refreshing}
                onDelete={orderDelete.request}
                onSend={canWork ? (order) => sendEmail.open(order._id) : undefined}
              />
              {query.isError ? (
                <Notice tone="error" className="orders-panel__error">
                  {LOAD_ERROR}
                </Notice>
              ) : null}
              {firstLoad ? null : (
                <Pager
                  page={filters.page}
                  lastPage={lastPage}
                  total={total}
                  pageSize={ORDERS_PAGE_SIZE}
                  noun={ORDER_NOUN}
                  onPage={goToPage}
                />
              )}
            </>
          )}
        </section>
      )}

      {orderDelete.dialog}
      {sendEmail.dialog}
    </div>
  );
}

function NewOrderLink() {
  return (
    <Link href="/nieuwe-order" className={buttonClass()}>
      <span className="ui-button__icon" aria-hidden="true">
        <Plus />
      </span>
      <span className="ui-button__label">Nieuwe Order</span>
    </Link>
  );
}
