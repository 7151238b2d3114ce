import { Fragment, type ReactNode } from 'react';
import type { DocumentView, Labelled } from './document-view';

/* The small parts the three templates share. */

export function Closing({ view }: { view: DocumentView }) {
  if (view.payment.length === 0 && view.notes === '') return null;
  return (
    <footer className="od-closing">
      {view.payment.length > 0 && (
        <section className="od-payment">
          <h2>Betaalgegevens</h2>
          <Pairs pairs={view.payment} />
        </section>
      )}
      {view.notes && (
        <section>
          {/* 'Opmerkingen' are an order's own remarks (delivery-block.tsx); this is the standing footer text. */}
          <h2>Mededelingen</h2>
          <p className="od-notes">{view.notes}</p>
        </section>
      )}
    </footer>
  );
}

export function Customer({ view }: { view: DocumentView }) {
  const [first, ...rest] = view.customer.lines;
  return (
    <div className="od-customer-block">
      <p className="od-strong">{first}</p>
      <Lines lines={rest} />
      {view.customer.btwNumber && <p className="od-muted">{`BTW-nummer: ${view.customer.btwNumber}`}</p>}
    </div>
  );
}

export function Lines({ lines }: { lines: string[] }): ReactNode {
  if (lines.length === 0) return null;
  return (
    <p>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines are fixed in place and may repeat
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

export function Pairs({ pairs, className }: { pairs: Labelled[]; className?: string }): ReactNode {
  if (pairs.length === 0) return null;
  return (
    <dl className={className ? `od-pairs ${className}` : 'od-pairs'}>
      {pairs.map((p) => (
        <div key={p.label} style={{ display: 'contents' }}>
          <dt>{p.label}</dt>
          <dd>{p.value}</dd>
        </div>
      ))}
    </dl>
  );
}
