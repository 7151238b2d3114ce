import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { APPROVAL_REQUIRED_CODE } from '../../../../shared/approval-states';
import type { OrderStatus } from '../../../../shared/constants';
import type { Profile } from '../../../../shared/schemas/company-profile';
import type { EmailTemplate } from '../../../../shared/schemas/email-template';
import type { Order } from '../../../../shared/schemas/order';
import { SEND_EMAIL_SUCCESS_MESSAGE } from '../../../../shared/schemas/order-email';
import type { PdfSettings } from '../../../../shared/schemas/pdf-settings';
import { errorMessage, readApiError } from '../../../lib/api-errors';
import { trpc } from '../../../lib/trpc';
import { useForm } from '../../../lib/use-form';
import { orderTemplateData } from './send-email-data';
import {
  applyTemplate,
  defaultOrderTemplate,
  initialDraft,
  initialSendErrors,
  SEND_EMAIL_ERROR,
  type SendDraft,
  type SendField,
  sendFormRules,
  usableTemplates,
} from './send-email-form';
import type { SendEmailResult } from './send-email-result';

export type SendPhase = 'form' | 'sending' | 'sent';

export type UseSendEmailFormInput = {
  order: Order;
  profile: Profile;
  templates: readonly EmailTemplate[];
  /** The template list could not be loaded: the dialog says so and still lets the user write. */
  templatesFailed: boolean;
  settings: PdfSettings | undefined;
  onSent: (result: SendEmailResult) => void;
};

/** The state of the send dialog's form: the draft, its live checks, sending and its outcome. */
export function useSendEmailForm({
  order,
  profile,
  templates,
  templatesFailed,
  onSent,
}: UseSendEmailFormInput) {
  const utils = trpc.useUtils();
  const mutation = trpc.orders.sendEmail.useMutation();
  const usable = useMemo(() => usableTemplates(templates), [templates]);
  const [initial] = useState<SendDraft>(() =>
    initialDraft(order.customerSnapshot?.email, defaultOrderTemplate(templates)),
  );
  const form = useForm({ ...sendFormRules, initial, errors: initialSendErrors(initial.recipient) });
  const { id: formId, values: draft } = form;
  const [sendError, setSendError] = useState<string | null>(null);
  const [phase, setPhase] = useState<SendPhase>('form');
  const [sentTo, setSentTo] = useState('');
  // The status the send gave the order, only when it changed it (a paid order stays paid).
  const [newStatus, setNewStatus] = useState<OrderStatus | null>(null);
  /** The server's answer when it is more than the plain success (an address the mail server refused). */
  const [sentWarning, setSentWarning] = useState<string | null>(null);
  const inFlight = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const values = useMemo(() => orderTemplateData(order, profile), [order, profile]);

  // The message sits above the form: bring it into view wherever the form was scrolled (the options
  // at its foot are where Versturen is pressed). Once it is rendered: a frame requested from the
  // mutation's callback could come before React put the message in the page.
  useEffect(() => {
    if (sendError) errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [sendError]);

  const chooseTemplate = (id: string) => {
    const template = usable.find((t) => t._id === id);
    // A template replaces the subject and the message, and with them their messages.
    form.update((d) => applyTemplate(d, template), template ? ['subject', 'message'] : []);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || phase !== 'form') return;
    setSendError(null);
    const check = form.validate();
    if (!check.ok) return;
    inFlight.current = true;
    setPhase('sending');
    mutation.mutate(
      { id: order._id, ...check.data },
      {
        onSuccess: (result) => {
          inFlight.current = false;
          setSentTo(check.data.recipient);
          setNewStatus(result.orderStatus === order.status ? null : result.orderStatus);
          setSentWarning(result.message === SEND_EMAIL_SUCCESS_MESSAGE ? null : result.message);
          setPhase('sent');
          // The edit screen's history and every list show the new state when they are next seen.
          void utils.orders.invalidate();
          onSent({ orderId: order._id, orderStatus: result.orderStatus, message: result.message });
        },
        onError: (err) => {
          inFlight.current = false;
          setPhase('form');
          setSendError(errorMessage(err, SEND_EMAIL_ERROR));
          // Marked at their fields; the cursor stays, the message above says what happened.
          const info = readApiError(err);
          form.serverErrors(info.details, { focus: false });
          // The order came to need approval after the dialog read it (someone changed it): the
          // server's message stays, and the order and the lists are read again to show why.
          if (info.domainCode === APPROVAL_REQUIRED_CODE) {
            void utils.orders.get.invalidate({ id: order._id });
            void utils.orders.page.invalidate();
          }
        },
      },
    );
  };

  return {
    formId,
    fieldId: (field: SendField | 'template' | 'includePdf' | 'includeUbl' | 'includeConfirmationLink') =>
      `${formId}-${field}`,
    order,
    draft,
    errors: form.errors,
    values,
    templates: usable,
    templatesFailed,
    phase,
    sentTo,
    newStatus,
    sentWarning,
    sendError,
    errorRef,
    clearSendError: () => setSendError(null),
    set: form.setValue,
    chooseTemplate,
    submit,
  };
}

export type SendEmailForm = ReturnType<typeof useSendEmailForm>;
