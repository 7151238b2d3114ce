import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  memberships,
  orderConfirmations,
  orderEmails,
  organizations,
  rateLimits,
} from '../../db/schema';
import { CONFIRMATION_LINK_LINE } from '../../shared/confirmation-link';
import type { OrderInput } from '../../shared/schemas/order';
import {
  CONFIRMATION_LINK_DAYS,
  type CustomerResponse,
  confirmationLabels,
  confirmationMessages,
  type PublicConfirmation,
} from '../../shared/schemas/order-confirmation';
import { SAMPLE_TEMPLATE_DATA } from '../../shared/template-variables';
import { jobsOf, setApprovalRule, webhookEventsAbout } from '../../test/approvals';
import { createTestClock, DAY_MS, type TestClock } from '../../test/clock';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { pdfText } from '../../test/pdf-text';
import { addSignedInMember, createSignedInUser } from '../../test/users';
import type { CustomerResponseMailJob } from '../jobs/queues';
import { DEFAULT_TEMPLATES } from '../services/mail/default-templates';
import { renderTemplateHtml } from '../services/mail/sanitize-template';
import { customerResponseMailOf } from '../services/orders/confirmation/answer-mail';
import {
  ANSWER_LIMIT_PER_IP,
  ANSWER_LIMIT_PER_TOKEN,
  ConfirmationGoneError,
  confirmationFile,
  readPublicConfirmation,
} from '../services/orders/confirmation/public';

/**
 * The customer's side of a sent order: the personal link each order mail carries, and the public
 * JSON routes behind it (GET|HEAD and POST /api/public/confirm/{token}). Every rule of the link and
 * of the answer, on the app's own clock: the token (random, only its hash kept), its place in the
 * mail, replace on a newer send, an answer carried over to a resend of the same version, expiry,
 * cancel and delete, one answer only, reading changes nothing, the rate limits, bad input, isolation,
 * and what an answer sets off (audit entry, webhook, the writer's mail).
 */

type Person = { userId: string; token: string; email: string };
type WireOrder = { _id: string; orderNumber: string };

const APP_URL = 'http://localhost:3000';
const RECIPIENT = 'inkoop@jansenbouw.nl';
const MESSAGE = '<p>Beste klant, hierbij onze order.</p>';

/** The line the mail adds under a message without the variable, as the send dialog's preview shows it too. */
const linkLine = (url: string) =>
  renderTemplateHtml(CONFIRMATION_LINK_LINE, {
    ...SAMPLE_TEMPLATE_DATA,
    order: { ...SAMPLE_TEMPLATE_DATA.order, confirmUrl: url },
  });

let database: TestDatabase;
let app: FastifyInstance;
let mailer: CapturingMailer;
let clock: TestClock;
let organizationId: string;
let owner: Person;
let writer: Person;
let customerId: string;
let other: { organizationId: string; owner: Person; customerId: string };
let ipCounter = 0;
/** Each call from its own address unless a test says otherwise: the per-IP budget is its own test's subject. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const call = (
  who: Pick<Person, 'token'> | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  extra: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {},
) =>
  app.inject({
    method,
    url,
    remoteAddress: extra.remoteAddress ?? freshIp(),
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...extra.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const ok = async <T = unknown>(res: Promise<LightMyRequestResponse>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
};

const newOrder = (who: Person, overrides: Partial<OrderInput> = {}, customer = customerId) =>
  ok<WireOrder>(call(who, 'POST', '/api/orders', orderPayload(customer, overrides)));

/** Sends the order and answers the token of the link in the mail. */
async function sendOrder(who: Person, orderId: string, payload: Record<string, unknown> = {}) {
  await ok(
    call(who, 'POST', `/api/orders/${orderId}/send-email`, {
      recipient: RECIPIENT,
      subject: 'Order {{order.orderNumber}}',
      message: MESSAGE,
      includePdf: false,
      ...payload,
    }),
  );
  const mail = mailer.messages.at(-1)!;
  const link = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  return { mail, token: link ?? null };
}

