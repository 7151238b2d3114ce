import { keepPreviousData } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Period } from '../../../shared/constants';
import { Button, buttonClass, Notice, PageHeader, RetryButton, Select } from '../../components';
import { isOrderPeriod, PERIOD_OPTIONS, PeriodRange, useOrderDelete } from '../../components/order-table';
import { ProfileBanner } from '../../components/profile-banner';
import { readApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { useSendEmail } from '../orders/send-email';
import { ConnectionNotice, VerificationWarning } from './account-notices';
import { ApprovalsWaitingNotice } from './approvals-waiting';
import { CustomerResponses } from './customer-responses';
import { readConnectionProblem, writeConnectionProblem } from './dashboard-view';
import { RECENT_ORDERS_SIZE, RecentOrders } from './recent-orders';
import { RevenueChart } from './revenue-chart';
import { StatCards } from './stat-cards';
import { useOrdersExport } from './use-orders-export';
import './dashboard.css';

/** Spec §8 Dashboard. */
export const DASHBOARD_LOAD_ERROR =
  'Er is een fout opgetreden bij het ophalen van de gegevens. Probeer de pagina te vernieuwen.';
const SEARCH_DEBOUNCE_MS = 250;

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** / (spec §2 Dashboard, §9): the cards and the newest orders of the chosen period. */
export function DashboardPage() {
  const [period, setPeriod] = useState<Period>('month');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [connectionProblem, setConnectionProblem] = useState(() => readConnectionProblem(storage()));
  const orderDelete = useOrderDelete();
  const sendEmail = useSendEmail();
  const canWork = useCan('work');
  const exporter = useOrdersExport();

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const stats = trpc.orders.stats.useQuery({ period }, { placeholderData: keepPreviousData });
  const recent = trpc.orders.page.useQuery(
    { period, search: search || undefined, page: 1, pageSize: RECENT_ORDERS_SIZE },
    { placeholderData: keepPreviousData },
  );

  // A call the server never answered (offline, or refused by CORS) raises the connection flag; a
  // successful load clears it for next time (the notice on screen stays until it is closed).
  const networkError = [stats.error, recent.error].some((e) => e && readApiError(e).isNetworkError);
  const loaded = stats.isSuccess && recent.isSuccess;
  useEffect(() => {
    if (networkError) {
      writeConnectionProblem(storage(), true);
      setConnectionProblem(true);
    } else if (loaded) {
      writeConnectionProblem(storage(), false);
    }
  }, [networkError, loaded]);

  const dismissConnection = () => {
    writeConnectionProblem(storage(), false);
    setConnectionProblem(false);
  };

  const failed = (stats.isError && !stats.data) || (recent.isError && !recent.data);
  const retry = () => {
    void stats.refetch();
    void recent.refetch();
  };

  return (
    <div className="dashboard-page">
      <PageHeader
        title="Dashboard"
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Download />}
              onClick={() => void exporter.run(period)}
              busy={exporter.busy}
            >
              Exporteren
            </Button>
            {canWork ? (
              <Link href="/nieuwe-order" className={buttonClass()}>
                <span className="ui-button__icon" aria-hidden="true">
                  <Plus />
                </span>
                <span className="ui-button__label">Nieuwe Order</span>
              </Link>
            ) : null}
          </>
        }
      />

      <ProfileBanner />
      <VerificationWarning />
      {connectionProblem ? <ConnectionNotice onDismiss={dismissConnection} /> : null}
      <ApprovalsWaitingNotice count={stats.data?.approvalsWaiting ?? 0} />
      {failed ? (
        <Notice
          tone="error"
          className="dashboard-notice"
          action={<RetryButton busy={stats.isFetching || recent.isFetching} onRetry={retry} />}
        >
          {DASHBOARD_LOAD_ERROR}
        </Notice>
      ) : null}

      <section className="dashboard-overview" aria-labelledby="dashboard-overview-title">
        <div className="dashboard-overview__head">
          <h2 id="dashboard-overview-title" className="dashboard-overview__title">
            Overzicht
          </h2>
          <PeriodRange period={period} id="dashboard-period-range" className="dashboard-overview__range" />
          <Select
            label="Periode"
            hideLabel
            aria-describedby="dashboard-period-range"
            options={PERIOD_OPTIONS}
            value={period}
            onChange={(event) => {
              const value = event.target.value;
              if (isOrderPeriod(value) && value !== 'all') setPeriod(value);
            }}
            fieldClassName="dashboard-overview__select"
          />
        </div>
        <StatCards
          period={period}
          stats={stats.data}
          failed={stats.isError && !stats.data}
          stale={stats.isPlaceholderData && stats.isFetching}
        />
        <CustomerResponses
          period={period}
          stats={stats.data}
          stale={stats.isPlaceholderData && stats.isFetching}
        />
        <RevenueChart />
      </section>

      <RecentOrders
        period={period}
        text={text}
        onTextChange={setText}
        search={search}
        query={recent}
        onDelete={orderDelete.request}
        onSend={(order) => sendEmail.open(order._id)}
        notice={sendEmail.notice}
      />

      {orderDelete.dialog}
      {sendEmail.dialog}
    </div>
  );
}
