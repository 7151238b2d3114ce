import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** MAIL FROM and RCPT TO of the SMTP envelope (who actually receives it, CC included). */
  envelope: { from: string; to: string[] };
  /** The message exactly as it came over the wire. */
  raw: string;
};

export type SmtpSink = {
  /** smtp://127.0.0.1:{port} — for SMTP_URL / createSmtpMailer. */
  url: string;
  received: ReceivedMail[];
  /** Answer the next messages' DATA with this SMTP error (e.g. 550), as a refusing server does. */
  refuseWith: { code: number; message: string } | null;
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it is sent: the mailer
 * under test speaks real SMTP to it, so the message checked is the one a mail server would get.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    received: [],
    refuseWith: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refuseWith) {
          const err = Object.assign(new Error(sink.refuseWith.message), {
            responseCode: sink.refuseWith.code,
          });
          callback(err);
          return;
        }
        const mailFrom = session.envelope.mailFrom;
        sink.received.push({
          envelope: {
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
