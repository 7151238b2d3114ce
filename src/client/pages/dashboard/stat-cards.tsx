import { FileText, Minus, TrendingDown, TrendingUp, UsersRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Period } from '../../../shared/constants';
import { formatEuro } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import type { OrderStats } from '../../../shared/schemas/order';
import { cx } from '../../components';
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
 * with its growth against the previous month, quarter or year.
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
        failed={failed}
        testId="stat-orders"
      />
      <StatCard
        label="Maandomzet"
        icon={<Wallet />}
        value={stats ? formatEuro(eurosToCents(stats.revenue.value)) : null}
        growth={stats?.revenue.growth}
        caption={caption}
        hint="De som van de ordertotalen inclusief btw in de gekozen periode, zonder geannuleerde orders."
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
  growth: number | undefined;
  caption: string;
  hint?: string;
  failed: boolean;
  testId: string;
};

const GROWTH_ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

function StatCard({ label, icon, value, growth, caption, hint, failed, testId }: StatCardProps) {
  const tone = growth === undefined ? 'flat' : growthTone(growth);
  const GrowthIcon = GROWTH_ICONS[tone];
  return (
    <article className="stat-card" data-testid={testId} title={hint}>
      <header className="stat-card__head">
        <h3 className="stat-card__label">{label}</h3>
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
          <p className="stat-card__value">{value}</p>
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
