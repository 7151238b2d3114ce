import type { DocumentLineView, DocumentView } from './document-view';

const COLUMN_WIDTHS = ['44%', '9%', '9%', '14%', '9%', '15%'];

function Columns() {
  return (
    <colgroup>
      {COLUMN_WIDTHS.map((width, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
        <col key={i} style={{ width }} />
      ))}
    </colgroup>
  );
}

function LineRow({ line, index }: { line: DocumentLineView; index: number }) {
  // Banding by class, not :nth-child, because the last line sits in a table of its own.
  return (
    <tr className={index % 2 === 1 ? 'od-row-even' : undefined}>
      <td className="od-desc">{line.description}</td>
      <td className="od-num">{line.quantity}</td>
      <td>{line.unit}</td>
      <td className="od-num">{line.price}</td>
      <td className="od-num">{line.vat}</td>
      <td className="od-num">{line.total}</td>
    </tr>
  );
}

/**
 * The order lines and the totals. Chromium repeats the head on every page and never splits a row.
 * The totals must never start a page on their own, and `break-before: avoid` on them is not kept
 * by Chromium on a page the table continues on; so the last line and the totals share one row —
 * one row, one page — the last line in a table of its own with the same columns.
 */
export function LinesTable({ view }: { view: DocumentView }) {
  const rest = view.lines.slice(0, -1);
  const last = view.lines.at(-1);
  return (
    <table className="od-lines">
      <Columns />
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
        {rest.map((line, i) => (
          // Lines have no identity of their own; their position is it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <LineRow key={i} line={line} index={i} />
        ))}
      </tbody>
      <tbody className="od-end">
        <tr>
          <td colSpan={COLUMN_WIDTHS.length}>
            {last && (
              <table className="od-lines od-lines-last">
                <Columns />
                <tbody className="od-items">
                  <LineRow line={last} index={rest.length} />
                </tbody>
              </table>
            )}
            <Totals view={view} />
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Totals({ view }: { view: DocumentView }) {
  return (
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
  );
}
