import { Copy, Eye, FileDown, Mail, Pencil, Trash2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link, useLocation } from 'wouter';
import { APPROVAL_STATE_LABELS, type ApprovalState, sendBlockedLabel } from '../../../shared/approval-states';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, VERLEGD_LABEL } from '../../../shared/constants';
import { formatDate } from '../../../shared/dates';
import { RESPONSE_LABELS, type ResponseFilter } from '../../../shared/order-confirmation-states';
import type { OrderSummary } from '../../../shared/schemas/order';
import { useCan } from '../../lib/can';
import { useBusyFocus } from '../../lib/use-busy-focus';
import { type OrderDuplicate, useOrderDuplicate } from '../../lib/use-order-duplicate';
import { type OrderPdf, useOrderPdf } from '../../lib/use-order-pdf';
import { Badge } from '../badge';
import { buttonClass, IconButton } from '../button';
import { cx } from '../cx';
import {
  APPROVAL_BADGE_TONES,
  approvalBadgeOf,
  columnNeeds,
  customerDisplay,
  customerShare,
  numberColumnChars,
  type OrderRowData,
  orderTotalText,
  RESPONSE_BADGE_TONES,
  type RowAction,
  rowActions,
  statusColumnWidth,
} from './order-row';
import './order-table.css';

export type OrderTableProps = {
  /** The page's orders; with `approvalState`, a row marks an approval the order waits for. */
  orders: readonly OrderRowData[];
  /** Read by screen readers as the table's name, e.g. 'Inkooporders'. */
  caption: string;
  /** The Status column (the orders list has it, the dashboard's Recente Orders not: spec §2). */
  showStatus?: boolean;
  /** The first load: placeholder rows instead of orders. */
  loading?: boolean;
  /** Rows shown while loading (default 5). */
  placeholderRows?: number;
  /** Newer data is on its way (a search or page change): the rows are dimmed. */
  stale?: boolean;
  onDelete: (order: OrderSummary) => void;
  /** Opens the send-email dialog for the order; without it the row has no send action. */
  onSend?: (order: OrderSummary) => void;
  className?: string;
};

function columnStyle(orders: readonly OrderRowData[], actions: number, showStatus: boolean): CSSProperties {
  const needs = columnNeeds(orders);
  const numberChars = numberColumnChars(needs.numberChars, orders, showStatus);
  return {
    '--order-table-actions': actions,
    '--status-width': `${statusColumnWidth(orders)}px`,
    // No orders (loading, empty page): the CSS default, the length of a number in the default format.
    '--number-chars': numberChars || undefined,
    '--customer-chars': needs.customerChars,
    '--customer-word-chars': needs.customerWordChars,
    '--project-chars': needs.projectChars,
    '--total-chars': needs.totalChars || undefined,
    '--customer-share': customerShare(needs).toFixed(3),
  } as CSSProperties;
}

/**
 * Where the order form opens an order (spec §2 route table): to change it, or only to read it for a
 * role that may not change orders.
 */
export const editOrderHref = (id: string) => `/inkooporders/${encodeURIComponent(id)}/edit`;

/**
 * The orders table of the orders list and the dashboard (spec §2): Order Nr, Klant, Project, Datum,
 * Totaal, (Status,) Acties. Below 860 px of available width each row becomes a compact card (a
 * container query, so it also holds next to the sidebar on a small tablet). The PDF action is the
 * same on both screens, so the table owns it; the send action shows when the screen passes
 * `onSend` (it owns the send-email dialog).
 */
