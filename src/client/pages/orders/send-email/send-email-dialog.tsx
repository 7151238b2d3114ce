import { CircleCheck, FileText, Mail, PenLine, Send } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  APPROVAL_STATE_LABELS,
  type ApprovalState,
  approvalBlocksSending,
  approvalLabels,
  approvalMessages,
} from '../../../../shared/approval-states';
import { ORDER_STATUS_LABELS } from '../../../../shared/constants';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import {
  Button,
  buttonClass,
  Modal,
  Notice,
  ProfileGapsNotice,
  RetryButton,
  Spinner,
  TabPanel,
  Tabs,
} from '../../../components';
import { editOrderHref } from '../../../components/order-table';
import { errorMessage } from '../../../lib/api-errors';
import { trpc } from '../../../lib/trpc';
import { SendEmailCompose } from './send-email-compose';
import { attachmentsText } from './send-email-form';
import { SendEmailPdfPreview } from './send-email-pdf-preview';
import type { SendEmailResult } from './send-email-result';
import { useSendEmailForm } from './use-send-email-form';
import './send-email.css';

export const SEND_EMAIL_LOAD_ERROR = 'Kan ordergegevens niet laden.';

export type SendEmailDialogProps = {
  /** The order to send; null keeps the dialog closed. */
  orderId: string | null;
  onClose: () => void;
  /** After the SMTP server accepted the message (the dialog then shows 'E-mail verzonden'). */
  onSent: (result: SendEmailResult) => void;
};

type Tab = 'compose' | 'pdf';

const TABS = [
  { id: 'compose', label: 'Bericht samenstellen', icon: <PenLine /> },
  { id: 'pdf', label: 'PDF voorbeeld', icon: <FileText /> },
];

/**
 * The send-email dialog (spec §2 Send-email dialog, §4 Email dialog, §5 Send e-mail): compose and
 * PDF-preview tabs, progress while sending, then 'E-mail verzonden'. A failure is shown in the dialog
 * and everything typed stays.
 */
export function SendEmailDialog({ orderId, onClose, onSent }: SendEmailDialogProps) {
  if (!orderId) return null;
  // A new order starts a fresh dialog: nothing typed for one order carries over to the next.
  return <SendEmailPanel key={orderId} orderId={orderId} onClose={onClose} onSent={onSent} />;
}

function SendEmailPanel({
  orderId,
  onClose,
  onSent,
}: { orderId: string } & Omit<SendEmailDialogProps, 'orderId'>) {
  // Always the order as it is now: the mail is about exactly this version.
  const order = trpc.orders.get.useQuery({ id: orderId }, { staleTime: 0, refetchOnMount: 'always' });
  const templates = trpc.emailTemplates.list.useQuery(undefined, { staleTime: 30_000, retry: 1 });
  const profile = trpc.auth.profile.useQuery(undefined, { staleTime: 60_000, retry: false });
  const settings = trpc.pdfSettings.get.useQuery(undefined, { staleTime: 60_000, retry: 1 });

  const title = order.data ? (
    <>
      Order <span className="send-email__number">{order.data.orderNumber}</span> versturen
    </>
  ) : (
    'Order versturen'
  );
  const ready = order.data && profile.data && (templates.data || templates.isError);

  // An order that may not go out yet: the dialog says why and leads to the order, where the approval
  // is asked or given, instead of a form whose 'Versturen' the server would refuse.
  if (order.data && approvalBlocksSending(order.data.approval.state)) {
    return (
      <SendBlocked
        orderId={order.data._id}
        state={order.data.approval.state}
        title={title}
        onClose={onClose}
      />
    );
  }

  if (!ready) {
    const failed = (order.isError && !order.data) || (profile.isError && !profile.data);
    return (
      <Modal open onClose={onClose} title={title} size="lg" icon={<Mail size={20} aria-hidden="true" />}>
        {failed ? (
          <Notice
            tone="error"
            action={
              <RetryButton
                busy={order.isFetching || profile.isFetching}
                onRetry={() => {
                  void order.refetch();
                  void profile.refetch();
                }}
              />
            }
          >
            {order.isError ? errorMessage(order.error, SEND_EMAIL_LOAD_ERROR) : SEND_EMAIL_LOAD_ERROR}
          </Notice>
        ) : (
          <div className="send-email__loading">
            <Spinner size={22} label="Gegevens laden..." showLabel />
          </div>
        )}
      </Modal>
    );
  }

  return (
    <SendEmailForm
      order={order.data}
      profile={profile.data}
      templates={templates.data ?? []}
      templatesFailed={templates.isError}
      // The house style could not be read: the preview shows the default style rather than nothing.
      settings={settings.data ?? (settings.isError ? DEFAULT_PDF_SETTINGS : undefined)}
      title={title}
      onClose={onClose}
      onSent={onSent}
    />
  );
}