const confirmUrl = (token: string) => `/api/public/confirm/${token}`;
const read = (token: string) => call(null, 'GET', confirmUrl(token));
const answer = (token: string, body: unknown, extra: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {}) =>
  call(null, 'POST', confirmUrl(token), body, extra);
const ACCEPT = { decision: 'accept', name: 'Petra Jansen' };

const linksOf = (orderId: string) =>
  database.db
    .select()
    .from(orderConfirmations)
    .where(eq(orderConfirmations.orderId, orderId))
    .orderBy(orderConfirmations.sentAt, orderConfirmations.id);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Everything an answer could change, to see that a refused or read-only call changed none of it. */
async function stateOfEverything(orderId: string) {
  const [links, audit, jobs, order] = await Promise.all([
    linksOf(orderId),
    database.db.select().from(auditLog).where(eq(auditLog.objectId, orderId)),
    database.db.execute(sql`select count(*)::int as n from pgboss.job`),
    call(owner, 'GET', `/api/orders/${orderId}`),
  ]);
  return { links, audit: audit.length, jobs: JSON.stringify(jobs), order: order.body };
}

const responseMailJobs = async (orderId: string) =>
  (await jobsOf<CustomerResponseMailJob>(database.db, 'customer-response-mail')).filter(
    (job) => job.data.orderId === orderId,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  mailer = createCapturingMailer();
  clock = createTestClock(Date.now());
  app = await buildTestApp(testDeps(database.db, mailer, undefined, clock.now));
  const o = await createSignedInUser(database.db, { name: 'Olga Eigenaar', company: 'De Vries B.V.' });
  organizationId = o.organization.id;
  // A seller with the numbers a Peppol file needs, so the link's UBL file can be made.
  await database.db
    .update(organizations)
    .set({ address: 'Havenstraat 14', postalCode: '1011 AB', city: 'Amsterdam', kvkNumber: '34123456' })
    .where(eq(organizations.id, organizationId));
  owner = { userId: o.user.id, token: o.token, email: o.user.email };
  writer = await addSignedInMember(database.db, organizationId, 'member', 'Mila Medewerker');
  customerId = (
    await insertCustomer(database.db, organizationId, { email: RECIPIENT, btwNumber: 'NL987654321B01' })
  ).id;
  const b = await createSignedInUser(database.db, { name: 'Bert Ander', company: 'Ander B.V.' });
  other = {
    organizationId: b.organization.id,
    owner: { userId: b.user.id, token: b.token, email: b.user.email },
    customerId: (await insertCustomer(database.db, b.organization.id)).id,
  };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  // The send budget and the answer budgets are their own tests' subject: every test starts afresh.
  await database.db.delete(rateLimits);
  mailer.clear();
});

