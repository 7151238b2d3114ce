import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for integration tests (npm smtp-server): the mailer talks SMTP to it
 * exactly as to a provider. It keeps every accepted message raw, and can be told to refuse the next
 * messages with a 5xx, as a provider that rejects them would.
 */

export type ReceivedMessage = {
  /** The envelope: MAIL FROM and every RCPT TO (To and CC alike). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The whole message as it came over the wire (headers and MIME body). */
  raw: string;
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:{port} for createSmtpMailer. */
  url: string;
  messages: ReceivedMessage[];
  /** While true, every message is refused after its content with '550 …'. */
  refusing: boolean;
  close(): Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = { url: '', messages: [], refusing: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          const err = Object.assign(new Error('Message rejected (test)'), { responseCode: 550 });
          callback(err);
          return;
        }
        state.messages.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
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
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
