import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEmailMessages } from '../src/server/services/orders/send-order-email';
import { type Api, apiAs, customerOverHttp, signUpOverHttp } from '../src/test/http-account';
import { parseMail } from '../src/test/mime';
import { orderPayload } from '../src/test/orders-fixtures';
import { type ServerProcess, startServerProcess } from '../src/test/server-process';
import { type SmtpSink, startSmtpSink } from '../src/test/smtp-sink';
import { faultsServerEntry, installedDataDir } from './support/server';

/**
 * A mail server that takes the connection and then says nothing, against the built server: sending an
 * order ends in the clear Dutch 503 instead of a request that hangs, the order stays as it was, nothing
 * claims the mail went out, and the next send goes out once the mail server answers again. (A refusing
 * or stopped mail server, and the same stalls in the mailer itself, are
 * routers/orders-send-email.int.test.ts.)
 *
 * The server gets short SMTP time limits the way an operator would set other ones: as nodemailer
 * options in SMTP_URL's query, which take the place of the mailer's own (services/mail/mailer.ts
 * SMTP_TIMEOUTS: 10 s for the greeting, 30 s of silence). The stall is the same; only the wait is shorter.
 */
const SHORT_LIMITS = 'greetingTimeout=3000&socketTimeout=5000';
describe('a mail server that stalls (built server, SMTP_URL)', () => {
  let sink: SmtpSink;
  let server: ServerProcess;
  let dataDir: string;
  let api: Api;
  let customerId: string;

  /** The verification link of a mail the sink received. */
  const linkTo = async (email: string) => {
    const mail = sink.received.find((m) => m.envelope.to.includes(email));
    return mail
      ? /https?:\/\/\S+\/verify-email\/[A-Za-z0-9]+/.exec(parseMail(mail.raw).text)?.[0]
      : undefined;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = installedDataDir('faults-smtp-');
    server = await startServerProcess({
      entry: faultsServerEntry(),
      env: { DATA_DIR: dataDir, SMTP_URL: `${sink.url}/?${SHORT_LIMITS}` },
    });
    await server.healthy();
    // A request that outlasts the limits by far has hung: the client gives up on it (after 60 s).
    api = apiAs(server.url, await signUpOverHttp(server.url, { verificationLink: linkTo }));
    customerId = await customerOverHttp(api);
  });

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mailsSentLogged = () => server.output().split('"msg":"mail sent"').length - 1;

  for (const stall of ['greeting', 'data'] as const) {
    it(`stalls ${stall === 'greeting' ? 'before its greeting' : 'after the message'}: 503 "niet bereikbaar", nothing changed, the next send goes out`, async () => {
      const created = await api.post('/api/orders', orderPayload(customerId));
      expect(created.status).toBe(200);
      const { _id } = (await created.json()) as { _id: string };
      const send = () =>
        api.post(`/api/orders/${_id}/send-email`, {
          recipient: 'inkoop@klant.nl',
          subject: 'Inkooporder {{order.orderNumber}}',
          message: '<p>Beste {{customer.name}}, hierbij onze order.</p>',
          includePdf: false,
        });
      const received = sink.received.length;
      const logged = mailsSentLogged();

      sink.stall = stall;
      const stalledBefore = sink.stalled;
      let res: Response;
      try {
        res = await send();
      } finally {
        sink.stall = null;
      }
      expect(sink.stalled).toBe(stalledBefore + 1);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: sendEmailMessages.unreachable,
        code: 'SERVICE_UNAVAILABLE',
      });
      const unchanged = (await (await api.get(`/api/orders/${_id}`)).json()) as {
        status: string;
        emails: [];
      };
      expect(unchanged).toMatchObject({ status: 'concept', emails: [] });
      expect(sink.received).toHaveLength(received);
      expect(mailsSentLogged()).toBe(logged);

      const again = await send();
      expect(again.status, await again.clone().text()).toBe(200);
      expect(sink.received).toHaveLength(received + 1);
      const sent = (await (await api.get(`/api/orders/${_id}`)).json()) as { status: string; emails: [] };
      expect(sent.status).toBe('sent');
      expect(sent.emails).toHaveLength(1);
      expect(mailsSentLogged()).toBe(logged + 1);
    });
  }
});
