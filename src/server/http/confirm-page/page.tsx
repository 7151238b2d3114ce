import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { confirmationLabels } from '../../../shared/order-confirmation-states';
import type { FieldKey, FormValues } from './form';
import { confirmPath } from './paths';
import { PAGE_CSS } from './styles';
import { lineStatusLabel, pageTexts } from './texts';
import { LINE_STATUS_CHOICES, type OrderPageView, type PageLine } from './view';

/**
 * The public order page as HTML: React's server renderer, no client bundle, no script. Every text from
 * the order, the seller or the customer goes through React, which escapes it; nothing is written as
 * raw HTML except the page's own constant stylesheet.
 */

/** The answer's section: where the form's post lands. */
const ANSWER_ID = 'answer';

export type Notice = { kind: 'success' | 'error' | 'info'; text: string };

export type FormState = {
  values: FormValues;
  errors: Map<FieldKey, string>;
  formToken: string;
};

export type OrderPageProps = {
  token: string;
  view: OrderPageView;
  /** The logo's address, or null when the seller has none. */
  logo: { src: string; width: number; height: number } | null;
  /** Present while the link waits for an answer; an answered link shows the answer instead. */
  form: FormState | null;
  /** A message above the answer (recorded, already answered, too many attempts). */
  notice: Notice | null;
};

function Document({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{title}</title>
        <style>{PAGE_CSS}</style>
      </head>
      <body>
        <div className="page">{children}</div>
      </body>
    </html>
  );
}

