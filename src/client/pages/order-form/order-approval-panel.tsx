import { Check, Hourglass, Send, ShieldCheck, ShieldExclamationPoint, ShieldX, X } from 'lucide-react';
import { type ReactNode, type Ref, useId, useState } from 'react';
import {
  APPROVAL_STATE_LABELS,
  type ApprovalState,
  approvalExplanations,
  approvalLabels,
} from '../../../shared/approval-states';
import type { Approval } from '../../../shared/schemas/approval';
import { Button } from '../../components';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { RejectApprovalDialog, RequestApprovalDialog } from './approval-dialogs';
import { approvalActions, approvalEvents, approvalExplanation } from './approval-view';
import { useApprovalActions } from './use-approval-actions';
import './order-approval.css';

const ICONS: Record<Exclude<ApprovalState, 'not_required'>, ReactNode> = {
  required: <ShieldExclamationPoint size={20} aria-hidden="true" />,
  requested: <Hourglass size={20} aria-hidden="true" />,
  approved: <ShieldCheck size={20} aria-hidden="true" />,
  rejected: <ShieldX size={20} aria-hidden="true" />,
};

export type OrderApprovalPanelProps = {
  ref?: Ref<HTMLElement>;
  orderId: string;
  orderNumber: string;
  approval: Approval;
  /** Who wrote the order (order.createdBy.id); null when that account is gone. */
  authorId: string | null;
  /** The viewer may change the order on this screen (not only read it, not saved and locked). */
  editable: boolean;
  /** The form has unsaved changes: a request or decision would be about the saved order, not the screen. */
  dirty: boolean;
};

/**
 * The order's approval on its form: the state, who asked and who decided and when, the note, the
 * reason of a refusal, and the actions of the one looking: the author asks ('Goedkeuring aanvragen'),
 * an owner or admin who did not write it approves or rejects. Nothing when the order needs none.
 */
export function OrderApprovalPanel({
  ref,
  orderId,
  orderNumber,
  approval,
  authorId,
  editable,
  dirty,
}: OrderApprovalPanelProps) {
  const titleId = useId();
  const { user } = useAuth();
  const viewer = { userId: user?._id ?? null, canWork: useCan('work'), canManage: useCan('manage') };
  const actions = useApprovalActions(orderId);
  const [dialog, setDialog] = useState<'request' | 'reject' | null>(null);
  const { state } = approval;
  if (state === 'not_required') return null;

  const allowed = approvalActions(state, authorId, viewer);
  const explanation = approvalExplanation(state, authorId, viewer, editable);
  const events = approvalEvents(approval);
  const hasActions = allowed.request || allowed.decide;
  // A request or a decision is about the order as saved: with changes on screen it waits for the save.
  const waitForSave = hasActions && dirty;

  return (
    <section
      ref={ref}
      className={`approval-panel approval-panel--${state}`}
      aria-labelledby={titleId}
      data-approval-state={state}
      tabIndex={-1}
    >
      <div className="approval-panel__head">
        <span className="approval-panel__icon">{ICONS[state]}</span>
        <div className="approval-panel__heading">
          <p className="approval-panel__eyebrow">{approvalLabels.panelTitle}</p>
          <h2 id={titleId} className="approval-panel__title">
            {APPROVAL_STATE_LABELS[state]}
          </h2>
        </div>
      </div>

      {explanation ? <p className="approval-panel__text">{explanation}</p> : null}

      {events.length > 0 ? (
        <ul className="approval-panel__events">
          {events.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}

      {approval.note || (state === 'rejected' && approval.reason) ? (
        <dl className="approval-panel__facts">
          {/* The reason first: after a refusal it is what the author reads the panel for. */}
          {state === 'rejected' && approval.reason ? (
            <div className="approval-panel__fact approval-panel__fact--reason">
              <dt>{approvalLabels.reason}</dt>
              <dd className="approval-panel__quote">{approval.reason}</dd>
            </div>
          ) : null}
          {approval.note ? (
            <div className="approval-panel__fact">
              <dt>{approvalLabels.note}</dt>
              <dd className="approval-panel__quote">{approval.note}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {hasActions ? (
        <div className="approval-panel__actions">
          {allowed.request ? (
            <Button
              icon={<Send />}
              disabled={waitForSave || actions.busy}
              onClick={() => setDialog('request')}
            >
              {approvalLabels.request}
            </Button>
          ) : null}
          {allowed.decide ? (
            <>
              <Button
                icon={<Check />}
                busy={actions.approving}
                disabled={waitForSave || actions.busy}
                onClick={() => actions.approve()}
              >
                {approvalLabels.approve}
              </Button>
              <Button
                variant="danger"
                icon={<X />}
                disabled={waitForSave || actions.busy}
                onClick={() => setDialog('reject')}
              >
                {approvalLabels.reject}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      {waitForSave ? <p className="approval-panel__hint">{approvalExplanations.saveFirst}</p> : null}

      {dialog === 'request' ? (
        <RequestApprovalDialog orderNumber={orderNumber} actions={actions} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'reject' ? (
        <RejectApprovalDialog orderNumber={orderNumber} actions={actions} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
