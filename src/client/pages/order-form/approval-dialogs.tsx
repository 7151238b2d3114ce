import { CircleX, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { APPROVAL_NOTE_MAX, approvalDialogTitles, approvalLabels } from '../../../shared/approval-states';
import { Button, Modal, Textarea } from '../../components';
import { useForm } from '../../lib/use-form';
import { rejectFormRules, requestFormRules } from './approval-forms';
import type { ApprovalActionsApi } from './use-approval-actions';

/** A title with the order's number kept on one line (a phone broke it at its hyphens). */
function titleWithNumber(title: string, orderNumber: string): ReactNode {
  const at = title.indexOf(orderNumber);
  if (at < 0) return title;
  return (
    <>
      {title.slice(0, at)}
      <span className="approval-dialog__number">{orderNumber}</span>
      {title.slice(at + orderNumber.length)}
    </>
  );
}

type DialogProps = {
  orderNumber: string;
  actions: ApprovalActionsApi;
  onClose: () => void;
};

/** 'Goedkeuring aanvragen': who gets asked, and an optional 'Toelichting' for them. */
export function RequestApprovalDialog({ orderNumber, actions, onClose }: DialogProps) {
  const form = useForm({ ...requestFormRules, initial: { note: '' }, id: 'approval-request' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (actions.busy) return;
    const check = form.validate();
    if (!check.ok) return;
    actions.request(check.data, {
      onSuccess: onClose,
      onFieldErrors: (details) => form.serverErrors(details),
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={titleWithNumber(approvalDialogTitles.request(orderNumber), orderNumber)}
      description={approvalLabels.requestDescription}
      icon={<Send size={20} aria-hidden="true" />}
      size="md"
      dismissible={!actions.requesting}
      closeOnBackdrop={false}
      className="approval-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={actions.requesting}>
            {approvalLabels.cancel}
          </Button>
          <Button type="submit" form={form.id} icon={<Send />} busy={actions.requesting}>
            {approvalLabels.request}
          </Button>
        </>
      }
    >
      <form id={form.id} onSubmit={submit} noValidate aria-label={approvalLabels.request}>
        <Textarea
          {...form.inputProps('note')}
          label={approvalLabels.note}
          hint={approvalLabels.noteHint}
          maxLength={APPROVAL_NOTE_MAX}
          rows={4}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

/** 'Order afwijzen': the 'Reden' is required; the author reads it at the order. */
export function RejectApprovalDialog({ orderNumber, actions, onClose }: DialogProps) {
  const form = useForm({ ...rejectFormRules, initial: { reason: '' }, id: 'approval-reject' });
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (actions.busy) return;
    const check = form.validate();
    if (!check.ok) return;
    actions.reject(check.data, {
      onSuccess: onClose,
      onFieldErrors: (details) => form.serverErrors(details),
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={titleWithNumber(approvalDialogTitles.reject(orderNumber), orderNumber)}
      description={approvalLabels.rejectDescription}
      icon={<CircleX size={20} aria-hidden="true" />}
      size="md"
      dismissible={!actions.rejecting}
      closeOnBackdrop={false}
      initialFocusRef={reasonRef}
      className="approval-dialog approval-dialog--reject"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={actions.rejecting}>
            {approvalLabels.cancel}
          </Button>
          <Button type="submit" form={form.id} variant="danger" icon={<CircleX />} busy={actions.rejecting}>
            {approvalLabels.reject}
          </Button>
        </>
      }
    >
      <form id={form.id} onSubmit={submit} noValidate aria-label={approvalLabels.reject}>
        <Textarea
          {...form.inputProps('reason')}
          ref={reasonRef}
          label={approvalLabels.reason}
          hint={approvalLabels.reasonHint}
          required
          maxLength={APPROVAL_NOTE_MAX}
          rows={4}
        />
      </form>
    </Modal>
  );
}
