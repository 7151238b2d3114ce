import { CircleAlert, MessageSquareWarning, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Period } from '../../../shared/constants';
import { type ResponseFilter, responseLabels } from '../../../shared/order-confirmation-states';
import type { OrderStats } from '../../../shared/schemas/order';
import { cx } from '../../components';
import { responsesHref } from '../orders/orders-params';
import { inPeriodText } from './dashboard-view';

type CustomerResponsesProps = {
  period: Period;
  stats: OrderStats | undefined;
  stale: boolean;
};

/**
 * The customers' answers to the orders' latest links: how many wait for an answer now, and how many
 * were declined or got a change request in the chosen period. Each number leads to the orders list
 * filtered on that answer (which shows the orders as they stand now, whatever the period).
 */
export function CustomerResponses({ period, stats, stale }: CustomerResponsesProps) {
  if (!stats) return null;
  const when = inPeriodText(period);
  return (
    <section
      className={cx('customer-responses', stale && 'is-stale')}
      aria-labelledby="customer-responses-title"
    >
      <h3 id="customer-responses-title" className="customer-responses__title">
        Antwoorden van klanten
      </h3>
      <ul className="customer-responses__list">
        <ResponseTile
          filter="waiting"
          icon={<Timer />}
          label={responseLabels.waitingNow}
          count={stats.responsesWaiting}
          when="nu"
        />
        <ResponseTile
          filter="rejected"
          icon={<CircleAlert />}
          label={responseLabels.declinedInPeriod}
          count={stats.responsesRejected}
          when={when}
        />
        <ResponseTile
          filter="changes_requested"
          icon={<MessageSquareWarning />}
          label={responseLabels.changesInPeriod}
          count={stats.responsesChangesRequested}
          when={when}
        />
      </ul>
    </section>
  );
}

function ResponseTile(props: {
  filter: ResponseFilter;
  icon: ReactNode;
  label: string;
  count: number;
  when: string;
}) {
  return (
    <li>
      <Link
        href={responsesHref(props.filter)}
        className={cx('customer-responses__tile', `customer-responses__tile--${props.filter}`)}
        data-testid={`responses-${props.filter}`}
      >
        <span className="customer-responses__icon" aria-hidden="true">
          {props.icon}
        </span>
        <span className="customer-responses__label">
          {props.label} <span className="customer-responses__when">({props.when})</span>
        </span>
        <span className="customer-responses__count">{props.count.toLocaleString('nl-NL')}</span>
      </Link>
    </li>
  );
}
