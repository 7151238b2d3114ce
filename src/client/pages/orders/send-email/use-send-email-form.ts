import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import type { Profile } from '../../../../shared/schemas/company-profile';
import type { EmailTemplate } from '../../../../shared/schemas/email-template';
import type { Order } from '../../../../shared/schemas/order';
import { SEND_EMAIL_SUCCESS_MESSAGE } from '../../../../shared/schemas/order-email';
import type { PdfSettings } from '../../../../shared/schemas/pdf-settings';
import { errorMessage, readApiError } from '../../../lib/api-errors';
import { trpc } from '../../../lib/trpc';
import { orderTemplateData } from './send-email-data';
import type { SendEmailResult } from './send-email-dialog';
import {
  applyTemplate,
  ccError,
  checkSendDraft,
  defaultOrderTemplate,
  initialDraft,
  pickSendErrors,
  recipientError,
  SEND_EMAIL_ERROR,
  type SendDraft,
  type SendErrors,
  usableTemplates,
} from './send-email-form';

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
  const formId = `send-email-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const utils = trpc.useUtils();
  const mutation = trpc.orders.sendEmail.useMutation();
  const usable = useMemo(() => usableTemplates(templates), [templates]);
  const [draft, setDraft] = useState<SendDraft>(() =>
    initialDraft(order.customerSnapshot?.email, defaultOrderTemplate(templates)),
  );
  // The prefilled recipient is checked at once: a customer without a valid address shows it straight away.
  const [errors, setErrors] = useState<SendErrors>(() => {
    const recipient = order.customerSnapshot?.email
      ? recipientError(order.customerSnapshot.email)
      : undefined;
    return recipient ? { recipient } : {};
  });
  const [sendError, setSendError] = useState<string | null>(null);
  const [phase, setPhase] = useState<SendPhase>('form');
  const [sentTo, setSentTo] = useState('');
  /** The server's answer when it is more than the plain success (an address the mail server refused). */
  const [sentWarning, setSentWarning] = useState<string | null>(null);
  const inFlight = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const values = useMemo(() => orderTemplateData(order, profile), [order, profile]);

  const set = <K extends keyof SendDraft>(key: K, value: SendDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // Spec §5: the recipient is re-checked while typing; CC likewise; the others lose their error.
    if (key === 'recipient') setErrors((e) => ({ ...e, recipient: recipientError(String(value)) }));
    else if (key === 'cc') setErrors((e) => ({ ...e, ccEmail: ccError(String(value)) }));
    else if (key === 'subject' || key === 'message') setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const chooseTemplate = (id: string) => {
    const template = usable.find((t) => t._id === id);
    setDraft((d) => applyTemplate(d, template));
    if (template) setErrors((e) => ({ ...e, subject: undefined, message: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || phase !== 'form') return;
    setSendError(null);
    const check = checkSendDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      const first = (['recipient', 'ccEmail', 'subject', 'message'] as const).find((f) => check.errors[f]);
      if (first) window.requestAnimationFrame(() => document.getElementById(`${formId}-${first}`)?.focus());
      return;
    }
    inFlight.current = true;
    setPhase('sending');
    mutation.mutate(
      { id: order._id, ...check.input },
      {
        onSuccess: (result) => {
          inFlight.current = false;
          setSentTo(check.input.recipient);
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
          // The message sits above the form: bring it into view wherever the form was scrolled.
          window.requestAnimationFrame(() =>
            errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
          );
          const fields = pickSendErrors(readApiError(err).details);
          if (Object.keys(fields).length > 0) setErrors((e) => ({ ...e, ...fields }));
        },
      },
    );
  };

  return {
    formId,
    fieldId: (field: keyof SendErrors | 'template' | 'includePdf') => `${formId}-${field}`,
    order,
    draft,
    errors,
    values,
    templates: usable,
    templatesFailed,
    phase,
    sentTo,
    sentWarning,
    sendError,
    errorRef,
    clearSendError: () => setSendError(null),
    set,
    chooseTemplate,
    submit,
  };
}

export type SendEmailForm = ReturnType<typeof useSendEmailForm>;
