/** What the rest of the server needs from mail: send one message, or fail with a clear error. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  cc?: string | undefined;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  /** Resolves once the SMTP server (or the outbox) accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};
