import { CircleX, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useRef } from 'react';
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

/**
 * The frame both approval dialogs share: a modal that stays open while its call runs (no backdrop
 * close, no dismissal while busy), 'Annuleren' and the submit button of the dialog's form.
 */
function ApprovalDialogFrame({
  title,
  description,
  icon,
  busy,
  onClose,
  formId,
  submit,
  initialFocusRef,
  className,
  children,
}: {
  title: ReactNode;
  description: string;
  icon: ReactNode;
  busy: boolean;
  onClose: () => void;
  formId: string;
  submit: { label: string; icon: ReactNode; variant: 'primary' | 'danger' };
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      icon={icon}
      size="md"
      dismissible={!busy}
      closeOnBackdrop={false}
      initialFocusRef={initialFocusRef}
      className={className ? `approval-dialog ${className}` : 'approval-dialog'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {approvalLabels.cancel}
          </Button>
          <Button type="submit" form={formId} variant={submit.variant} icon={submit.icon} busy={busy}>
            {submit.label}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
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
    <ApprovalDialogFrame
      title={titleWithNumber(approvalDialogTitles.request(orderNumber), orderNumber)}
      description={approvalLabels.requestDescription}
      icon={<Send size={20} aria-hidden="true" />}
      busy={actions.requesting}
      onClose={onClose}
      formId={form.id}
      submit={{ label: approvalLabels.request, icon: <Send />, variant: 'primary' }}
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
    </ApprovalDialogFrame>
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
    <ApprovalDialogFrame
      title={titleWithNumber(approvalDialogTitles.reject(orderNumber), orderNumber)}
      description={approvalLabels.rejectDescription}
      icon={<CircleX size={20} aria-hidden="true" />}
      busy={actions.rejecting}
      onClose={onClose}
      formId={form.id}
      submit={{ label: approvalLabels.reject, icon: <CircleX />, variant: 'danger' }}
      initialFocusRef={reasonRef}
      className="approval-dialog--reject"
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
    </ApprovalDialogFrame>
  );
}
