import { Save } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { formatEuro } from '../../../shared/format';
import { Button } from '../../components';
import { isShowableAmount } from './order-draft';

export type OrderSaveBarProps = {
  totalCents: number;
  saving: boolean;
  disabled: boolean;
  /** The totals panel: while it is on screen its own buttons serve, and the bar steps aside. */
  panelRef: RefObject<HTMLElement | null>;
};

/**
 * Where the totals panel is not beside the form (a phone, a tablet) it sits at the end of a long page:
 * this bar keeps the total and Opslaan at hand, above the phone's bottom bar. It
 * submits the surrounding form. On a wide screen the panel sticks beside the form and CSS hides the bar.
 */
export function OrderSaveBar({ totalCents, saving, disabled, panelRef }: OrderSaveBarProps) {
  const panelInView = usePanelInView(panelRef);
  return (
    <section
      className="order-save-bar"
      aria-label="Totaal en opslaan"
      hidden={panelInView}
      data-fixed-edge="bottom"
    >
      <div className="order-save-bar__total">
        <span className="order-save-bar__label">Totaal</span>
        <span className="order-save-bar__amount tabular">
          {isShowableAmount(totalCents) ? formatEuro(totalCents) : '—'}
        </span>
      </div>
      <Button type="submit" icon={<Save />} busy={saving} disabled={disabled}>
        {saving ? 'Opslaan...' : 'Opslaan'}
      </Button>
    </section>
  );
}

/** True while the top of the panel shows above the bars at the bottom of the window. */
function usePanelInView(panelRef: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || typeof IntersectionObserver === 'undefined') return;
    // The bottom 140 px are under the bars: the panel counts once it shows above them.
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), {
      rootMargin: '0px 0px -140px 0px',
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [panelRef]);
  return inView;
}