const render = (node: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(node)}`;

/** The box the logo is shown in, in CSS pixels. */
export const LOGO_BOX = { width: 144, height: 56 };

/** The logo's size on the page: within LOGO_BOX, its proportions kept, never enlarged. */
export function logoSize(width: number, height: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return LOGO_BOX;
  const scale = Math.min(LOGO_BOX.width / width, LOGO_BOX.height / height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function Seller({ view, logo }: { view: OrderPageView; logo: OrderPageProps['logo'] }) {
  const { seller } = view;
  // Its size is written on it, so nothing moves when it arrives.
  const size = logo && logoSize(logo.width, logo.height);
  return (
    <header className="seller">
      {logo && size && (
        <img
          src={logo.src}
          width={size.width}
          height={size.height}
          alt={seller.name ? `Logo van ${seller.name}` : 'Logo'}
        />
      )}
      <div>
        <p className="seller-name">{seller.name}</p>
        <p className="seller-lines">
          {seller.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
        {seller.registration.length > 0 && (
          <p className="seller-lines">
            {seller.registration.map((pair) => (
              <span key={pair.label}>
                {pair.label} {pair.value}
              </span>
            ))}
          </p>
        )}
      </div>
    </header>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <p>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines in their fixed order
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </p>
  );
}

function OrderDetails({ view, waiting }: { view: OrderPageView; waiting: boolean }) {
  return (
    <section className="card" aria-labelledby="order-title">
      <p className="eyebrow">{pageTexts.documentTitle}</p>
      <h1 id="order-title">{view.orderNumber}</h1>
      {waiting && (
        <p className="intro">
          {view.seller.name} {pageTexts.waitingIntro}
        </p>
      )}
      {view.meta.length > 0 && (
        <dl className="meta">
          {view.meta.map((pair) => (
            <div key={pair.label}>
              <dt>{pair.label}</dt>
              <dd>{pair.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="parties">
        <div>
          <h2>{pageTexts.to}</h2>
          <Lines lines={view.customer} />
        </div>
        {view.delivery && (
          <div>
            <h2>{pageTexts.delivery}</h2>
            {view.delivery.date && (
              <>
                <h3>{pageTexts.deliveryDate}</h3>
                <p>{view.delivery.date}</p>
              </>
            )}
            {view.delivery.address.length > 0 && (
              <>
                <h3>{pageTexts.deliveryAddress}</h3>
                <Lines lines={view.delivery.address} />
              </>
            )}
          </div>
        )}
      </div>
      <table className="lines">
        <caption>{pageTexts.lines}</caption>
        <thead>
          <tr>
            <th scope="col">{pageTexts.description}</th>
            <th scope="col" className="num">
              {pageTexts.quantity}
            </th>
            <th scope="col" className="num">
              {pageTexts.price}
            </th>
            <th scope="col" className="num">
              {pageTexts.vat}
            </th>
            <th scope="col" className="num">
              {pageTexts.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <tr key={line.index}>
              <td className="desc">{line.description}</td>
              <td className="num">
                {line.quantity} {line.unit}
              </td>
              <td className="num" data-label="à">
                {line.price}
              </td>
              <td className="num" data-label={pageTexts.vat}>
                {line.vat}
              </td>
              <td className="num line-total">{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="totals">
        <tbody>
          {view.totals.map((row) => (
            <tr key={`${row.kind}-${row.label}`} className={row.kind === 'total' ? 'grand' : undefined}>
              <th scope="row">
                {row.label}
                {row.note && <small>{row.note}</small>}
              </th>
              <td className="num">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {view.reverseCharge && <p className="reverse">{view.reverseCharge}</p>}
      {view.vatNotice && (
        <div className="vat-notice">
          {view.vatNotice.texts.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {view.vatNotice.numbers.map((pair) => (
            <p key={pair.label} className="muted">
              {pair.label}: {pair.value}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}

function Downloads({ token }: { token: string }) {
  const base = confirmPath(token);
  return (
    <section className="card" aria-labelledby="documents-title">
      <h2 id="documents-title">{pageTexts.documents}</h2>
      <div className="downloads">
        <a className="download" href={`${base}/pdf`} download>
          <strong>{confirmationLabels.downloadPdf}</strong>
          <span>{pageTexts.pdfHint}</span>
        </a>
        <a className="download" href={`${base}/ubl`} download>
          <strong>{confirmationLabels.downloadUbl}</strong>
          <span>{pageTexts.ublHint}</span>
        </a>
      </div>
    </section>
  );
}

function NoticeBox({ notice }: { notice: Notice }) {
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <p>{notice.text}</p>
    </div>
  );
}

function AnswerGiven({ view }: { view: OrderPageView }) {
  const answer = view.answer;
  if (!answer) return null;
  return (
    <>
      <dl className="answer-list">
        <dt>{pageTexts.decision}</dt>
        <dd>
          <strong>{answer.decision}</strong>
        </dd>
        <dt>{pageTexts.answeredBy}</dt>
        <dd>{answer.respondentName}</dd>
        <dt>{pageTexts.answeredAt}</dt>
        <dd>{answer.respondedAt}</dd>
        {answer.deliveryDate && (
          <>
            <dt>{pageTexts.requestedDay}</dt>
            <dd>{answer.deliveryDate}</dd>
          </>
        )}
        {answer.note && (
          <>
            <dt>{pageTexts.note}</dt>
            <dd>{answer.note}</dd>
          </>
        )}
      </dl>
      {answer.lines.length > 0 && (
        <>
          <h3 className="changes-title">{pageTexts.changedLines}</h3>
          <ul className="changes">
            {answer.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the answer's lines in their order
              <li key={i}>
                <strong>{line.description}</strong>: {line.status}
                {line.details.length > 0 && <span className="muted"> — {line.details.join(', ')}</span>}
              </li>
            ))}
          </ul>
          <p className="muted">{pageTexts.otherLinesFine}</p>
        </>
      )}
    </>
  );
}

/** The `id` of a form field, and of its message. */
const fieldId = (key: string) => key.replace(/[^\w-]/g, '-');
const errorId = (key: string) => `${fieldId(key)}-error`;

function FieldError({ field, errors }: { field: FieldKey; errors: Map<FieldKey, string> }) {
  const message = errors.get(field);
  return message ? (
    <p className="field-error" id={errorId(field)}>
      {message}
    </p>
  ) : null;
}

/** `aria-invalid` and `aria-describedby` of a field that has a message, and of one with a hint. */
function described(field: FieldKey, errors: Map<FieldKey, string>, hintId?: string) {
  const invalid = errors.has(field);
  const ids = [hintId, invalid ? errorId(field) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': ids === '' ? undefined : ids,
  } as const;
}

const DECISIONS = [
  { value: 'accept', label: confirmationLabels.accept, hint: pageTexts.acceptHint },
  { value: 'reject', label: confirmationLabels.reject, hint: pageTexts.rejectHint },
  { value: 'change', label: confirmationLabels.change, hint: pageTexts.changeHint },
] as const;

/** Where each message's link in the summary leads: the field it is about. */
function targetOf(field: FieldKey): string {
  if (field === 'decision') return 'decision-accept';
  if (field === 'lines') return 'lines';
  const line = /^lines\.(\d+)\.status$/.exec(field);
  if (line) return `lines-${line[1]}-status-accepted`;
  return fieldId(field);
}

function ErrorSummary({ errors }: { errors: Map<FieldKey, string> }) {
  if (errors.size === 0) return null;
  return (
    <div className="notice notice-error" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{pageTexts.errorSummary}</h2>
      <ul>
        {[...errors].map(([field, message]) => (
          <li key={field}>{field === '_' ? message : <a href={`#${targetOf(field)}`}>{message}</a>}</li>
        ))}
      </ul>
    </div>
  );
}

