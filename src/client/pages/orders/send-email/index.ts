// Types only: the dialog itself is loaded on first use (use-send-email.tsx).
export type { SendEmailDialogProps } from './send-email-dialog';
export type { SendEmailResult } from './send-email-result';
export { SENT_NOTICE, SENT_NOTICE_MS, useSendEmail } from './use-send-email';