describe('the link in the order mail', () => {
  it('carries a personal link (HTML and plain text): 192 random bits, base64url, only its hash stored, valid 90 days from the send', async () => {
    const order = await newOrder(writer);
    const { mail, token } = await sendOrder(writer, order._id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token!, 'base64url')).toHaveLength(24);
    const url = `${APP_URL}/confirm/${token}`;
    // A message without {{order.confirmUrl}} gets it as a line under the text.
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain(linkLine(url));
    expect(mail.text).toContain(url);

    const [link, ...more] = await linksOf(order._id);
    expect(more).toEqual([]);
    expect(link!.tokenHash).toBe(sha256(token!));
    expect(JSON.stringify(link)).not.toContain(token!);
    expect(link!.sentAt.getTime()).toBe(clock.now().getTime());
    expect(link!.expiresAt.getTime()).toBe(clock.now().getTime() + CONFIRMATION_LINK_DAYS * DAY_MS);
    const [email] = await database.db.select().from(orderEmails).where(eq(orderEmails.orderId, order._id));
    expect(link!.orderEmailId).toBe(email!.id);
    expect(link!.replacedAt).toBeNull();
    expect(link!.versionHash).toMatch(/^[0-9a-f]{64}$/);

    // Two sends never share a token.
    const second = await sendOrder(writer, order._id);
    expect(second.token).not.toBe(token);
  });

  it('the default order template shows the link as its button, once, and in the plain text', async () => {
    const template = DEFAULT_TEMPLATES.find((t) => t.category === 'order')!;
    const order = await newOrder(writer);
    const { mail, token } = await sendOrder(writer, order._id, { message: template.content });
    const url = `${APP_URL}/confirm/${token}`;
    expect(mail.html).toMatch(new RegExp(`href="${url}"[^>]*>${confirmationLabels.templateButton}</a>`));
    expect(mail.html).not.toContain(`${confirmationLabels.templateButton}:`);
    expect(mail.html).not.toContain(linkLine(url));
    expect(mail.html.split(url)).toHaveLength(2);
    expect(mail.text).toContain(url);
  });

  it('switched off: no link anywhere, the variable fills nothing, the button is left out, no link recorded', async () => {
    const template = DEFAULT_TEMPLATES.find((t) => t.category === 'order')!;
    const order = await newOrder(writer);
    const { mail, token } = await sendOrder(writer, order._id, {
      message: `${template.content}<p>Link: [{{order.confirmUrl}}]</p>`,
      includeConfirmationLink: false,
    });
    expect(token).toBeNull();
    expect(mail.html).not.toContain('/confirm/');
    expect(mail.text).not.toContain('/confirm/');
    expect(mail.html).not.toContain(confirmationLabels.templateButton);
    expect(mail.html).toContain('Link: []');
    expect(await linksOf(order._id)).toEqual([]);
    // Sent again without a link: the same version leaves the earlier link as it is; a changed one ends it.
    const first = await sendOrder(writer, order._id);
    await sendOrder(writer, order._id, { includeConfirmationLink: false });
    expect((await linksOf(order._id)).map((l) => l.replacedAt)).toEqual([null]);
    expect((await ok<PublicConfirmation>(read(first.token!))).state).toBe('waiting');
    await ok(
      call(writer, 'PUT', `/api/orders/${order._id}`, orderPayload(customerId, { reference: 'REF-X' })),
    );
    await sendOrder(writer, order._id, { includeConfirmationLink: false });
    expect((await ok<PublicConfirmation>(read(first.token!))).state).toBe('replaced');
    expect(await linksOf(order._id)).toHaveLength(1);
  });

  it('a message the SMTP server did not take leaves no link, and the order’s earlier link stays current', async () => {
    const order = await newOrder(writer);
    const first = await sendOrder(writer, order._id);
    mailer.failing = true;
    try {
      const res = await call(writer, 'POST', `/api/orders/${order._id}/send-email`, {
        recipient: RECIPIENT,
        subject: 'Order',
        message: MESSAGE,
        includePdf: false,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      mailer.failing = false;
    }
    expect((await linksOf(order._id)).map((l) => l.replacedAt)).toEqual([null]);
    expect((await ok<PublicConfirmation>(read(first.token!))).state).toBe('waiting');
  });

  it('an order that waits for approval gets no mail and no link', async () => {
    await setApprovalRule(database.db, organizationId, { threshold: '100.00' });
    try {
      const order = await newOrder(writer);
      const res = await call(writer, 'POST', `/api/orders/${order._id}/send-email`, {
        recipient: RECIPIENT,
        subject: 'Order',
        message: MESSAGE,
        includePdf: false,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('APPROVAL_REQUIRED');
      expect(mailer.messages).toEqual([]);
      expect(await linksOf(order._id)).toEqual([]);
    } finally {
      await setApprovalRule(database.db, organizationId, { threshold: null });
    }
  });
});

describe('GET and HEAD /api/public/confirm/{token}', () => {
  it('answer the order exactly as sent, without a session, with no-store, no-referrer and noindex', async () => {
    const order = await newOrder(writer, { deliveryDate: '2030-05-12' });
    const { token } = await sendOrder(writer, order._id);
    // Edited after the send: the link still shows the version sent.
    await ok(
      call(
        writer,
        'PUT',
        `/api/orders/${order._id}`,
        orderPayload(customerId, { items: [orderPayload(customerId).items[0]!] }),
      ),
    );
    const res = await read(token!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const body = res.json() as PublicConfirmation;
    expect(body).toMatchObject({
      orderNumber: order.orderNumber,
      reference: 'REF-1',
      project: 'Verbouwing kantoor',
      seller: { company: 'De Vries B.V.' },
      customer: { name: 'Petra Jansen', email: RECIPIENT },
      deliveryDate: '2030-05-12',
      btwVerlegd: false,
      state: 'waiting',
      response: null,
    });
    expect(body.items.map((i) => i.description)).toEqual(['Bureaustoel', 'Montage', 'Handboek']);
    // 3 × 199.99 + 2 × 45.50 + 12.50 = 703.47 excl.; VAT 21 % of 690.97 (145.10) and 9 % of 12.50 (1.13).
    expect(body.totals).toMatchObject({ subtotal: 703.47, vat: 146.23, total: 849.7 });
    expect(body.expiresAt).toBe(
      new Date(clock.now().getTime() + CONFIRMATION_LINK_DAYS * DAY_MS).toISOString(),
    );
  });

  it('change nothing, however often (mail scanners open links): GET, HEAD, and the files', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const before = await stateOfEverything(order._id);
    for (let i = 0; i < 3; i++) {
      expect((await read(token!)).statusCode).toBe(200);
      const head = await call(null, 'HEAD', confirmUrl(token!));
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['referrer-policy']).toBe('no-referrer');
    }
    await confirmationFile({ ...testDeps(database.db, mailer, undefined, clock.now) }, token!, 'ubl');
    expect(await stateOfEverything(order._id)).toEqual(before);
  });

  it('an unknown, malformed or foreign-looking token is a 404 with the Dutch words, never another order', async () => {
    for (const token of ['x', 'A'.repeat(32), 'A'.repeat(33), `${'a'.repeat(31)}%21`, 'a'.repeat(31)]) {
      const res = await read(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual({ message: confirmationMessages.notFound, code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await answer(token, ACCEPT)).statusCode).toBe(404);
    }
  });
});

describe('POST /api/public/confirm/{token}', () => {
  it('records an acceptance once (201), with its audit entry, its webhook and a mail to the writer that replies to the customer', async () => {
    await ok(
      call(owner, 'POST', '/api/webhooks', {
        url: 'https://boekhouding.voorbeeld.nl/hook',
        events: ['order.accepted', 'order.rejected', 'order.changes_requested'],
      }),
    );
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    clock.advance(60_000);
    const res = await answer(token!, {
      ...ACCEPT,
      name: '  Petra Jansen ',
      deliveryDate: '2030-06-01',
      note: 'Graag.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const response = res.json() as CustomerResponse;
    expect(response).toEqual({
      decision: 'accepted',
      respondedAt: clock.now().toISOString(),
      respondentName: 'Petra Jansen',
      note: 'Graag.',
      deliveryDate: '2030-06-01',
      lines: [],
    });
    const shown = await ok<PublicConfirmation>(read(token!));
    expect(shown.state).toBe('answered');
    expect(shown.response).toEqual(response);

    // Audit: the customer, by the name they gave, from their address.
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, order._id), eq(auditLog.action, 'order.accepted')));
    expect(entry).toMatchObject({
      organizationId,
      actorType: 'customer',
      actorUserId: null,
      actorApiKeyId: null,
      actorName: 'Petra Jansen',
      objectType: 'order',
    });
    expect(entry!.fields).toEqual(['decision', 'deliveryDate', 'note', 'respondentName']);
    const log = await ok<{ actor: { type: string; id: string | null; name: string } }[]>(
      call(owner, 'GET', `/api/organization/audit-log?objectId=${order._id}&action=order.accepted`),
    );
    expect(log[0]!.actor).toEqual({ type: 'customer', id: null, name: 'Petra Jansen' });

    // Webhook: the order as GET /orders/{id} answers it.
    const events = (await webhookEventsAbout(database.db, order._id)).filter((e) =>
      e.type.startsWith('order.a'),
    );
    expect(events.map((e) => e.type)).toEqual(['order.accepted']);
    expect(events[0]!.data).toEqual(await ok(call(owner, 'GET', `/api/orders/${order._id}`)));

    // The writer's mail, replying to the address the order went to.
    const jobs = await responseMailJobs(order._id);
    expect(jobs.map((j) => j.data.recipientId)).toEqual([writer.userId]);
    const mail = await customerResponseMailOf(
      { db: database.db, config: { appUrl: APP_URL } },
      jobs[0]!.data,
    );
    expect(mail).toMatchObject({ to: writer.email, replyTo: RECIPIENT });
    expect(mail!.subject).toBe(`Akkoord op order ${order.orderNumber} van Jansen Bouw B.V.`);
    expect(mail!.text).toContain('Petra Jansen');
    expect(mail!.text).toContain('Gewenste leverdag: 01-06-2030');
    expect(mail!.text).toContain(`${APP_URL}/inkooporders/${order._id}/edit`);

    // One answer per version: the second is a 409 and changes nothing.
    const before = await stateOfEverything(order._id);
    const again = await answer(token!, { decision: 'reject', name: 'Iemand', note: 'Toch niet' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: confirmationMessages.alreadyAnswered, code: 'CONFLICT' });
    expect(await stateOfEverything(order._id)).toEqual(before);
  });

  it('two answers at once: one is recorded, the other is a 409', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const results = await Promise.all([
      answer(token!, ACCEPT),
      answer(token!, { decision: 'reject', name: 'Iemand', note: 'Nee' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [link] = await linksOf(order._id);
    const winner = results.find((r) => r.statusCode === 201)!.json() as CustomerResponse;
    expect(link!.decision).toBe(winner.decision);
    expect(await responseMailJobs(order._id)).toHaveLength(1);
  });

  it('a change request per line: stored with the quantity as decimal text, told in the mail line by line', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const response = await ok<CustomerResponse>(
      answer(token!, {
        decision: 'change',
        name: 'Petra Jansen',
        note: 'Twee dingen.',
        lines: [
          { lineIndex: 0, status: 'changed', quantity: '2,5', deliveryDate: '2030-07-01' },
          { lineIndex: 1, status: 'rejected' },
          { lineIndex: 2, status: 'accepted' },
        ],
      }),
      201,
    );
    expect(response.decision).toBe('changes_requested');
    expect(response.lines).toEqual([
      { lineIndex: 0, status: 'changed', quantity: 2.5, deliveryDate: '2030-07-01' },
      { lineIndex: 1, status: 'rejected', quantity: null, deliveryDate: null },
      { lineIndex: 2, status: 'accepted', quantity: null, deliveryDate: null },
    ]);
    const [link] = await linksOf(order._id);
    expect(link!.responseLines![0]!.quantity).toBe('2.500');
    const [job] = await responseMailJobs(order._id);
    const mail = await customerResponseMailOf({ db: database.db, config: { appUrl: APP_URL } }, job!.data);
    expect(mail!.subject).toBe(`Wijziging gevraagd voor order ${order.orderNumber} door Jansen Bouw B.V.`);
    expect(mail!.text).toContain('Regel 1: Bureaustoel: aantal 2,5 stuk, leverdag 01-07-2030');
    expect(mail!.text).toContain('Regel 2: Montage: niet gewenst');
    expect(mail!.text).not.toContain('Regel 3');
  });

  it('bad input is a 400 with Dutch details per field, and nothing is stored', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const before = await stateOfEverything(order._id);
    const cases: [unknown, string, string][] = [
      [{ decision: 'accept' }, 'name', confirmationMessages.nameRequired],
      [{ decision: 'maybe', name: 'P' }, 'decision', confirmationMessages.decision],
      [{ decision: 'reject', name: 'P' }, 'note', confirmationMessages.reasonRequired],
      [{ decision: 'change', name: 'P' }, 'lines', confirmationMessages.linesRequired],
      [
        { decision: 'change', name: 'P', lines: [{ lineIndex: 3, status: 'rejected' }] },
        'lines.0.lineIndex',
        confirmationMessages.lineIndex,
      ],
      [
        { decision: 'change', name: 'P', lines: [{ lineIndex: 0, status: 'changed' }] },
        'lines.0.quantity',
        confirmationMessages.lineChangeEmpty,
      ],
      [{ decision: 'accept', name: 'P', note: 'x'.repeat(2001) }, 'note', confirmationMessages.noteMax],
    ];
    for (const [body, field, message] of cases) {
      const res = await answer(token!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[field], JSON.stringify(body)).toBe(message);
      expect(res.json().message).toMatch(/^Ongeldige invoer/);
    }
    expect(await stateOfEverything(order._id)).toEqual(before);
  });

  it('refuses a body that is not JSON (a cross-site form cannot post it), and changes nothing', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const before = await stateOfEverything(order._id);
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: confirmUrl(token!),
        headers: { 'content-type': type, origin: 'https://elders.example' },
        payload: 'decision=accept&name=Mallory',
      });
      expect(res.statusCode, type).toBe(415);
    }
    expect(await stateOfEverything(order._id)).toEqual(before);
  });

  it('is rate-limited per link and per address (429, Dutch, Retry-After); the link’s budget is kept under its hash', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    for (let i = 0; i < ANSWER_LIMIT_PER_TOKEN; i++)
      expect((await answer(token!, { decision: 'accept' })).statusCode).toBe(400);
    const limited = await answer(token!, ACCEPT);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(confirmationMessages.tooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await linksOf(order._id))[0]!.decision).toBeNull();
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.includes(token!))).toBe(false);
    expect(keys).toContain(`confirm-answer:link:${sha256(token!)}`);

    // One address trying many links: unknown ones count too.
    await database.db.delete(rateLimits);
    const ip = '192.0.2.7';
    for (let i = 0; i < ANSWER_LIMIT_PER_IP; i++)
      expect((await answer(String(i).padStart(32, 'B'), ACCEPT, { remoteAddress: ip })).statusCode).toBe(404);
    expect((await answer(token!, ACCEPT, { remoteAddress: ip })).statusCode).toBe(429);
    expect((await answer(token!, ACCEPT, { remoteAddress: '192.0.2.8' })).statusCode).toBe(201);
  });
});

