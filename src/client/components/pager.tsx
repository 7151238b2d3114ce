import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import './pager.css';

/** What a list counts, in the singular and the plural: ['order', 'orders']. */
export type CountedNoun = readonly [singular: string, plural: string];

const count = (n: number) => n.toLocaleString('nl-NL');

/** 'Toont 21 - 40 van 45 orders': the rows on `page`, clamped to what there is. */
export function pagerText(page: number, pageSize: number, total: number, noun: CountedNoun): string {
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = total === 0 ? 0 : Math.min(page * pageSize, total);
  return `Toont ${count(from)} - ${count(to)} van ${count(total)} ${total === 1 ? noun[0] : noun[1]}`;
}

type PagerProps = {
  page: number;
  lastPage: number;
  total: number;
  pageSize: number;
  noun: CountedNoun;
  onPage: (page: number) => void;
};

/** 'Toont 21 - 40 van 45 orders' with Vorige/Volgende under a paged list, each disabled at its end. */
export function Pager({ page, lastPage, total, pageSize, noun, onPage }: PagerProps) {
  const shownPage = Math.min(page, lastPage);
  return (
    <nav className="pager" aria-label="Paginering">
      <p className="pager__text" aria-live="polite">
        {pagerText(shownPage, pageSize, total, noun)}
      </p>
      <div className="pager__buttons">
        {lastPage > 1 ? (
          <span className="pager__page">
            Pagina {count(shownPage)} van {count(lastPage)}
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
