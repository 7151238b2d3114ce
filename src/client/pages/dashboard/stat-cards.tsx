import { FileText, Minus, TrendingDown, TrendingUp, UsersRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Period } from '../../../shared/constants';
import { COUNTED_ORDERS_TEXT, REVENUE_LABELS } from '../../../shared/counted-orders';
import { formatEuro } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import type { OrderStats } from '../../../shared/schemas/order';
import { cx, InfoTip } from '../../components';
import { comparisonCaption, growthText, growthTone } from './dashboard-view';

type StatCardsProps = {
  period: Period;
  stats: OrderStats | undefined;
  /** Loading failed (the page says so): dashes instead of placeholders. */
  failed: boolean;
  /** The numbers shown belong to another period while the new ones load. */
  stale: boolean;
};

/**
 * Totale Orders, Maandomzet, Actieve Klanten (spec §2 Dashboard, §9) from trpc.orders.stats, each
 * with its growth against the previous month, quarter or year. The revenue card is named after the
 * period (Maandomzet, Kwartaalomzet, Jaaromzet) and shows the amount excl. VAT first; both order
 * cards count the same orders (shared/counted-orders.ts), which their (i) says.
 */
export function StatCards({ period, stats, failed, stale }: StatCardsProps) {
  const caption = comparisonCaption(period);
  return (
    <div
      className={cx('stat-cards', stale && 'is-stale')}
      aria-busy={(!stats && !failed) || stale || undefined}
    >
      <StatCard
        label="Totale Orders"
        icon={<FileText />}
        value={stats ? stats.totalOrders.value.toLocaleString('nl-NL') : null}
        growth={stats?.totalOrders.growth}
        caption={caption}
        hint={`Orders gedateerd in de gekozen periode. ${COUNTED_ORDERS_TEXT}`}
        failed={failed}
        testId="stat-orders"
      />
      <StatCard
        label={REVENUE_LABELS[period]}
        icon={<Wallet />}
        value={stats ? formatEuro(eurosToCents(stats.revenue.value)) : null}
        unit="excl. btw"
        detail={stats ? `${formatEuro(eurosToCents(stats.revenue.valueInclVat))} incl. btw` : undefined}
        growth={stats?.revenue.growth}
        caption={caption}
        hint={`De som van de orderbedragen exclusief btw in de gekozen periode; daaronder hetzelfde inclusief btw. ${COUNTED_ORDERS_TEXT}`}
        failed={failed}
        testId="stat-revenue"
      />
      <StatCard
        label="Actieve Klanten"
        icon={<UsersRound />}
        value={stats ? stats.activeCustomers.value.toLocaleString('nl-NL') : null}
        growth={stats?.activeCustomers.growth}
        caption={`nieuw ${caption}`}
        hint="Klanten die op actief staan. De groei vergelijkt de nieuwe actieve klanten met de vorige periode."
        failed={failed}
        testId="stat-customers"
      />
    </div>
  );
}

type StatCardProps = {
  label: string;
  icon: ReactNode;
  /** null while loading. */
  value: string | null;
  /** A word after the value: 'excl. btw'. */
  unit?: string;
  /** A second figure under the value. */
  detail?: string | undefined;
  growth: number | undefined;
  caption: string;
  hint?: string;
  failed: boolean;
  testId: string;
};

const GROWTH_ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

function StatCard({
  label,
  icon,
  value,
  unit,
  detail,
  growth,
  caption,
  hint,
  failed,
  testId,
}: StatCardProps) {
  const tone = growth === undefined ? 'flat' : growthTone(growth);
  const GrowthIcon = GROWTH_ICONS[tone];
  return (
    <article className="stat-card" data-testid={testId}>
      <header className="stat-card__head">
        <div className="stat-card__title">
          <h3 className="stat-card__label">{label}</h3>
          {hint ? <InfoTip subject={label}>{hint}</InfoTip> : null}
        </div>
        <span className="stat-card__icon" aria-hidden="true">
          {icon}
        </span>
      </header>
      {value === null && failed ? (
        <p className="stat-card__value stat-card__value--none">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Niet beschikbaar</span>
        </p>
      ) : value === null ? (
        <>
          <span className="stat-card__skeleton stat-card__skeleton--value" aria-hidden="true" />
          <span className="stat-card__skeleton stat-card__skeleton--foot" aria-hidden="true" />
          <span className="sr-only">Laden...</span>
        </>
      ) : (
        <>
          <p className="stat-card__value">
            {value}
            {unit ? <span className="stat-card__unit"> {unit}</span> : null}
          </p>
          {detail ? <p className="stat-card__detail">{detail}</p> : null}
          <p className="stat-card__foot">
            {growth === undefined ? null : (
              <span className={cx('stat-growth', `stat-growth--${tone}`)}>
                <GrowthIcon size={14} aria-hidden="true" />
                {growthText(growth)}
              </span>
            )}
            <span className="stat-card__caption">{caption}</span>
          </p>
        </>
      )}
    </article>
  );
}