describe('when a link stops working', () => {
  it('a newer send replaces it: the old page says so (state replaced), its answer and files are gone (410)', async () => {
    const order = await newOrder(writer);
    const first = await sendOrder(writer, order._id);
    await ok(
      call(writer, 'PUT', `/api/orders/${order._id}`, orderPayload(customerId, { reference: 'REF-2' })),
    );
    clock.advance(1000);
    const second = await sendOrder(writer, order._id);
    const old = await ok<PublicConfirmation>(read(first.token!));
    expect(old).toMatchObject({ state: 'replaced', reference: 'REF-1' });
    const refused = await answer(first.token!, ACCEPT);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({
      message: confirmationMessages.replaced,
      code: 'GONE',
      reason: 'replaced',
    });
    expect(refused.headers['referrer-policy']).toBe('no-referrer');
    const deps = testDeps(database.db, mailer, undefined, clock.now);
    await expect(confirmationFile(deps, first.token!, 'ubl')).rejects.toBeInstanceOf(ConfirmationGoneError);

    expect(await ok<PublicConfirmation>(read(second.token!))).toMatchObject({
      state: 'waiting',
      reference: 'REF-2',
    });
    const links = await linksOf(order._id);
    expect(links.map((l) => l.replacedAt?.getTime() ?? null)).toEqual([clock.now().getTime(), null]);
    expect(links[0]!.versionHash).not.toBe(links[1]!.versionHash);
  });

  it('the answer is final per version: a resend of the same version carries it, a changed one asks again', async () => {
    const order = await newOrder(writer);
    const first = await sendOrder(writer, order._id);
    const given = await ok<CustomerResponse>(
      answer(first.token!, { decision: 'reject', name: 'P', note: 'Te duur' }),
      201,
    );
    const resent = await sendOrder(writer, order._id, { recipient: 'ander@jansenbouw.nl' });
    const shown = await ok<PublicConfirmation>(read(resent.token!));
    expect(shown.state).toBe('answered');
    expect(shown.response).toEqual(given);
    expect((await answer(resent.token!, ACCEPT)).statusCode).toBe(409);

    await ok(call(writer, 'PUT', `/api/orders/${order._id}`, orderPayload(customerId, { paymentTerm: 14 })));
    const changed = await sendOrder(writer, order._id);
    expect(await ok<PublicConfirmation>(read(changed.token!))).toMatchObject({
      state: 'waiting',
      response: null,
    });
  });

  it(`expires ${CONFIRMATION_LINK_DAYS} days after the send on the app's clock: still shown (state expired), no longer answered`, async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const start = clock.now().getTime();
    try {
      clock.set(start + CONFIRMATION_LINK_DAYS * DAY_MS - 1);
      expect((await ok<PublicConfirmation>(read(token!))).state).toBe('waiting');
      clock.set(start + CONFIRMATION_LINK_DAYS * DAY_MS);
      expect((await ok<PublicConfirmation>(read(token!))).state).toBe('expired');
      const res = await answer(token!, ACCEPT);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ reason: 'expired', message: confirmationMessages.expired });
      expect((await linksOf(order._id))[0]!.decision).toBeNull();
    } finally {
      clock.set(start);
    }
  });

  it('cancelling the order makes the link gone (410) for reading and answering; deleting it makes it unknown (404)', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    await ok(
      call(writer, 'PUT', `/api/orders/${order._id}`, orderPayload(customerId, { status: 'cancelled' })),
    );
    for (const res of [await read(token!), await answer(token!, ACCEPT)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({
        message: confirmationMessages.cancelled,
        code: 'GONE',
        reason: 'cancelled',
      });
    }
    const deps = testDeps(database.db, mailer, undefined, clock.now);
    // The page recognises it by its name and reason (http/confirm-page/port.ts).
    await expect(readPublicConfirmation(deps, token!)).rejects.toMatchObject({
      name: 'ConfirmationGoneError',
      reason: 'cancelled',
      status: 410,
      message: confirmationMessages.cancelled,
    });

    const second = await newOrder(writer);
    const sent = await sendOrder(writer, second._id);
    expect((await call(writer, 'DELETE', `/api/orders/${second._id}`)).statusCode).toBe(200);
    expect((await read(sent.token!)).statusCode).toBe(404);
    expect((await answer(sent.token!, ACCEPT)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it('a token opens its one order and answers only it; another organisation’s tokens never touch this one', async () => {
    const mine = await newOrder(writer);
    const alsoMine = await newOrder(writer);
    const theirs = await newOrder(other.owner, {}, other.customerId);
    const a = await sendOrder(writer, mine._id);
    const b = await sendOrder(writer, alsoMine._id);
    const c = await sendOrder(other.owner, theirs._id);
    expect((await ok<PublicConfirmation>(read(a.token!))).orderNumber).toBe(mine.orderNumber);
    expect((await ok<PublicConfirmation>(read(c.token!))).seller.company).toBe('Ander B.V.');

    await ok(answer(c.token!, ACCEPT), 201);
    expect((await linksOf(mine._id))[0]!.decision).toBeNull();
    expect((await linksOf(alsoMine._id))[0]!.decision).toBeNull();
    const [theirLink] = await linksOf(theirs._id);
    expect(theirLink).toMatchObject({ organizationId: other.organizationId, decision: 'accepted' });
    // The audit entry and the mail stay in the other organisation.
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.objectId, theirs._id));
    expect(entries.filter((e) => e.actorType === 'customer').map((e) => e.organizationId)).toEqual([
      other.organizationId,
    ]);
    expect((await responseMailJobs(theirs._id)).map((j) => j.data.recipientId)).toEqual([other.owner.userId]);
    expect((await ok<PublicConfirmation>(read(b.token!))).state).toBe('waiting');
    // What the database keeps of a token opens nothing.
    const [stored] = await linksOf(mine._id);
    for (const guess of [stored!.tokenHash, stored!.tokenHash.slice(0, 32), stored!.id]) {
      expect((await read(guess)).statusCode).toBe(404);
      expect((await answer(guess, ACCEPT)).statusCode).toBe(404);
    }
  });

  it('when the writer has left, the owners and admins hear of the answer', async () => {
    const leaver = await addSignedInMember(database.db, organizationId, 'member', 'Lotte Vertrokken');
    const admin = await addSignedInMember(database.db, organizationId, 'admin', 'Bram Beheerder');
    const order = await newOrder(leaver);
    const { token } = await sendOrder(leaver, order._id);
    await database.db.delete(memberships).where(eq(memberships.userId, leaver.userId));
    await ok(answer(token!, ACCEPT), 201);
    const recipients = (await responseMailJobs(order._id)).map((j) => j.data.recipientId).sort();
    expect(recipients).toEqual([owner.userId, admin.userId].sort());
    await database.db.delete(memberships).where(eq(memberships.userId, admin.userId));
  });
});

