import { BarChart3, Table2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatEuro } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import { type CalendarMonth, formatShortMonth, parseMonthId } from '../../../shared/periods';
import { Button, RetryButton } from '../../components';
import { trpc } from '../../lib/trpc';
import { axisLabel, chartScale } from './revenue-chart-scale';
import './revenue-chart.css';

const TITLE = 'Omzet per maand';
const CURRENT_LABEL = 'Omzet';
const PREVIOUS_LABEL = 'Een jaar eerder';
const LOAD_ERROR = 'De omzet per maand kon niet worden geladen. Probeer het opnieuw.';

type MonthBar = { month: CalendarMonth; label: string; cents: number; previousCents: number };

/**
 * Under the cards: revenue excl. VAT of the last twelve months as bars, each month beside the same
 * month a year earlier (trpc.orders.revenueByMonth). Plain SVG drawn at the width it gets. Hover
 * (mouse) or tap (touch) shows a month's figures; the same figures are a table, visually hidden
 * behind the chart for screen readers and shown instead of it by 'Toon als tabel'.
 */
export function RevenueChart() {
  const query = trpc.orders.revenueByMonth.useQuery();
  const [asTable, setAsTable] = useState(false);
  const bars: MonthBar[] = (query.data?.months ?? []).flatMap((m) => {
    const month = parseMonthId(m.month);
    return month
      ? [
          {
            month,
            label: formatShortMonth(month),
            cents: eurosToCents(m.revenue),
            previousCents: eurosToCents(m.previousYear),
          },
        ]
      : [];
  });

  return (
    <section className="revenue-chart" aria-labelledby="revenue-chart-title" data-testid="revenue-chart">
      <header className="revenue-chart__head">
        <div>
          <h3 id="revenue-chart-title" className="revenue-chart__title">
            {TITLE}
          </h3>
          <p className="revenue-chart__subtitle">Exclusief btw, de laatste 12 maanden</p>
        </div>
        <div className="revenue-chart__tools">
          {asTable ? null : (
            <ul className="revenue-chart__legend" aria-hidden="true">
              <li>
                <span className="revenue-chart__swatch revenue-chart__swatch--current" />
                {CURRENT_LABEL}
              </li>
              <li>
                <span className="revenue-chart__swatch revenue-chart__swatch--previous" />
                {PREVIOUS_LABEL}
              </li>
            </ul>
          )}
          <Button
            size="sm"
            variant="ghost"
            icon={asTable ? <BarChart3 /> : <Table2 />}
            onClick={() => setAsTable(!asTable)}
            disabled={bars.length === 0}
          >
            {asTable ? 'Toon als grafiek' : 'Toon als tabel'}
          </Button>
        </div>
      </header>
      {query.isError && !query.data ? (
        <div className="revenue-chart__message">
          <p>{LOAD_ERROR}</p>
          <RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />
        </div>
      ) : bars.length === 0 ? (
        <div className="revenue-chart__skeleton" aria-hidden="true" />
      ) : (
        <>
          {asTable ? null : <BarPlot bars={bars} />}
          <MonthTable bars={bars} hidden={!asTable} />
        </>
      )}
    </section>
  );
}

