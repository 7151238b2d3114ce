import type { CSSProperties } from 'react';
import { DeliveryBlock } from './delivery-block';
import { DocumentLogo, LOGO_CSS } from './document-logo';
import { Closing, Customer, Lines, Pairs } from './document-parts';
import { DOCUMENT_CSS } from './document-styles';
import { type DocumentView, documentView } from './document-view';
import { LinesTable } from './lines-table';
import type { OrderDocumentData } from './types';
import { VatNotice } from './vat-notice';

/**
 * One order as a document: the printed PDF (rendered to HTML on the server, see
 * src/server/services/pdf/document-html.tsx) and the live preview in the browser are this very
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
      <style>{`${DOCUMENT_CSS}${LOGO_CSS}`}</style>
      {data.mark && (
        <p className="od-mark" role="note">
          {data.mark}
        </p>
      )}
      <Layout view={view} />
      <LinesTable view={view} />
      <VatNotice data={data} />
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
        <div className="od-masthead-brand">
          <DocumentLogo view={view} />
          <div className="od-masthead-name od-strong">{company.name}</div>
        </div>
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
      <DeliveryBlock view={view} />
    </>
  );
}

function ModernHead({ view }: { view: DocumentView }) {
  const { company } = view;
  return (
    <>
      <header className="od-band">
        <div className="od-band-title">
          <h1 className="od-title">{view.title}</h1>
          <p className="od-band-number">{view.orderNumber}</p>
          <DocumentLogo view={view} />
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
      <DeliveryBlock view={view} />
    </>
  );
}

function MinimalHead({ view }: { view: DocumentView }) {
  const { company } = view;
  return (
    <>
      <header className="od-head">
        <div>
          <DocumentLogo view={view} />
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
      <DeliveryBlock view={view} />
    </>
  );
}

const LAYOUTS = { classic: ClassicHead, modern: ModernHead, minimal: MinimalHead } as const;