function LineChoice({ line, state }: { line: PageLine; state: FormState }) {
  const i = line.index;
  const typed = state.values.lines.get(i);
  const status = typed?.status || 'accepted';
  const statusKey: FieldKey = `lines.${i}.status`;
  const quantityKey: FieldKey = `lines.${i}.quantity`;
  const dayKey: FieldKey = `lines.${i}.deliveryDate`;
  return (
    <fieldset className="line-choice" {...described(statusKey, state.errors)}>
      <legend>
        {line.description}
        <small>
          {line.quantity} {line.unit} · {line.total}
        </small>
      </legend>
      <div className="line-options">
        {LINE_STATUS_CHOICES.map((choice) => {
          const id = `lines-${i}-status-${choice}`;
          return (
            <div key={choice}>
              <input
                type="radio"
                id={id}
                className={`status-${choice}`}
                name={`lines[${i}][status]`}
                value={choice}
                defaultChecked={status === choice}
              />
              <label htmlFor={id}>{lineStatusLabel[choice]}</label>
            </div>
          );
        })}
      </div>
      <FieldError field={statusKey} errors={state.errors} />
      <div className="line-change">
        <div className="field">
          <label htmlFor={fieldId(quantityKey)}>
            {pageTexts.requestedQuantity} <small>({line.unit})</small>
          </label>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            id={fieldId(quantityKey)}
            name={`lines[${i}][quantity]`}
            defaultValue={typed?.quantity ?? ''}
            {...described(quantityKey, state.errors)}
          />
          <FieldError field={quantityKey} errors={state.errors} />
        </div>
        <div className="field">
          <label htmlFor={fieldId(dayKey)}>{pageTexts.requestedDay}</label>
          <input
            type="date"
            id={fieldId(dayKey)}
            name={`lines[${i}][deliveryDate]`}
            defaultValue={typed?.deliveryDate ?? ''}
            {...described(dayKey, state.errors)}
          />
          <FieldError field={dayKey} errors={state.errors} />
        </div>
      </div>
    </fieldset>
  );
}

