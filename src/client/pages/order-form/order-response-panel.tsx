import {
  CircleCheck,
  CircleX,
  Clock,
  GitPullRequestArrow,
  MessageSquareWarning,
  TimerOff,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatDate } from '../../../shared/dates';
import {
  confirmationLabels,
  responseLabels,
  takeOverMessages,
} from '../../../shared/order-confirmation-states';
import type { Order } from '../../../shared/schemas/order';
import type { CustomerResponse } from '../../../shared/schemas/order-confirmation';
import type { OrderConfirmation, OrderWithEmails } from '../../../shared/schemas/order-email';
import { Button, ConfirmDialog, useToast } from '../../components';
import { errorMessage } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import {
  canTakeOver,
  changeRowsToShow,
  momentText,
  RESPONSE_PANEL_TITLES,
  type ResponsePanelState,
  responsePanelState,
  responseSubline,
} from './response-view';
import './order-approval.css';

/** The approval panel's colours, by what they mean: waiting blue, yes green, a question amber, no red. */
const TONES: Record<ResponsePanelState, string> = {
  waiting: 'approval-panel--requested',
  accepted: 'approval-panel--approved',
  changes_requested: '',
  rejected: 'approval-panel--rejected',
  expired: 'response-panel--muted',
  replaced: 'response-panel--muted',
};

const ICONS: Record<ResponsePanelState, ReactNode> = {
  waiting: <Clock size={20} aria-hidden="true" />,
  accepted: <CircleCheck size={20} aria-hidden="true" />,
  changes_requested: <MessageSquareWarning size={20} aria-hidden="true" />,
  rejected: <CircleX size={20} aria-hidden="true" />,
  expired: <TimerOff size={20} aria-hidden="true" />,
  replaced: <TimerOff size={20} aria-hidden="true" />,
};

/** Days (dd-mm-jjjj) stay on one line: a date broken at its hyphen reads as two numbers. */
function keepDatesWhole(text: string): ReactNode[] {
  // Each part's place in the text is its identity: the text is cut the same way on every render.
  let offset = 0;
  return text.split(/(\d\d-\d\d-\d{4})/).map((part, index) => {
    const at = offset;
    offset += part.length;
    return index % 2 === 1 ? (
      <span key={`day-${at}`} className="response-panel__day">
        {part}
      </span>
    ) : (
      part
    );
  });
}

const TAKE_OVER_FAILED = 'De wijzigingen konden niet worden overgenomen. Probeer het opnieuw.';

export type OrderResponsePanelProps = {
  orderId: string;
  orderNumber: string;
  items: Order['items'];
  response: CustomerResponse | null;
  confirmation: OrderConfirmation;
  /** The viewer may change the order on this screen. */
  editable: boolean;
  /** Unsaved changes on screen: taking the request over waits for the save. */
  dirty: boolean;
};

/**
 * The customer's answer to the order's latest link on its form: the decision, who answered and when,
 * the note and the delivery date asked; for a change request the changes line by line beside the
 * order's lines, and 'Wijzigingen overnemen', which makes them the order's new version.
 */
export function OrderResponsePanel({
  orderId,
  orderNumber,
  items,
  response,
  confirmation,
  editable,
  dirty,
}: OrderResponsePanelProps) {
  const titleId = useId();
  const canWork = useCan('work');
  const [asking, setAsking] = useState(false);
  const takeOver = useTakeOver(orderId);
  const state = responsePanelState(response, confirmation);
  const offered = canTakeOver(response, confirmation, { canWork, editable });
  const rows = changeRowsToShow(items, response, confirmation);

  return (
    <section
      className={`approval-panel response-panel ${TONES[state]}`}
      aria-labelledby={titleId}
      data-response-state={state}
    >
      <div className="approval-panel__head">
        <span className="approval-panel__icon">{ICONS[state]}</span>
        <div className="approval-panel__heading">
          <p className="approval-panel__eyebrow">{responseLabels.panelTitle}</p>
          <h2 id={titleId} className="approval-panel__title">
            {RESPONSE_PANEL_TITLES[state]}
          </h2>
        </div>
      </div>
      <p className="approval-panel__text">{keepDatesWhole(responseSubline(response, confirmation))}</p>

      {response && (response.note || response.deliveryDate) ? (
        <dl className="approval-panel__facts">
          {response.note ? (
            <div className="approval-panel__fact">
              <dt>{confirmationLabels.note}</dt>
              <dd className="approval-panel__quote">{response.note}</dd>
            </div>
          ) : null}
          {response.deliveryDate ? (
            <div className="approval-panel__fact">
              <dt>{confirmationLabels.deliveryDate}</dt>
              <dd>{formatDate(response.deliveryDate)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {rows.length > 0 ? (
        <div className="response-panel__table-wrap">
          <table className="response-panel__table">
            <caption className="sr-only">Gevraagde wijzigingen per regel</caption>
            <thead>
              <tr>
                <th scope="col">Regel</th>
                <th scope="col">Op de order</th>
                <th scope="col">Gevraagd</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.lineIndex} className={`response-panel__row response-panel__row--${row.status}`}>
                  <th scope="row">{row.description}</th>
                  <td>{row.current}</td>
                  <td className="response-panel__asked">{row.asked}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {confirmation.changesAppliedAt ? (
        <p className="approval-panel__hint">
          {keepDatesWhole(
            `${responseLabels.appliedAt} ${momentText(confirmation.changesAppliedAt)}. Verstuur de order opnieuw om de klant om een nieuw antwoord te vragen.`,
          )}
        </p>
      ) : null}

      {offered ? (
        <div className="approval-panel__actions">
          <Button
            icon={<GitPullRequestArrow />}
            busy={takeOver.busy}
            disabled={dirty || takeOver.busy}
            onClick={() => setAsking(true)}
          >
            {confirmationLabels.takeOver}
          </Button>
        </div>
      ) : null}
      {offered && dirty ? (
        <p className="approval-panel__hint">Sla uw wijzigingen eerst op; daarna kunt u deze overnemen.</p>
      ) : null}

      <ConfirmDialog
        open={asking}
        title={responseLabels.takeOverTitle}
        message={
          <p>
            Order <strong>{orderNumber}</strong>: {responseLabels.takeOverConfirm}
          </p>
        }
        confirmLabel={takeOver.busy ? responseLabels.takingOver : confirmationLabels.takeOver}
        tone="primary"
        busy={takeOver.busy}
        onConfirm={() => takeOver.run(() => setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

/**
 * POST /orders/{id}/customer-response/apply. The answer is the order as GET answers it: it replaces
 * the cached order at once (the form opens again on the new version), and the lists and the dashboard
 * read again. A refusal says the server's Dutch message.
 */
function useTakeOver(orderId: string) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const mutation = trpc.orderCustomerResponse.takeOver.useMutation();
  return {
    busy: mutation.isPending,
    run: (done: () => void) =>
      mutation.mutate(
        { id: orderId },
        {
          onSuccess: (order: OrderWithEmails) => {
            utils.orders.get.setData({ id: orderId }, order);
            void utils.orders.page.invalidate();
            void utils.orders.stats.invalidate();
            toast.success(takeOverMessages.done);
            done();
          },
          onError: (err) => {
            toast.error(errorMessage(err, TAKE_OVER_FAILED));
            void utils.orders.get.invalidate({ id: orderId });
            done();
          },
        },
      ),
  };
}
