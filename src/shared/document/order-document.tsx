import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { DOCUMENT_CSS } from './document-styles';
import { type DocumentView, documentView, type Labelled } from './document-view';
import type { OrderDocumentData } from './types';

/**
 * One order as a document: the printed PDF (rendered to HTML on the server, see
 * src/server/services/pdf/document-html.ts) and the live preview in the browser are this very
 * component, so they cannot drift apart. Pure: no browser APIs, no effects, no ids — the same data
 * gives the same markup. All user text is rendered as React text, so it is always escaped.
 */
export function OrderDocument({ data }: { data: OrderDocumentData }) {
  const view = documentView(data);
  const { colors } = view;
  const vars = {
    '--od-primary': colors.primary,
    '--od-on-primary': colors.onPrimary,
    '--od-secondary': colors.secondary,
    '--od-on-secondary': colors.onSecondary,
    '--od-accent': colors.accentText,
    '--od-font': view.fontStack,
  } as CSSProperties;
  const Layout = LAYOUTS[view.template];
  return (
    <article className={`od od--${view.template}`} data-template={view.template} style={vars}>
      {/* Constant CSS with no user data in it (see document-styles.ts); React writes style text raw. */}
      <style>{DOCUMENT_CSS}</style>
      <Layout view={view} />
      <LinesTable view={view} />
      <Closing view={view} />
    </article>
  );
}

/* ------------------------------------------------------------------ the three heads */

function ClassicHead({ view }: { view: DocumentView }) {
  const { company } = view;
  return (
    <>
      <header className="od-masthead">
        <div className="od-masthead-name od-strong">{company.name}</div>
        <div className="od-masthead-address">
          <Lines lines={company.address} />
          <Pairs pairs={company.contact} />
          <Pairs pairs={company.registration} className="od-registration" />
        </div>
      </header>
      <h1 className="od-title">{view.title}</h1>
      <div className="od-parties">
        <section className="od-customer">
          <h2>Aan</h2>
          <Customer view={view} />
        </section>
        <table className="od-meta-table">
          <tbody>
            {view.meta.map((m) => (
              <tr key={m.label}>
                <th scope="row">{m.label}</th>
                <td>{m.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ModernHead({ view }: { view: DocumentView }) {
  const { company } = view;
  return (
    <>
      <header className="od-band">
        <div>
          <h1 className="od-title">{view.title}</h1>
          <p className="od-band-number">{view.orderNumber}</p>
        </div>
        <div className="od-band-company">
          <p className="od-strong">{company.name}</p>
          <Lines lines={company.address} />
          <Pairs pairs={company.contact} />
        </div>
      </header>
      <dl className="od-meta-cards">
        {view.meta
          .filter((m) => m.label !== 'Ordernummer')
          .map((m) => (
            <div className="od-card" key={m.label}>
              <dt>{m.label}</dt>
              <dd>{m.value}</dd>
            </div>
          ))}
      </dl>
      <div className="od-parties">
        <section>
          <h2>Aan</h2>
          <Customer view={view} />
        </section>
        <section>
          <h2>Van</h2>
          <p className="od-strong">{company.name}</p>
          <Pairs pairs={company.registration} />
        </section>
      </div>
    </>
  );
}

function MinimalHead({ view }: { view: DocumentView }) {
  const { company } = view;
  return (
    <>
      <header className="od-head">
        <div>
          <p className="od-strong">{company.name}</p>
          <div className="od-muted">
            <Lines lines={company.address} />
          </div>
        </div>
        <div>
          <h1 className="od-title">{view.title}</h1>
          <p className="od-head-number">{view.orderNumber}</p>
        </div>
      </header>
      <div className="od-columns">
        <section>
          <h2>Aan</h2>
          <Customer view={view} />
        </section>
        <section>
          <h2>Gegevens</h2>
          <Pairs pairs={view.meta} className="od-meta-list" />
        </section>
        <section>
          <h2>Van</h2>
          <Pairs pairs={[...company.contact, ...company.registration]} />
        </section>
      </div>
    </>
  );
}

const LAYOUTS = { classic: ClassicHead, modern: ModernHead, minimal: MinimalHead } as const;

/* ------------------------------------------------------------------ shared parts */

function LinesTable({ view }: { view: DocumentView }) {
  return (
    <table className="od-lines">
      <colgroup>
        <col style={{ width: '43%' }} />
        <col style={{ width: '9%' }} />
        <col style={{ width: '9%' }} />
        <col style={{ width: '14%' }} />
        <col style={{ width: '10%' }} />
        <col style={{ width: '15%' }} />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Omschrijving</th>
          <th scope="col" className="od-num">
            Aantal
          </th>
          <th scope="col">Eenheid</th>
          <th scope="col" className="od-num">
            Prijs
          </th>
          <th scope="col" className="od-num">
            BTW
          </th>
          <th scope="col" className="od-num">
            Totaal
          </th>
        </tr>
      </thead>
      <tbody className="od-items">
        {view.lines.map((line, i) => (
          // Lines have no identity of their own; their position is it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={i}>
            <td className="od-desc">{line.description}</td>
            <td className="od-num">{line.quantity}</td>
            <td>{line.unit}</td>
            <td className="od-num">{line.price}</td>
            <td className="od-num">{line.vat}</td>
            <td className="od-num">{line.total}</td>
          </tr>
        ))}
      </tbody>
      <tbody className="od-totals">
        <tr>
          <td colSpan={6}>
            <div className="od-totals-box">
              <table className="od-sums">
                <tbody>
                  {view.totals.map((row) => (
                    <tr key={row.label} className={`od-sum-${row.kind}`}>
                      <th scope="row">
                        {row.label}
                        {row.note && <span className="od-note">{row.note}</span>}
                      </th>
                      <td>{row.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {view.reverseCharge && <p className="od-reverse-charge">{view.reverseCharge}</p>}
            </div>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Closing({ view }: { view: DocumentView }) {
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
          <h2>Opmerkingen</h2>
          <p className="od-notes">{view.notes}</p>
        </section>
      )}
    </footer>
  );
}

function Customer({ view }: { view: DocumentView }) {
  const [first, ...rest] = view.customer.lines;
  return (
    <div className="od-customer-block">
      <p className="od-strong">{first}</p>
      <Lines lines={rest} />
      {view.customer.btwNumber && <p className="od-muted">{`BTW-nummer: ${view.customer.btwNumber}`}</p>}
    </div>
  );
}

function Lines({ lines }: { lines: string[] }): ReactNode {
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

function Pairs({ pairs, className }: { pairs: Labelled[]; className?: string }): ReactNode {
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
