/** What the rest of the server needs from mail: send one message, or fail with a clear error. */
export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`), e.g. the company logo. */
  cid?: string;
};

export type MailMessage = {
  to: string;
  cc?: string | undefined;
  /**
   * On whose behalf the mail goes (a user's company): the recipient sees '<company> via <app>' as
   * sender (sender-name.ts). The address stays MAIL_FROM's: the server may only send as the domain it
   * is allowed to, so replies reach the user through replyTo.
   */
  fromName?: string | undefined;
  replyTo?: string | undefined;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

/**
 * What the SMTP server did not take of a message it accepted: the addresses it refused at RCPT TO
 * while taking others (a whole refusal rejects `send` instead).
 */
export type SendResult = { rejected: string[] };

export type Mailer = {
  /** Resolves once the SMTP server (or the outbox) accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<SendResult>;
  close(): Promise<void>;
};