function SendBlocked({
  orderId,
  state,
  title,
  onClose,
}: {
  orderId: string;
  state: ApprovalState;
  title: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="md"
      icon={<Mail size={20} aria-hidden="true" />}
      className="send-email-blocked"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Sluiten
          </Button>
          <Link href={editOrderHref(orderId)} className={buttonClass()} onClick={onClose}>
            {approvalLabels.toOrder}
          </Link>
        </>
      }
    >
      <Notice tone="warning" title={APPROVAL_STATE_LABELS[state]}>
        {approvalMessages.required}
      </Notice>
    </Modal>
  );
}

type SendEmailFormProps = Omit<Parameters<typeof useSendEmailForm>[0], 'onSent'> & {
  title: ReactNode;
  onClose: () => void;
  onSent: SendEmailDialogProps['onSent'];
};

function SendEmailForm({ title, onClose, onSent, ...data }: SendEmailFormProps) {
  const [tab, setTab] = useState<Tab>('compose');
  const closeRef = useRef<HTMLButtonElement>(null);
  const form = useSendEmailForm({
    ...data,
    onSent: (result) => {
      onSent(result);
      window.requestAnimationFrame(() => closeRef.current?.focus());
    },
  });
  const { order } = data;
  const attachments = attachmentsText(form.draft);

  if (form.phase === 'sent') {
    return (
      <Modal
        open
        onClose={onClose}
        title={title}
        size="lg"
        icon={<Mail size={20} aria-hidden="true" />}
        initialFocusRef={closeRef}
        footer={
          <Button ref={closeRef} onClick={onClose}>
            Sluiten
          </Button>
        }
      >
        <div className="send-email__sent" role="status">
          <CircleCheck className="send-email__sent-icon" size={44} aria-hidden="true" />
          <h3 className="send-email__sent-title">E-mail verzonden</h3>
          <p className="send-email__sent-text">
            Order <strong>{order.orderNumber}</strong> is verzonden naar <strong>{form.sentTo}</strong>
            {attachments ? `, met ${attachments} als bijlage` : ''}.
            {form.newStatus && ` De status is nu ${ORDER_STATUS_LABELS[form.newStatus]}.`}
          </p>
          {form.sentWarning && (
            <p className="send-email__sent-warning" role="alert">
              {form.sentWarning}
            </p>
          )}
        </div>
      </Modal>
    );
  }

  const sending = form.phase === 'sending';
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      icon={<Mail size={20} aria-hidden="true" />}
      dismissible={!sending}
      closeOnBackdrop={false}
      className="send-email"
      footer={
        <>
          {sending ? (
            // In the footer, so it shows wherever the form is scrolled.
            <span className="send-email__progress" role="status">
              <Spinner size={16} decorative />
              E-mail wordt verzonden{attachments ? ` met ${attachments} als bijlage` : ''}...
            </span>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Annuleren
          </Button>
          <Button type="submit" form={form.formId} icon={<Send />} busy={sending}>
            {sending ? 'Versturen...' : 'Versturen'}
          </Button>
        </>
      }
    >
      <form
        id={form.formId}
        className="send-email__form"
        onSubmit={form.submit}
        noValidate
        aria-busy={sending}
      >
        {form.sendError ? (
          <div ref={form.errorRef}>
            <Notice tone="error" className="send-email__error" onClose={form.clearSendError}>
              {form.sendError}
            </Notice>
          </div>
        ) : null}
        <ProfileGapsNotice profile={data.profile} className="send-email__profile-gaps" />
        <Tabs
          tabs={TABS}
          value={tab}
          onChange={(id) => setTab(id as Tab)}
          idPrefix={`${form.formId}-tabs`}
          ariaLabel="E-mail"
          className="send-email__tabs"
        >
          <TabPanel id="compose" keepMounted className="send-email__panel">
            <SendEmailCompose form={form} />
          </TabPanel>
          <TabPanel id="pdf" className="send-email__panel">
            <SendEmailPdfPreview
              order={order}
              profile={data.profile}
              settings={data.settings}
              included={form.draft.includePdf}
            />
          </TabPanel>
        </Tabs>
      </form>
    </Modal>
  );
}