function MonthTable({ bars, hidden }: { bars: MonthBar[]; hidden: boolean }) {
  return (
    <div className={hidden ? 'sr-only' : 'revenue-chart__table-wrap'}>
      <table className="revenue-chart__table" data-testid="revenue-table">
        <caption className="sr-only">{TITLE}, exclusief btw</caption>
        <thead>
          <tr>
            <th scope="col">Maand</th>
            <th scope="col">{CURRENT_LABEL}</th>
            <th scope="col">{PREVIOUS_LABEL}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{formatEuro(b.cents)}</td>
              <td>{formatEuro(b.previousCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The plot's width follows its box, so text stays at its own size at 375 px and 1280 px alike. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 36;
const AXIS_GAP = 8;
/** Space between the highlighted month and its readout. */
const READOUT_GAP = 6;

function BarPlot({ bars }: { bars: MonthBar[] }) {
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const readout = useRef<HTMLDivElement>(null);
  const [readoutWidth, setReadoutWidth] = useState(180);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the readout's text, and so its width, changes with the month.
  useLayoutEffect(() => {
    if (readout.current) setReadoutWidth(readout.current.offsetWidth);
  }, [active]);
  const scale = chartScale(Math.max(...bars.map((b) => Math.max(b.cents, b.previousCents))));
  const labelWidth = Math.max(...scale.ticks.map((t) => axisLabel(t).length)) * 6.5;
  const left = Math.ceil(labelWidth + AXIS_GAP);
  const plotWidth = Math.max(width - left, 0);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const group = plotWidth / bars.length;
  const barWidth = Math.max(3, Math.min(16, (group - 6) / 2));
  const y = (cents: number) => TOP + plotHeight - (cents / scale.maxCents) * plotHeight;
  const selected = active === null ? undefined : bars[active];
  // Beside the month, on the side with more room, so it never covers the month's own bars.
  const monthLeft = left + group * (active ?? 0);
  const besideLeft = monthLeft + group / 2 > width / 2;
  const readoutLeft = Math.max(
    0,
    Math.min(
      besideLeft ? monthLeft - READOUT_GAP - readoutWidth : monthLeft + group + READOUT_GAP,
      width - readoutWidth,
    ),
  );
  // The year under its January, and under the first month when January is far enough away for
  // the two not to collide.
  const january = bars.findIndex((b) => b.month.month === 1);
  const showYear = (i: number) => i === january || (i === 0 && (january < 0 || january * group >= 48));

  return (
    <div
      ref={ref}
      className="revenue-chart__plot"
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setActive(null);
      }}
    >
      {width > 0 ? (
        <svg width={width} height={HEIGHT} aria-hidden="true" className="revenue-chart__svg">
          {scale.ticks.map((t) => (
            <g key={t}>
              <line x1={left} x2={width} y1={y(t)} y2={y(t)} className="revenue-chart__grid" />
              <text x={left - AXIS_GAP} y={y(t)} dy="0.32em" textAnchor="end" className="revenue-chart__axis">
                {axisLabel(t)}
              </text>
            </g>
          ))}
          {bars.map((b, i) => {
            const x = left + group * i;
            const mid = x + group / 2;
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: the table behind the chart carries the figures for keyboard and screen readers.
              <g
                key={b.label}
                className="revenue-chart__month"
                onPointerEnter={(event) => {
                  if (event.pointerType === 'mouse') setActive(i);
                }}
                onClick={() => setActive(i)}
              >
                <rect
                  x={x}
                  y={TOP}
                  width={group}
                  height={plotHeight}
                  className={i === active ? 'revenue-chart__hit is-active' : 'revenue-chart__hit'}
                />
                <rect
                  x={mid - barWidth - 1}
                  y={y(b.previousCents)}
                  width={barWidth}
                  height={TOP + plotHeight - y(b.previousCents)}
                  rx={2}
                  className="revenue-chart__bar revenue-chart__bar--previous"
                />
                <rect
                  x={mid + 1}
                  y={y(b.cents)}
                  width={barWidth}
                  height={TOP + plotHeight - y(b.cents)}
                  rx={2}
                  className="revenue-chart__bar revenue-chart__bar--current"
                />
                <text x={mid} y={HEIGHT - BOTTOM + 16} textAnchor="middle" className="revenue-chart__axis">
                  {b.label.slice(0, 3)}
                </text>
                {showYear(i) ? (
                  <text x={mid} y={HEIGHT - BOTTOM + 30} textAnchor="middle" className="revenue-chart__year">
                    {b.month.year}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : null}
      {selected ? (
        <div
          ref={readout}
          className="revenue-chart__readout"
          data-testid="revenue-readout"
          style={{ left: readoutLeft }}
        >
          <strong>{selected.label}</strong>
          <span>
            <span className="revenue-chart__swatch revenue-chart__swatch--current" aria-hidden="true" />
            {CURRENT_LABEL} {formatEuro(selected.cents)}
          </span>
          <span>
            <span className="revenue-chart__swatch revenue-chart__swatch--previous" aria-hidden="true" />
            {PREVIOUS_LABEL} {formatEuro(selected.previousCents)}
          </span>
        </div>
      ) : null}
    </div>
  );
}