describe('the files of the version sent', () => {
  it('the UBL file is that of the order as sent, whatever was edited since', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    const deps = testDeps(database.db, mailer, undefined, clock.now);
    const before = await confirmationFile(deps, token!, 'ubl');
    expect(before).toMatchObject({ filename: `${order.orderNumber}.xml`, contentType: 'application/xml' });
    await ok(
      call(writer, 'PUT', `/api/orders/${order._id}`, orderPayload(customerId, { reference: 'REF-NIEUW' })),
    );
    const after = await confirmationFile(deps, token!, 'ubl');
    expect(after.content.equals(before.content)).toBe(true);
    expect(after.content.toString('utf8')).toContain('REF-1');
    expect(after.content.toString('utf8')).not.toContain('REF-NIEUW');
  });
});

describe('the PDF of the version sent', () => {
  it('is printed from the document as sent, by the app’s own printer', async () => {
    const order = await newOrder(writer);
    const { token } = await sendOrder(writer, order._id);
    await ok(
      call(writer, 'PUT', `/api/orders/${order._id}`, orderPayload(customerId, { reference: 'REF-NIEUW' })),
    );
    const deps = testDeps(database.db, mailer, undefined, clock.now);
    const pdf = await confirmationFile(deps, token!, 'pdf');
    expect(pdf).toMatchObject({ filename: `${order.orderNumber}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.content);
    expect(text).toContain('REF-1');
    expect(text).not.toContain('REF-NIEUW');
  }, 60_000);
});

describe('the OpenAPI document', () => {
  it('describes both routes under their own tag, without security', async () => {
    const doc = (await call(null, 'GET', '/api/openapi.json')).json();
    const path = doc.paths['/public/confirm/{token}'];
    expect(path.get.tags).toEqual(['public-confirm']);
    expect(path.post.tags).toEqual(['public-confirm']);
    expect(path.get.security).toEqual([]);
    expect(Object.keys(path.post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '409', '410', '415', '429']),
    );
    expect(path.post.responses['410'].content['application/json'].schema.properties.reason.enum).toEqual([
      'replaced',
      'expired',
      'cancelled',
    ]);
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('public-confirm');
  });
});
