import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailTemplates, outbox, users } from '../../db/schema';
import { formatDate } from '../../shared/dates';
import { formatEuro } from '../../shared/format';
import { APPROVAL_REQUIRED_CODE } from '../../shared/schemas/approval';
import { sendEmailMessages as payloadMessages, sendEmailInput } from '../../shared/schemas/email-template';
import { SEND_EMAIL_SUCCESS_MESSAGE } from '../../shared/schemas/order-email';
import { setApprovalRule } from '../../test/approvals';
import { buildTestApp, createTestCaller, testConfig, testDeps, testPrinter } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { rejectionOf } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { parseMail } from '../../test/mime';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInUser } from '../../test/users';
import { waitFor } from '../../test/webhook-receiver';
import { htmlProblems, XSS_CORPUS } from '../../test/xss-corpus';
import { AppError } from '../errors';
import { createLogger } from '../log';
import { createSmtpMailer } from '../services/mail/mailer';
import type { Mailer, MailMessage } from '../services/mail/message';
import { SEND_EMAIL_LIMIT, sendEmailMessages, sendOrderEmail } from '../services/orders/send-order-email';
import { findCompany } from '../services/organizations/company';
import { pdfMessages } from '../services/pdf/messages';
import type { Printer } from '../services/pdf/printer';

const MAIL_FROM = 'Inkooporders <no-reply@inkooporders.test>';
/**
 * The mailer's time limits, short so a stalling server is given up on in seconds here; the
 * production limits (SMTP_TIMEOUTS) end the same stall in the built server (faults/smtp.test.ts).
 */
const quickTimeouts = {
  connectionTimeout: 2_000,
  greetingTimeout: 1_000,
  socketTimeout: 1_000,
  sendTimeout: 10_000,
};

/** The user's message inside the mail's frame (UserMail puts it in the first cell's <div>). */
function messageOf(html: string): string {
  const start = html.indexOf('<td><div>');
  const end = html.indexOf('</div></td></tr></tbody></table><table', start);
  expect(start, 'the message cell').toBeGreaterThan(0);
  return html.slice(start + '<td><div>'.length, end);
}
const log = pino({ level: 'silent' });

type Auth = { userId: string; email: string; headers: { authorization: string } };
type WireOrder = {
  _id: string;
  orderNumber: string;
  customer: string;
  status: string;
  total: number;
  date: string;
  emails: {
    sentAt: string;
    recipient: string;
    cc: string | null;
    subject: string;
    includePdf: boolean;
    includeUbl: boolean;
  }[];
};

