import type { ReactNode } from 'react';
import { VERLEGD_LABEL } from '../../../shared/constants';
import { formatEuro } from '../../../shared/format';
import type { OrderTotals } from '../../../shared/money';
import { orderMessages } from '../../../shared/schemas/order';
import { isShowableAmount } from './order-draft';
import { vatRateLabel } from './order-lines';

const euro = (cents: number) => (isShowableAmount(cents) ? formatEuro(cents) : '—');

export type OrderTotalsPanelProps = {
  totals: OrderTotals;
  /** The save and cancel buttons, under the total. */
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * The live totals (spec §9): subtotal, VAT per rate (or 'Verlegd') and total, computed by the one
 * rounding rule of shared/money.ts as the server, the list and the PDF compute them.
 */
export function OrderTotalsPanel({ totals, actions, children }: OrderTotalsPanelProps) {
  const rates = totals.vatByRate.filter((r) => r.rate !== 'verlegd');
  return (
    <section className="order-totals" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title" className="order-totals__title">
        Overzicht
      </h2>
      <dl className="order-totals__list">
        <div className="order-totals__row" data-total="subtotal">
          <dt>Subtotaal</dt>
          <dd className="tabular">{euro(totals.subtotalCents)}</dd>
        </div>
        {totals.verlegd ? (
          <div className="order-totals__row" data-total="vat-verlegd">
            <dt>
              BTW
              <span className="order-totals__base">verlegd naar de klant</span>
            </dt>
            <dd>{VERLEGD_LABEL}</dd>
          </div>
        ) : (
          rates.map((r) => (
            <div key={String(r.rate)} className="order-totals__row" data-total={`vat-${r.rate}`}>
              <dt>
                BTW {vatRateLabel(r.rate)}
                <span className="order-totals__base">over {euro(r.baseCents)}</span>
              </dt>
              <dd className="tabular">{euro(r.vatCents)}</dd>
            </div>
          ))
        )}
        <div className="order-totals__row order-totals__row--total" data-total="total">
          <dt>Totaal</dt>
          <dd className="tabular">{euro(totals.totalCents)}</dd>
        </div>
      </dl>
      {totals.exceedsMaximum ? <p className="order-totals__too-big">{orderMessages.orderTotalMax}</p> : null}
      {children}
      {actions ? <div className="order-totals__actions">{actions}</div> : null}
    </section>
  );
}