function AnswerForm({ token, view, state }: { token: string; view: OrderPageView; state: FormState }) {
  const { values, errors } = state;
  return (
    // The fragment brings the browser back to the answer: on a refused post to its messages, after
    // the redirect of an accepted one (a redirect keeps the fragment) to what was recorded.
    <form method="post" action={`${confirmPath(token)}#${ANSWER_ID}`}>
      <ErrorSummary errors={errors} />
      <input type="hidden" name="formToken" value={state.formToken} />
      <fieldset className="choices" {...described('decision', errors)}>
        <legend>{pageTexts.whatToDo}</legend>
        {DECISIONS.map((decision) => (
          <div className="choice" key={decision.value}>
            <input
              type="radio"
              id={`decision-${decision.value}`}
              name="decision"
              value={decision.value}
              required
              defaultChecked={values.decision === decision.value}
            />
            <label htmlFor={`decision-${decision.value}`}>
              <strong>{decision.label}</strong>
              <span>{decision.hint}</span>
            </label>
          </div>
        ))}
        <FieldError field="decision" errors={errors} />
      </fieldset>

      <div className="when-accept field">
        <label htmlFor="deliveryDate">
          {confirmationLabels.deliveryDate} <small>{pageTexts.optional}</small>
        </label>
        <span className="hint" id="deliveryDate-hint">
          {pageTexts.acceptDayHint}
        </span>
        <input
          type="date"
          id="deliveryDate"
          name="deliveryDate"
          defaultValue={values.deliveryDate}
          {...described('deliveryDate', errors, 'deliveryDate-hint')}
        />
        <FieldError field="deliveryDate" errors={errors} />
      </div>

      <fieldset className="when-change" id="lines" {...described('lines', errors, 'lines-hint')}>
        <legend>{pageTexts.perLine}</legend>
        <span className="hint" id="lines-hint">
          {pageTexts.perLineHint}
        </span>
        <FieldError field="lines" errors={errors} />
        {view.lines.map((line) => (
          <LineChoice key={line.index} line={line} state={state} />
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor="note">
          {confirmationLabels.note} <small className="unless-reject">{pageTexts.optional}</small>
          <small className="when-reject">{pageTexts.required}</small>
        </label>
        <span className="hint" id="note-hint">
          {pageTexts.noteHint}
        </span>
        <textarea
          id="note"
          name="note"
          rows={4}
          defaultValue={values.note}
          {...described('note', errors, 'note-hint')}
        />
        <FieldError field="note" errors={errors} />
      </div>

      <div className="field">
        <label htmlFor="name">
          {confirmationLabels.name} <small>{pageTexts.required}</small>
        </label>
        <input
          type="text"
          id="name"
          name="name"
          autoComplete="name"
          required
          defaultValue={values.name}
          {...described('name', errors)}
        />
        <FieldError field="name" errors={errors} />
      </div>

      <button type="submit">{pageTexts.submit}</button>
    </form>
  );
}

export function renderOrderPage(props: OrderPageProps): string {
  const { view, token, form, notice } = props;
  const title = `${pageTexts.documentTitle} ${view.orderNumber}${view.seller.name ? ` – ${view.seller.name}` : ''}`;
  const answer = (
    <section className="card" id={ANSWER_ID} aria-labelledby="answer-title">
      <h2 id="answer-title">{pageTexts.yourAnswer}</h2>
      {notice && <NoticeBox notice={notice} />}
      {form ? <AnswerForm token={token} view={view} state={form} /> : <AnswerGiven view={view} />}
    </section>
  );
  // The form follows the order it answers; an answer given is what the customer comes back for.
  return render(
    <Document title={title}>
      <Seller view={view} logo={props.logo} />
      <main>
        {!form && answer}
        <OrderDetails view={view} waiting={form !== null} />
        <Downloads token={token} />
        {form && answer}
      </main>
      <footer>{pageTexts.privacy}</footer>
    </Document>,
  );
}

export type MessagePage = {
  title: string;
  message: string;
  /** The order this link was for, when the link is known (a replaced or expired link). */
  order?: { orderNumber: string; sellerName: string };
  /** A way back to the order's page (after a refused post). */
  backTo?: string;
};

/** A page that only says something: an unknown link, one that no longer works, a refused post. */
export function renderMessagePage(props: MessagePage): string {
  return render(
    <Document title={props.title}>
      <main>
        <section className="card message" aria-labelledby="message-title">
          {props.order && (
            <p className="eyebrow">
              {pageTexts.documentTitle} {props.order.orderNumber}
              {props.order.sellerName && ` · ${props.order.sellerName}`}
            </p>
          )}
          <h1 id="message-title">{props.title}</h1>
          <p className="intro">{props.message}</p>
          {props.backTo && (
            <p className="intro">
              <a href={props.backTo}>{pageTexts.backToOrder}</a>
            </p>
          )}
        </section>
      </main>
    </Document>,
  );
}