describe('POST /api/orders/{id}/send-email against a real SMTP server (integration)', () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let app: FastifyInstance;
  /** Where the app's mailer sends: the loopback server, or a port where nothing listens. */
  let target: Mailer;
  /** When set, a send waits for it before going to SMTP (to look at the order meanwhile). */
  let gate: Promise<void> | null = null;
  /** Sends that have reached the gate. */
  let atGate = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpSink();
    const mailer: Mailer = {
      async send(message: MailMessage) {
        if (gate) {
          atGate++;
          await gate;
        }
        return target.send(message);
      },
      async close() {},
    };
    app = await buildTestApp(testDeps(database.db, mailer));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await database?.close();
  });
  beforeEach(() => {
    target = createSmtpMailer(smtp.url, MAIL_FROM, log);
    smtp.refuseWith = null;
    smtp.refuseRecipients = null;
    smtp.refuseSenderWith = null;
    smtp.login = null;
    smtp.refuseConnectionsWith = null;
    smtp.stall = null;
    smtp.replyDelayMs = 0;
    gate = null;
    atGate = 0;
  });

  const newUser = async (): Promise<Auth> => {
    const { user, token } = await createSignedInUser(database.db, {
      name: 'Anna de Bakker',
      company: 'Bakkerij "De Gouden" Korst',
    });
    return { userId: user.id, email: user.email, headers: { authorization: `Bearer ${token}` } };
  };

  const call = (auth: Auth, method: InjectOptions['method'], url: string, payload?: object) =>
    app.inject({ method, url, headers: auth.headers, ...(payload ? { payload } : {}) });

  const newOrder = async (auth: Auth, customerFields = {}): Promise<WireOrder> => {
    const customer = await insertCustomer(database.db, auth.userId, customerFields);
    const res = await call(auth, 'POST', '/api/orders', orderPayload(customer.id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireOrder;
  };

  const orderOf = async (auth: Auth, id: string) => {
    const res = await call(auth, 'GET', `/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireOrder;
  };

  const send = (auth: Auth, orderId: string, payload: object) =>
    call(auth, 'POST', `/api/orders/${orderId}/send-email`, payload);

  const plain = {
    recipient: 'inkoop@klant.nl',
    subject: 'Inkooporder {{order.orderNumber}}',
    message: '<p>Beste {{customer.name}}, hierbij onze order.</p>',
    includePdf: false,
  };

  it('sends the filled, cleaned message with CC, Reply-To, the company as sender, a text part and the PDF; then the order is sent', async () => {
    const auth = await newUser();
    const order = await newOrder(auth, {
      name: 'Petra <b>Jansen</b>',
      company: 'Jansen & Zonen "Bouw"',
      contactPerson: 'P. Jansen',
      email: 'petra@jansenbouw.nl',
    });
    expect(order.status).toBe('concept');

    const res = await send(auth, order._id, {
      recipient: 'Petra@JansenBouw.nl',
      ccEmail: 'administratie@bakkerij.nl',
      subject: 'Inkooporder {{ order.orderNumber }} voor {{customer.company}} {{order.onbekend}}',
      message: [
        '<p>Beste {{customer.name}},</p>',
        '<p>Order {{order.orderNumber}} van {{order.date}}: {{order.total}}. Groet, {{user.name}} ({{user.company}}) {{klant.naam}}</p>',
        '<script>alert(1)</script><img src="https://x.nl/a.png" onerror="alert(2)">',
        '<a href="javascript:alert(3)" onclick="alert(4)">klik</a><svg onload="alert(5)"></svg>',
      ].join(''),
      templateId: null,
      // includePdf left out: it defaults to true.
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, orderStatus: 'sent', message: SEND_EMAIL_SUCCESS_MESSAGE });

    expect(smtp.received).toHaveLength(1);
    const received = smtp.received.at(-1)!;
    expect(received.envelope.to.sort()).toEqual(['administratie@bakkerij.nl', 'petra@jansenbouw.nl']);
    const mail = parseMail(received.raw);

    // Subject: plain text values, unknown variables exactly as written.
    expect(mail.headers.subject).toBe(
      `Inkooporder ${order.orderNumber} voor Jansen & Zonen "Bouw" {{order.onbekend}}`,
    );
    expect(mail.headers.to).toBe('petra@jansenbouw.nl');
    expect(mail.headers.cc).toBe('administratie@bakkerij.nl');
    expect(mail.headers['reply-to']).toBe(auth.email);
    expect(mail.headers.from).toBe('Bakkerij De Gouden Korst via Inkooporders <no-reply@inkooporders.test>');

    // HTML: values escaped, unknown variables intact, nothing executable left.
    const total = formatEuro(Math.round(order.total * 100));
    expect(mail.html).toContain('Beste Petra &lt;b&gt;Jansen&lt;/b&gt;,');
    expect(mail.html).toContain(`Order ${order.orderNumber} van ${formatDate(order.date)}`);
    expect(mail.html).toContain(total);
    expect(mail.html).toContain('{{klant.naam}}');
    expect(mail.html).toContain('Anna de Bakker (Bakkerij "De Gouden" Korst)');
    expect(mail.html).not.toMatch(/<script|onerror|onclick|onload|javascript:/i);
    expect(htmlProblems(messageOf(mail.html))).toEqual([]);
    // The frame's footer carries the company.
    expect(mail.html).toContain('Bakkerij &quot;De Gouden&quot; Korst</p>');

    // The plain-text twin reads the same values, unescaped.
    expect(mail.text).toContain('Beste Petra <b>Jansen</b>,');
    expect(mail.text).toContain(total);
    expect(mail.text).not.toContain('alert(');

    // The PDF of the order, named after it.
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect(pdf.filename).toBe(`${order.orderNumber}.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    // Only now: sent, and the send is in the order's history.
    const after = await orderOf(auth, order._id);
    expect(after.status).toBe('sent');
    expect(after.emails).toEqual([
      {
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        recipient: 'petra@jansenbouw.nl',
        cc: 'administratie@bakkerij.nl',
        subject: `Inkooporder ${order.orderNumber} voor Jansen & Zonen "Bouw" {{order.onbekend}}`,
        includePdf: true,
        includeUbl: false,
        customerResponse: null,
      },
    ]);
  }, 60_000);

  it('a company name that looks like an address or carries a line break cannot pose as another sender', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    for (const [company, shown] of [
      ['ING Bank <security@ing.nl>', '"ING Bank security ing.nl via Inkooporders"'],
      ['ING ＜security＠ing＞', 'ING security ing via Inkooporders'],
      ['ING\r\nBcc: spy@evil.example', '"ING Bcc: spy evil.example via Inkooporders"'],
    ] as const) {
      const profile = await call(auth, 'PUT', '/api/auth/profile', { company });
      expect(profile.statusCode, profile.body).toBe(200);
      const res = await send(auth, order._id, plain);
      expect(res.statusCode, res.body).toBe(200);
      const raw = smtp.received.at(-1)!.raw;
      const mail = parseMail(raw);
      expect(mail.headers.from, company).toBe(`${shown} <no-reply@inkooporders.test>`);
      // Only MAIL_FROM's address has the signs of an address; replies still go to the user.
      expect(mail.headers.from?.replace(' <no-reply@inkooporders.test>', ''), company).not.toMatch(
        /[@<>＠＜＞]/,
      );
      expect(mail.headers['reply-to']).toBe(auth.email);
      // No header of its own (the body's footer may show the name on two lines; that is text).
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
      expect(head, company).not.toMatch(/^Bcc:/im);
      expect(smtp.received.at(-1)!.envelope.to).toEqual(['inkoop@klant.nl']);
    }
  });

  it('leaves nothing executable of the XSS corpus in the mail that goes out', async () => {
    /** The checks on the HTML of the mail of message `<p>voorbeeld {marker}</p>{samples}`. */
    const expectClean = (html: string, sample: string, marker: string | number) => {
      const fragment = messageOf(html);
      expect(fragment, sample).toContain(`<p>voorbeeld ${marker}</p>`);
      expect(htmlProblems(fragment), sample).toEqual([]);
      expect(html, sample).not.toMatch(
        /<script|<iframe|<object|<embed|<svg|<form|javascript:|vbscript:|\son[a-z]+=/i,
      );
    };
    let auth = await newUser();
    let order = await newOrder(auth);
    // One message per sample (a sample may swallow what follows it), each through the whole route.
    // The mails are taken as the app hands them to its mailer: SMTP only carries that HTML, and the
    // send below shows it arrives as it was handed over. (Each SMTP connection costs the sink's
    // fixed wait before its greeting.)
    const handedOver = createCapturingMailer();
    target = handedOver;
    for (const [i, sample] of XSS_CORPUS.entries()) {
      // A new user before the budget ends.
      if (i > 0 && i % 25 === 0) {
        auth = await newUser();
        order = await newOrder(auth);
      }
      const res = await send(auth, order._id, { ...plain, message: `<p>voorbeeld ${i}</p>${sample}` });
      expect(res.statusCode, `${sample}: ${res.body}`).toBe(200);
      expect(handedOver.messages, sample).toHaveLength(i + 1);
      expectClean(handedOver.messages.at(-1)!.html, sample, i);
    }

    // Over real SMTP: the mail arrives with exactly the HTML handed to the mailer (MIME ends the part
    // with a line break), clean. Its message is the whole corpus at once, one more hostile input.
    const smtpMailer = createSmtpMailer(smtp.url, MAIL_FROM, log);
    handedOver.clear();
    target = {
      send: async (message) => {
        await handedOver.send(message);
        return smtpMailer.send(message);
      },
      close: () => smtpMailer.close(),
    };
    auth = await newUser();
    order = await newOrder(auth);
    const corpus = `<p>voorbeeld alle</p>${XSS_CORPUS.join('')}`;
    const res = await send(auth, order._id, { ...plain, message: corpus });
    expect(res.statusCode, res.body).toBe(200);
    const mail = parseMail(smtp.received.at(-1)!.raw);
    expect(handedOver.messages).toHaveLength(1);
    expect(mail.html.replace(/\r?\n$/, '')).toBe(handedOver.messages[0]!.html);
    expectClean(mail.html, corpus, 'alle');
  }, 60_000);

  it('sends without the PDF when includePdf is false, and lists the sends newest first', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    expect((await send(auth, order._id, { ...plain, subject: 'Eerste' })).statusCode).toBe(200);
    expect((await send(auth, order._id, { ...plain, subject: 'Tweede', ccEmail: '' })).statusCode).toBe(200);
    const mail = parseMail(smtp.received.at(-1)!.raw);
    expect(mail.attachments).toEqual([]);
    expect(mail.headers.cc).toBeUndefined();
    const after = await orderOf(auth, order._id);
    expect(after.emails.map((e) => [e.subject, e.cc, e.includePdf])).toEqual([
      ['Tweede', null, false],
      ['Eerste', null, false],
    ]);
  });

  it('marks the order sent only once the SMTP server has accepted the message', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    let release = () => {};
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = send(auth, order._id, plain);
    // The request is waiting on SMTP: nothing about the order has changed yet.
    await waitFor('the send to reach the mail server', () => atGate === 1);
    const during = await orderOf(auth, order._id);
    expect(during.status).toBe('concept');
    expect(during.emails).toEqual([]);
    release();
    expect((await pending).statusCode).toBe(200);
    expect((await orderOf(auth, order._id)).status).toBe('sent');
  });

  /**
   * A send the SMTP server did not take: the Dutch 503 saying what to do, and nothing anywhere that
   * says it went out — no mail received, the order still a concept without history, no outbox row,
   * no "mail sent" in the log. Then the same send again, once the server takes mail: it goes out once.
   */
  async function failsThenSends(
    expected: string,
    breakIt: () => Promise<void> | void,
    mendIt: () => Promise<void> | void,
    smtpUrl = smtp.url,
    timeouts = quickTimeouts,
  ) {
    const auth = await newUser();
    const order = await newOrder(auth);
    const lines: string[] = [];
    const logged = createLogger('info', { write: (line: string) => void lines.push(line) });
    target = createSmtpMailer(smtpUrl, MAIL_FROM, logged, timeouts);
    const before = smtp.received.length;
    const outboxBefore = await database.db.$count(outbox);
    await breakIt();
    try {
      const res = await send(auth, order._id, plain);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: expected, code: 'SERVICE_UNAVAILABLE' });
      expect(smtp.received).toHaveLength(before);
      const after = await orderOf(auth, order._id);
      expect(after.status).toBe('concept');
      expect(after.emails).toEqual([]);
      expect(await database.db.$count(outbox)).toBe(outboxBefore);
      expect(lines.join('')).not.toContain('"msg":"mail sent"');
    } finally {
      // Also when a check failed: the next test needs a working server.
      await mendIt();
    }
    const again = await send(auth, order._id, plain);
    expect(again.statusCode, again.body).toBe(200);
    expect(smtp.received).toHaveLength(before + 1);
    const sent = await orderOf(auth, order._id);
    expect(sent.status).toBe('sent');
    expect(sent.emails).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"msg":"mail sent"'))).toHaveLength(1);
  }

  it('refused message (5xx): order unchanged, nothing recorded; sent once the server accepts again', async () => {
    await failsThenSends(
      sendEmailMessages.refused,
      () => {
        smtp.refuseWith = { code: 550, message: 'Message rejected (test)' };
      },
      () => {
        smtp.refuseWith = null;
      },
    );
  });

  it('the recipient refused at RCPT TO (550): names the address for the user to check; sent once it is accepted', async () => {
    await failsThenSends(
      sendEmailMessages.recipients(['inkoop@klant.nl']),
      () => {
        smtp.refuseRecipients = { addresses: ['inkoop@klant.nl'], code: 550, message: 'No such user (test)' };
      },
      () => {
        smtp.refuseRecipients = null;
      },
    );
    expect(sendEmailMessages.recipients(['inkoop@klant.nl'])).toBe(
      'Er is een fout opgetreden bij het verzenden van de e-mail: de mailserver weigert het adres inkoop@klant.nl. De order is niet verzonden; controleer het adres en probeer het opnieuw.',
    );
  });

  it.each(['sent', 'paid', 'cancelled'] as const)(
    'a %s order keeps its status when it is mailed again; the mail joins its history',
    async (status) => {
      const auth = await newUser();
      const order = await newOrder(auth);
      const changed = await call(
        auth,
        'PUT',
        `/api/orders/${order._id}`,
        orderPayload(order.customer, { status }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const before = smtp.received.length;
      const res = await send(auth, order._id, plain);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, orderStatus: status, message: SEND_EMAIL_SUCCESS_MESSAGE });
      expect(smtp.received.length).toBe(before + 1);
      const after = await orderOf(auth, order._id);
      expect(after.status).toBe(status);
      expect(after.emails).toHaveLength(1);
    },
  );

  it('only the CC refused: sent to the recipient, the answer and the history say the CC did not get it', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    smtp.refuseRecipients = {
      addresses: ['boekhouding@klant.nl'],
      code: 550,
      message: 'No such user (test)',
    };
    const before = smtp.received.length;
    const res = await send(auth, order._id, { ...plain, ccEmail: 'boekhouding@klant.nl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      orderStatus: 'sent',
      message:
        'Inkooporder is succesvol verzonden per e-mail. Let op: de mailserver weigerde het CC-adres boekhouding@klant.nl; dat adres heeft het bericht niet ontvangen.',
    });
    expect(smtp.received.slice(before).map((m) => m.envelope.to)).toEqual([['inkoop@klant.nl']]);
    const sent = await orderOf(auth, order._id);
    expect(sent.status).toBe('sent');
    expect(sent.emails.map((e) => [e.recipient, e.cc])).toEqual([['inkoop@klant.nl', null]]);
  });

  it('the recipient refused but the CC taken: not sent, and the answer says only the CC has it', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    smtp.refuseRecipients = { addresses: ['inkoop@klant.nl'], code: 550, message: 'No such user (test)' };
    const res = await send(auth, order._id, { ...plain, ccEmail: 'boekhouding@bakkerij.nl' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'Er is een fout opgetreden bij het verzenden van de e-mail: de mailserver weigert het adres inkoop@klant.nl. De order is niet verzonden; alleen boekhouding@bakkerij.nl (CC) heeft het bericht ontvangen. Controleer het adres en probeer het opnieuw.',
    });
    const after = await orderOf(auth, order._id);
    expect(after.status).toBe('concept');
    expect(after.emails).toEqual([]);
  });

  it('the app’s SMTP password refused (535): the operator’s to fix in SMTP_URL, not the user’s addresses', async () => {
    const port = new URL(smtp.url).port;
    await failsThenSends(
      sendEmailMessages.login,
      () => {
        smtp.login = { user: 'inkooporders', pass: 'juist' };
      },
      () => {
        smtp.login = { user: 'inkooporders', pass: 'fout' };
      },
      `smtp://inkooporders:fout@127.0.0.1:${port}`,
    );
    expect(sendEmailMessages.login).toContain('SMTP_URL');
  });

  it('a server that wants a login the app was not given (530): the same message about SMTP_URL', async () => {
    await failsThenSends(
      sendEmailMessages.login,
      () => {
        smtp.login = { user: 'inkooporders', pass: 'juist' };
      },
      () => {
        smtp.login = null;
      },
    );
  });

  it('the app’s sender address refused at MAIL FROM (553): the operator’s to fix in MAIL_FROM', async () => {
    await failsThenSends(
      sendEmailMessages.sender,
      () => {
        smtp.refuseSenderWith = { code: 553, message: 'Sender not allowed (test)' };
      },
      () => {
        smtp.refuseSenderWith = null;
      },
    );
    expect(sendEmailMessages.sender).toContain('MAIL_FROM');
  });

  it('SMTP server down (connection refused): order unchanged, nothing recorded; sent once it is back', async () => {
    await failsThenSends(sendEmailMessages.unreachable, smtp.stop, smtp.start);
  });

  it('SMTP server turning connections away (421 instead of its greeting): told to try again later', async () => {
    await failsThenSends(
      sendEmailMessages.unreachable,
      () => {
        smtp.refuseConnectionsWith = { code: 421, message: 'Too busy (test)' };
      },
      () => {
        smtp.refuseConnectionsWith = null;
      },
    );
  });

  it('SMTP server that takes the connection and never greets: a time-out, not a hang', async () => {
    await failsThenSends(
      sendEmailMessages.unreachable,
      () => {
        smtp.stall = 'greeting';
      },
      () => {
        expect(smtp.stalled).toBeGreaterThan(0);
        smtp.stall = null;
      },
    );
  });

  it('SMTP server that never answers the message it was sent: a time-out, nothing recorded', async () => {
    await failsThenSends(
      sendEmailMessages.unreachable,
      () => {
        smtp.stall = 'data';
      },
      () => {
        expect(smtp.stalled).toBeGreaterThan(0);
        smtp.stall = null;
      },
    );
  });

  it('SMTP server that answers every step in time but takes too long overall: the send’s deadline, nothing sent', async () => {
    // Each answer well within its own limit; together past the deadline of the whole send.
    const slowButSteady = {
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 5_000,
      sendTimeout: 2_000,
    };
    await failsThenSends(
      sendEmailMessages.unreachable,
      () => {
        smtp.replyDelayMs = 900;
      },
      () => {
        smtp.replyDelayMs = 0;
      },
      smtp.url,
      slowButSteady,
    );
  });

  it('refuses CR/LF in the subject, recipient or CC, and address lists, with 400 and nothing sent', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    const before = smtp.received.length;
    const cases: [object, string][] = [
      [{ subject: 'Order\r\nBcc: iedereen@x.nl' }, 'subject'],
      [{ subject: 'Order\nX' }, 'subject'],
      [{ recipient: 'klant@x.nl\r\nBcc: iedereen@x.nl' }, 'recipient'],
      [{ recipient: 'klant@x.nl, ander@y.nl' }, 'recipient'],
      [{ recipient: 'Klant <klant@x.nl>' }, 'recipient'],
      [{ recipient: '' }, 'recipient'],
      [{ ccEmail: 'kopie@x.nl\nBcc: iedereen@x.nl' }, 'ccEmail'],
      [{ message: '' }, 'message'],
    ];
    for (const [change, field] of cases) {
      const res = await send(auth, order._id, { ...plain, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json().details), JSON.stringify(change)).toContain(field);
    }
    expect((await send(auth, order._id, { ...plain, recipient: '' })).json().details.recipient).toBe(
      payloadMessages.recipientRequired,
    );
    expect(smtp.received).toHaveLength(before);
    expect((await orderOf(auth, order._id)).status).toBe('concept');
  });

  it("answers 404 for another user's order or template, and for an unknown one; nothing is sent", async () => {
    const owner = await newUser();
    const other = await newUser();
    const order = await newOrder(owner);
    const [foreignTemplate] = await database.db
      .insert(emailTemplates)
      .values({
        organizationId: other.userId,
        name: 'Van een ander',
        subject: 'Hallo',
        content: '<p>Hallo daar</p>',
      })
      .returning();
    const before = smtp.received.length;

    expect((await send(other, order._id, plain)).statusCode).toBe(404);
    expect((await send(owner, crypto.randomUUID(), plain)).statusCode).toBe(404);
    expect((await send(owner, 'geen-uuid', plain)).statusCode).toBe(404);
    const foreign = await send(owner, order._id, { ...plain, templateId: foreignTemplate!.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Template niet gevonden.');
    expect((await send(owner, order._id, { ...plain, templateId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );

    expect(smtp.received).toHaveLength(before);
    expect((await orderOf(owner, order._id)).status).toBe('concept');
    expect((await call(other, 'GET', `/api/orders/${order._id}`)).statusCode).toBe(404);
  });

  it("accepts the user's own template id and keeps it with the send", async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    const [template] = await database.db
      .insert(emailTemplates)
      .values({
        organizationId: auth.userId,
        name: 'Eigen',
        subject: 'Order',
        content: '<p>Eigen template</p>',
      })
      .returning();
    const res = await send(auth, order._id, { ...plain, templateId: template!.id });
    expect(res.statusCode, res.body).toBe(200);
    // The text sent is the payload's, not the template's: the client filled it from the template.
    expect(parseMail(smtp.received.at(-1)!.raw).html).toContain('hierbij onze order');
  });

  it(`allows ${SEND_EMAIL_LIMIT} sends per user in 10 minutes, then 429 with Retry-After`, async () => {
    const auth = await newUser();
    const other = await newUser();
    const order = await newOrder(auth);
    // The budget is spent on mails the app hands to its mailer: the rule counts sends, whatever the
    // transport (an SMTP connection costs the sink's fixed wait before its greeting).
    const smtpMailer = target;
    const handedOver = createCapturingMailer();
    target = handedOver;
    for (let i = 0; i < SEND_EMAIL_LIMIT; i++) {
      const res = await send(auth, order._id, plain);
      expect(res.statusCode, `send ${i + 1}: ${res.body}`).toBe(200);
    }
    expect(handedOver.messages).toHaveLength(SEND_EMAIL_LIMIT);
    target = smtpMailer;
    const before = smtp.received.length;
    const refused = await send(auth, order._id, plain);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(sendEmailMessages.tooMany);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(smtp.received).toHaveLength(before);
    expect(handedOver.messages).toHaveLength(SEND_EMAIL_LIMIT);
    // The budget is the user's own: another user still sends.
    const otherOrder = await newOrder(other);
    expect((await send(other, otherOrder._id, plain)).statusCode).toBe(200);
  }, 60_000);

  it('an order refused for want of approval spends none of the send budget', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    await setApprovalRule(database.db, auth.userId, { threshold: '0.01', forAdmins: true });
    const before = smtp.received.length;
    for (let i = 0; i <= SEND_EMAIL_LIMIT; i++) {
      const res = await send(auth, order._id, plain);
      expect(res.statusCode, `send ${i + 1}: ${res.body}`).toBe(409);
      expect(res.json().code).toBe(APPROVAL_REQUIRED_CODE);
    }
    await setApprovalRule(database.db, auth.userId, { threshold: null });
    const sent = await send(auth, order._id, plain);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(smtp.received).toHaveLength(before + 1);
  }, 60_000);

  it('sends nothing and changes nothing when the PDF cannot be made: the printer’s 503', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    const [user] = await database.db.select().from(users).where(eq(users.id, auth.userId));
    const broken: Printer = {
      ...testPrinter(),
      print: async () => {
        throw new AppError('SERVICE_UNAVAILABLE', pdfMessages.failed);
      },
    };
    const before = smtp.received.length;
    const err = await rejectionOf(
      sendOrderEmail(
        {
          db: database.db,
          config: testConfig(),
          mailer: target,
          printer: broken,
          log,
          now: () => new Date(),
        },
        (await findCompany(database.db, user!.id))!,
        order._id,
        sendEmailInput.parse({ ...plain, includePdf: true }),
      ),
    );
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.message).toBe(pdfMessages.failed);
    expect(smtp.received).toHaveLength(before);
    const after = await orderOf(auth, order._id);
    expect(after.status).toBe('concept');
    expect(after.emails).toEqual([]);
  });

  it('gives the history over tRPC too, and describes the call in the OpenAPI document', async () => {
    const auth = await newUser();
    const order = await newOrder(auth);
    expect((await send(auth, order._id, { ...plain, ccEmail: 'kopie@klant.nl' })).statusCode).toBe(200);
    const token = auth.headers.authorization.slice('Bearer '.length);
    const caller = await createTestCaller(testDeps(database.db, target), { token });
    const viaTrpc = await caller.orders.get({ id: order._id });
    expect(viaTrpc.status).toBe('sent');
    expect(viaTrpc.emails).toEqual([
      expect.objectContaining({ recipient: 'inkoop@klant.nl', cc: 'kopie@klant.nl', includePdf: false }),
    ]);

    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const call = doc.paths['/orders/{id}/send-email'].post;
    const body = call.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(
      [
        'ccEmail',
        'includeConfirmationLink',
        'includePdf',
        'includeUbl',
        'message',
        'recipient',
        'subject',
        'templateId',
      ].sort(),
    );
    expect(body.required.sort()).toEqual(['message', 'recipient', 'subject']);
    const answer = call.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties).sort()).toEqual(['message', 'orderStatus', 'success']);
    const get = doc.paths['/orders/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(get.properties.emails.items.properties).sort()).toEqual(
      ['cc', 'customerResponse', 'includePdf', 'includeUbl', 'recipient', 'sentAt', 'subject'].sort(),
    );
  });
});
