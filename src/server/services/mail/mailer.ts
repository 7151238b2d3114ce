import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../../db/client';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Mailer, MailMessage } from './message';
import { extractLinks, storeOutboxMessage } from './outbox';
import { onBehalfName } from './sender-name';

export const MAIL_FAILED_MESSAGE = 'De e-mail kon niet worden verzonden. Probeer het later opnieuw.';

export type MailerDeps = { config: Pick<Config, 'smtpUrl' | 'mailFrom'>; db: DbOrTx; log: Logger };

/** SMTP when SMTP_URL is set; otherwise the outbox (ARCHITECTURE.md), which keeps every message in the database. */
export function createMailer({ config, db, log }: MailerDeps): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
    : createOutboxMailer(db, config.mailFrom, log);
}

/** The address part of MAIL_FROM ('Inkooporders <no-reply@x.nl>' → 'no-reply@x.nl'). */
export function senderAddress(mailFrom: string): string {
  const m = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (m?.[1] ?? mailFrom).trim();
}

/**
 * MAIL_FROM, or a message sent on a user's behalf: '<company> via <app>' (sender-name.ts: never
 * anything that looks like an address) in front of MAIL_FROM's address.
 */
export function senderFor(mailFrom: string, m: Pick<MailMessage, 'fromName'>) {
  const name = m.fromName === undefined ? undefined : onBehalfName(m.fromName, mailFrom);
  return name ? { name, address: senderAddress(mailFrom) } : mailFrom;
}

const toNodemailer = (mailFrom: string, m: MailMessage) => ({
  from: senderFor(mailFrom, m),
  to: m.to,
  cc: m.cc || undefined,
  replyTo: m.replyTo || undefined,
  subject: m.subject,
  html: m.html,
  text: m.text,
  attachments: (m.attachments ?? []).map((a) => ({
    filename: a.filename,
    content: a.content,
    contentType: a.contentType,
    ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
  })),
});

/** nodemailer is loaded with the first mail, not at start-up. */
const loadNodemailer = async () => (await import('nodemailer')).default;

/**
 * Short time limits (nodemailer waits 2 min for a connection and 10 min on a silent socket): a user
 * waits on this answer, and an SMTP server that takes the connection and then says nothing must
 * become an error (faults/smtp.test.ts). The socket limit is the longest silence allowed at any point,
 * the wait for the answer to a whole message with its PDF included.
 *
 * `sendTimeout` bounds the whole send — connection, greeting, login, envelope, the message and its
 * answer — however the time is spread over the steps: a server that answers each step slowly but in
 * time could otherwise hold a send for minutes. It stays well under the stale age of an
 * Idempotency-Key's claim (services/idempotency), so a send is over, one way or the other, long before
 * anyone could take its key over. When it passes the connection is closed: the message is not
 * finished, and the user gets the 503 of an unreachable server.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  sendTimeout: 60_000,
};

export type SmtpTimeouts = typeof SMTP_TIMEOUTS;

export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  log: Logger,
  timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
): Mailer {
  const { sendTimeout, ...stepTimeouts } = timeouts;
  const options = { url: smtpUrl, ...stepTimeouts };
  let transport: Promise<Transporter> | undefined;
  const connection = () => {
    transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(options));
    return transport;
  };
  return {
    async send(message) {
      try {
        // nodemailer (10) ends the SMTP conversation when the signal aborts; @types/nodemailer does not
        // list the option yet.
        const mail: SendMailOptions & { signal: AbortSignal } = {
          ...toNodemailer(from, message),
          signal: AbortSignal.timeout(sendTimeout),
        };
        const info = await (await connection()).sendMail(mail);
        const rejected: string[] = (info.rejected ?? []).map(String);
        log.info(
          { to: message.to, subject: message.subject, messageId: info.messageId, rejected },
          'mail sent',
        );
        return { rejected };
      } catch (err) {
        log.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent');
        throw err;
      }
    },
    async close() {
      (await transport)?.close();
    },
  };
}

const formatSender = (s: string | { name: string; address: string }) =>
  typeof s === 'string' ? s : `${JSON.stringify(s.name)} <${s.address}>`;

/** Builds the complete MIME message (attachments included) exactly as SMTP would carry it. */
export async function buildRawMessage(from: string, message: MailMessage): Promise<string> {
  const nodemailer = await loadNodemailer();
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await builder.sendMail(toNodemailer(from, message));
  return Buffer.isBuffer(info.message) ? info.message.toString('utf8') : String(info.message);
}

export function createOutboxMailer(db: DbOrTx, from: string, log: Logger): Mailer {
  return {
    async send(message) {
      const raw = await buildRawMessage(from, message);
      const row = await storeOutboxMessage(db, {
        ...message,
        from: formatSender(senderFor(from, message)),
        raw,
      });
      log.info(
        {
          outboxId: row.id,
          to: message.to,
          subject: message.subject,
          links: extractLinks(message.html, message.text),
        },
        `outbox: ${message.subject}`,
      );
      return { rejected: [] };
    },
    async close() {},
  };
}

/**
 * Sends, or turns the failure into the one clear 503 the user sees. Never a silent loss: the
 * caller's request fails when the mail did not go out.
 */
export async function sendOrFail(
  mailer: Mailer,
  message: MailMessage,
  log: Logger,
  failMessage = MAIL_FAILED_MESSAGE,
) {
  try {
    await mailer.send(message);
  } catch (err) {
    log.error({ err, to: message.to, subject: message.subject }, 'mail failed');
    throw new AppError('SERVICE_UNAVAILABLE', failMessage);
  }
}
