export { SendEmailDialog, type SendEmailDialogProps, type SendEmailResult } from './send-email-dialog';
export { SENT_NOTICE, SENT_NOTICE_MS, useSendEmail } from './use-send-email';
