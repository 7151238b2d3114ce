import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** MAIL FROM and RCPT TO of the SMTP envelope (who actually receives it, CC included). */
  envelope: { from: string; to: string[] };
  /** The message exactly as it came over the wire. */
  raw: string;
};

type SmtpRefusal = { code: number; message: string };

export type SmtpSink = {
  /** smtp://127.0.0.1:{port} — for SMTP_URL / createSmtpMailer. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Answer the next messages' DATA with this SMTP error (e.g. 550), as a refusing server does. */
  refuseWith: SmtpRefusal | null;
  /** Answer RCPT TO of these addresses with this SMTP error (e.g. 550: no such mailbox). */
  refuseRecipients: { addresses: string[]; code: number; message: string } | null;
  /** Answer MAIL FROM with this SMTP error (e.g. 553: not allowed to send as that address). */
  refuseSenderWith: SmtpRefusal | null;
  /**
   * Take mail only after AUTH with these credentials, as a provider's submission server does: a
   * wrong password is answered 535, a message without login 530.
   */
  login: { user: string; pass: string } | null;
  /** Answer new connections with this error instead of the greeting (e.g. 421: too busy, come back later). */
  refuseConnectionsWith: SmtpRefusal | null;
  /**
   * Take the connection and then say nothing: before the greeting, or after the whole message has
   * arrived (the answer to DATA never comes). Nothing stalled is kept.
   */
  stall: 'greeting' | 'data' | null;
  /** Connections that have stalled so far. */
  stalled: number;
  /**
   * Answer slowly but within every per-step limit: wait this long before each answer the server
   * decides on (the greeting, MAIL FROM, RCPT TO and the answer to the message). 0: at once.
   */
  replyDelayMs: number;
  /** Connections taken so far (also those refused, stalled or slowed). */
  connections: number;
  /** Stop listening, as a server that is down: new connections are refused. */
  stop(): Promise<void>;
  /** Listen again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
};

const smtpError = ({ code, message }: SmtpRefusal) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it is sent: the mailer
 * under test speaks real SMTP to it, so the message checked is the one a mail server would get. It
 * can also refuse, stall and be down (the SMTP faults).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  /** Answers held back from stalled connections, given (as errors) when the sink closes. */
  const held: ((err?: Error) => void)[] = [];
  const hold = (callback: (err?: Error) => void) => {
    sink.stalled++;
    held.push(callback);
  };
  /** Runs `answer` after replyDelayMs (at once without a delay). */
  const later = (answer: () => void) => {
    if (sink.replyDelayMs > 0) setTimeout(answer, sink.replyDelayMs);
    else answer();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Loopback only, in tests: AUTH PLAIN without TLS.
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      const ok = sink.login && auth.username === sink.login.user && auth.password === sink.login.pass;
      if (!ok)
        return callback(smtpError({ code: 535, message: 'Authentication credentials invalid (test)' }));
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, session, callback) {
      later(() => {
        if (sink.login && !session.user)
          return callback(smtpError({ code: 530, message: 'Authentication required (test)' }));
        if (sink.refuseSenderWith) return callback(smtpError(sink.refuseSenderWith));
        callback();
      });
    },
    onRcptTo(address, _session, callback) {
      later(() => {
        const refusal = sink.refuseRecipients;
        if (refusal?.addresses.includes(address.address)) return callback(smtpError(refusal));
        callback();
      });
    },
    logger: false,
    // Stalled connections are not waited for when the sink closes.
    closeTimeout: 100,
    onConnect(_session, callback) {
      sink.connections++;
      if (sink.refuseConnectionsWith) return callback(smtpError(sink.refuseConnectionsWith));
      if (sink.stall === 'greeting') return hold(callback);
      later(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.stall === 'data') return hold(callback);
        later(() => {
          if (sink.refuseWith) return callback(smtpError(sink.refuseWith));
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
      });
    },
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.server.address() as AddressInfo;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received: [],
    refuseWith: null,
    refuseRecipients: null,
    refuseSenderWith: null,
    login: null,
    refuseConnectionsWith: null,
    stall: null,
    stalled: 0,
    replyDelayMs: 0,
    connections: 0,
    // Only the listening socket (closed at once): connections under way end as they would.
    stop: async () => {
      server.server.close();
    },
    start: () => listen(port),
    close: async () => {
      for (const callback of held.splice(0)) callback(smtpError({ code: 421, message: 'Sink closing' }));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sink;
}