export function OrderTable({
  orders,
  caption,
  showStatus = false,
  loading = false,
  placeholderRows = 5,
  stale = false,
  onDelete,
  onSend,
  className,
}: OrderTableProps) {
  const pdf = useOrderPdf();
  const duplicate = useOrderDuplicate();
  const actions = rowActions({ canWork: useCan('work'), canSend: Boolean(onSend) });
  return (
    <div
      className={cx('order-table', showStatus && 'order-table--status', className)}
      // Order Nr is as wide as this page's longest number; Klant and Project split the rest by what
      // this page shows in them.
      style={columnStyle(orders, actions.length, showStatus)}
    >
      <table className="order-table__table" aria-busy={loading || stale || undefined}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col className="order-table__col--number" />
          <col className="order-table__col--customer" />
          <col className="order-table__col--project" />
          <col className="order-table__col--date" />
          <col className="order-table__col--total" />
          {showStatus ? <col className="order-table__col--status" /> : null}
          <col className="order-table__col--actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="order-table__number">
              Order Nr
            </th>
            <th scope="col" className="order-table__customer">
              Klant
            </th>
            <th scope="col" className="order-table__project">
              Project
            </th>
            <th scope="col" className="order-table__date">
              Datum
            </th>
            <th scope="col" className="order-table__total">
              Totaal
            </th>
            {showStatus ? (
              <th scope="col" className="order-table__status">
                Status
              </th>
            ) : null}
            <th scope="col" className="order-table__actions">
              Acties
            </th>
          </tr>
        </thead>
        <tbody className={cx(stale && 'is-stale')}>
          {loading
            ? Array.from({ length: placeholderRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
                <PlaceholderRow key={i} showStatus={showStatus} />
              ))
            : orders.map((order) => (
                <OrderRow
                  key={order._id}
                  order={order}
                  showStatus={showStatus}
                  pdf={pdf}
                  duplicate={duplicate}
                  onDelete={onDelete}
                  onSend={onSend}
                  actions={actions}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}

type OrderRowProps = {
  order: OrderRowData;
  showStatus: boolean;
  pdf: OrderPdf;
  duplicate: OrderDuplicate;
  onDelete: (order: OrderSummary) => void;
  onSend: ((order: OrderSummary) => void) | undefined;
  actions: readonly RowAction[];
};

function OrderRow({ order, showStatus, pdf, duplicate, onDelete, onSend, actions }: OrderRowProps) {
  const customer = customerDisplay(order);
  const [, navigate] = useLocation();
  const copying = duplicate.isBusy(order._id);
  const approval = approvalBadgeOf(order);
  return (
    <tr className="order-table__row">
      <th scope="row" className="order-table__number">
        {order.orderNumber}
        {/* Without a Status column (the dashboard) the approval stands under the number. */}
        {approval && !showStatus ? <ApprovalBadge state={approval} /> : null}
        {order.response && !showStatus ? <ResponseBadge state={order.response} /> : null}
      </th>
      <td className="order-table__customer">
        <span
          className={cx('order-table__primary', customer.unknown && 'order-table__unknown')}
          title={customer.primary}
        >
          {customer.primary}
        </span>
        {customer.secondary ? (
          <span className="order-table__secondary" title={customer.secondary}>
            {customer.secondary}
          </span>
        ) : null}
      </td>
      <td className="order-table__project">
        {order.project ? (
          <span className="order-table__project-text" title={order.project}>
            {order.project}
          </span>
        ) : (
          <span className="order-table__none">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Geen project</span>
          </span>
        )}
      </td>
      <td className="order-table__date">
        <time dateTime={order.date}>{formatDate(order.date)}</time>
      </td>
      <td className="order-table__total">
        <span className="order-table__amount">{orderTotalText(order)}</span>
        {order.btwVerlegd ? (
          <span className="order-table__verlegd" title="BTW verlegd: totaal zonder btw">
            {VERLEGD_LABEL}
          </span>
        ) : null}
      </td>
      {showStatus ? (
        <td className="order-table__status">
          <span className="order-table__badges">
            <Badge tone={ORDER_STATUS_COLORS[order.status]} dot>
              {ORDER_STATUS_LABELS[order.status]}
            </Badge>
            {approval ? <ApprovalBadge state={approval} /> : null}
            {order.response ? <ResponseBadge state={order.response} /> : null}
          </span>
        </td>
      ) : null}
      <td className="order-table__actions">
        <div className="order-table__buttons">
          {actions.includes('view') ? (
            <Link
              href={editOrderHref(order._id)}
              className={buttonClass({ variant: 'ghost', size: 'sm', iconOnly: true })}
              aria-label={`Order ${order.orderNumber} bekijken`}
              title={`Order ${order.orderNumber} bekijken`}
            >
              <span>
                <Eye />
              </span>
            </Link>
          ) : null}
          {actions.includes('edit') ? (
            <Link
              href={editOrderHref(order._id)}
              className={buttonClass({ variant: 'ghost', size: 'sm', iconOnly: true })}
              aria-label={`Order ${order.orderNumber} bewerken`}
              title={`Order ${order.orderNumber} bewerken`}
            >
              <span>
                <Pencil />
              </span>
            </Link>
          ) : null}
          <OrderPdfButton order={order} pdf={pdf} />
          {actions.includes('send') && onSend ? (
            // An order that may not go out yet keeps its button, dimmed and named for why: the
            // dialog it opens says what to do instead of offering a form the server would refuse.
            <IconButton
              label={
                approval
                  ? sendBlockedLabel(order.orderNumber, approval)
                  : `Order ${order.orderNumber} per e-mail versturen`
              }
              icon={<Mail />}
              size="sm"
              className={cx('order-table__send', approval && 'order-table__send--blocked')}
              onClick={() => onSend(order)}
            />
          ) : null}
          {actions.includes('duplicate') ? (
            <IconButton
              label={`Order ${order.orderNumber} dupliceren`}
              icon={<Copy />}
              size="sm"
              busy={copying}
              className="order-table__duplicate"
              onClick={() => duplicate.duplicate(order, (copy) => navigate(editOrderHref(copy._id)))}
            />
          ) : null}
          {actions.includes('delete') ? (
            <IconButton
              label={`Order ${order.orderNumber} verwijderen`}
              icon={<Trash2 />}
              size="sm"
              className="order-table__delete"
              onClick={() => onDelete(order)}
            />
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** 'Goedkeuring nodig', 'Wacht op goedkeuring', 'Afgewezen' on a row. */
function ApprovalBadge({ state }: { state: ApprovalState }) {
  return (
    <Badge tone={APPROVAL_BADGE_TONES[state]} className="order-table__approval">
      {APPROVAL_STATE_LABELS[state]}
    </Badge>
  );
}

/** The customer's answer: 'Wacht op akkoord', 'Akkoord', 'Wijziging gevraagd', 'Afgewezen'. */
function ResponseBadge({ state }: { state: ResponseFilter }) {
  return (
    <Badge tone={RESPONSE_BADGE_TONES[state]} className="order-table__response">
      <span className="sr-only">Antwoord klant: </span>
      {RESPONSE_LABELS[state]}
    </Badge>
  );
}

/** While its document is made: spinner, aria-busy, disabled; the other rows' buttons stay usable. */
function OrderPdfButton({ order, pdf }: { order: OrderSummary; pdf: OrderPdf }) {
  const busy = pdf.isBusy(order._id);
  const ref = useBusyFocus<HTMLButtonElement>(busy);
  return (
    <IconButton
      ref={ref}
      label={
        busy
          ? `PDF van order ${order.orderNumber} wordt gemaakt...`
          : `PDF van order ${order.orderNumber} downloaden`
      }
      icon={<FileDown />}
      size="sm"
      busy={busy}
      className="order-table__pdf"
      onClick={() => void pdf.download(order)}
    />
  );
}

function PlaceholderRow({ showStatus }: { showStatus: boolean }) {
  const bar = (modifier?: string) => (
    <span className={cx('order-table__skeleton', modifier && `order-table__skeleton--${modifier}`)} />
  );
  return (
    <tr className="order-table__row order-table__row--placeholder">
      <td className="order-table__number">{bar('number')}</td>
      <td className="order-table__customer">{bar('customer')}</td>
      <td className="order-table__project">{bar('project')}</td>
      <td className="order-table__date">{bar('date')}</td>
      <td className="order-table__total">{bar('total')}</td>
      {showStatus ? <td className="order-table__status">{bar('status')}</td> : null}
      <td className="order-table__actions">{bar('actions')}</td>
    </tr>
  );
}
