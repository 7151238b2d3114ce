import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components';
import { ORDERS_PAGE_SIZE, pagerText } from './orders-params';

type OrdersPagerProps = {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
};

/** 'Toont 21 - 40 van 45 orders' with Vorige/Volgende, each disabled at its end. */
export function OrdersPager({ page, lastPage, total, onPage }: OrdersPagerProps) {
  const shownPage = Math.min(page, lastPage);
  return (
    <nav className="orders-pager" aria-label="Paginering">
      <p className="orders-pager__text" aria-live="polite">
        {pagerText(shownPage, ORDERS_PAGE_SIZE, total)}
      </p>
      <div className="orders-pager__buttons">
        {lastPage > 1 ? (
          <span className="orders-pager__page">
            Pagina {shownPage.toLocaleString('nl-NL')} van {lastPage.toLocaleString('nl-NL')}
          </span>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          icon={<ChevronLeft />}
          disabled={shownPage <= 1}
          onClick={() => onPage(shownPage - 1)}
        >
          Vorige
        </Button>
        <Button
          variant="secondary"
          size="sm"
          iconRight={<ChevronRight />}
          disabled={shownPage >= lastPage}
          onClick={() => onPage(shownPage + 1)}
        >
          Volgende
        </Button>
      </div>
    </nav>
  );
}
