import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { sendEmailInput } from '../../shared/schemas/email-template';
import { buildTestApp, testConfig, testDeps, testPrinter } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { rejectionOf } from '../../test/helpers';
import { parseMail } from '../../test/mime';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { fatalIds, ublValues, validatePeppolOrder } from '../../test/peppol/validate';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInUser } from '../../test/users';
import { createSmtpMailer } from '../services/mail/mailer';
import { sendOrderEmail } from '../services/orders/send-order-email';
import { ublMessages } from '../services/orders/ubl/messages';
import { findCompany } from '../services/organizations/company';

const MAIL_FROM = 'Inkooporders <no-reply@inkooporders.test>';
const log = pino({ level: 'silent' });

type WireOrder = {
  _id: string;
  orderNumber: string;
  status: string;
  emails: { subject: string; includePdf: boolean; includeUbl: boolean }[];
};

/**
 * 'UBL-bestand meesturen': with `includeUbl` the mail carries the order as its Peppol UBL file
 * (`{orderNumber}.xml`, the file GET /orders/{id}/ubl gives) beside the PDF; an order that cannot be
 * expressed is refused with the download's 409 before anything is mailed, and nothing changes.
 */
describe('POST /api/orders/{id}/send-email with includeUbl (integration)', () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpSink();
    app = await buildTestApp(testDeps(database.db, createSmtpMailer(smtp.url, MAIL_FROM, log)));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await database?.close();
  });

  const company = {
    address: 'Havenstraat 14',
    postalCode: '1011 AB',
    city: 'Amsterdam',
    kvkNumber: '34123456',
    btwNumber: 'NL001234567B01',
  };

  /** A company with its KVK and BTW number (unless `seller` says otherwise) and an order for a customer with a BTW number. */
  async function companyWithOrder(seller: Partial<typeof company> = {}) {
    const owner = await createSignedInUser(database.db, { company: 'De Vries Installatietechniek B.V.' });
    const organizationId = owner.organization.id;
    await database.db
      .update(organizations)
      .set({ ...company, ...seller })
      .where(eq(organizations.id, organizationId));
    const customer = await insertCustomer(database.db, organizationId, { btwNumber: 'NL987654321B01' });
    const headers = { authorization: `Bearer ${owner.token}` };
    const made = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderPayload(customer.id),
    });
    expect(made.statusCode, made.body).toBe(200);
    return { organizationId, headers, order: made.json() as WireOrder };
  }

  const plain = {
    recipient: 'inkoop@klant.nl',
    subject: 'Inkooporder {{order.orderNumber}}',
    message: '<p>Beste {{customer.name}}, hierbij onze order.</p>',
  };

  const send = (headers: Record<string, string>, orderId: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/orders/${orderId}/send-email`, headers, payload });
  const orderOf = async (headers: Record<string, string>, id: string) =>
    (await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers })).json() as WireOrder;

  it('attaches the order’s UBL file as {orderNumber}.xml beside the PDF, and the history says so', async () => {
    const { headers, order } = await companyWithOrder();
    const res = await send(headers, order._id, { ...plain, includeUbl: true });
    expect(res.statusCode, res.body).toBe(200);

    const mail = parseMail(smtp.received.at(-1)!.raw);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${order.orderNumber}.pdf`, 'application/pdf'],
      [`${order.orderNumber}.xml`, 'application/xml'],
    ]);
    const xml = mail.attachments[1]!.text;
    // The very file the download gives (the sender here is the owner the download names).
    const download = await app.inject({ method: 'GET', url: `/api/orders/${order._id}/ubl`, headers });
    expect(download.statusCode, download.body).toBe(200);
    expect(xml).toBe(download.body);
    expect(ublValues(xml, 'cbc:ID')).toEqual([order.orderNumber]);
    expect(fatalIds(validatePeppolOrder(xml))).toEqual([]);

    const after = await orderOf(headers, order._id);
    expect(after.status).toBe('sent');
    expect(after.emails.map((e) => [e.includePdf, e.includeUbl])).toEqual([[true, true]]);
  });

  it('attaches the UBL file without the PDF as well, and nothing of it when includeUbl is false or left out', async () => {
    const { headers, order } = await companyWithOrder();
    expect(
      (await send(headers, order._id, { ...plain, includePdf: false, includeUbl: true })).statusCode,
    ).toBe(200);
    expect(parseMail(smtp.received.at(-1)!.raw).attachments.map((a) => a.filename)).toEqual([
      `${order.orderNumber}.xml`,
    ]);

    for (const payload of [plain, { ...plain, includeUbl: false }]) {
      expect((await send(headers, order._id, payload)).statusCode).toBe(200);
      expect(parseMail(smtp.received.at(-1)!.raw).attachments.map((a) => a.filename)).toEqual([
        `${order.orderNumber}.pdf`,
      ]);
    }
    const after = await orderOf(headers, order._id);
    expect(after.emails.map((e) => [e.includePdf, e.includeUbl])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
  });

  it('an order that cannot be expressed answers the download’s 409 and sends nothing, changes nothing, spends no budget', async () => {
    const { organizationId, headers, order } = await companyWithOrder({ kvkNumber: '', btwNumber: '' });
    const before = smtp.received.length;
    const res = await send(headers, order._id, { ...plain, includeUbl: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ublMessages.sellerId, code: 'CONFLICT' });
    expect(smtp.received).toHaveLength(before);
    const after = await orderOf(headers, order._id);
    expect(after.status).toBe('concept');
    expect(after.emails).toEqual([]);

    // Without the file the same order goes out: only the UBL cannot be made.
    const deps = {
      db: database.db,
      config: testConfig(),
      mailer: createSmtpMailer(smtp.url, MAIL_FROM, log),
      printer: testPrinter(),
      log,
      now: () => new Date(),
    };
    const sender = (await findCompany(database.db, organizationId))!;
    const input = sendEmailInput.parse({ ...plain, includeUbl: true });
    // A budget of one: the refusal must not have spent it, or the send after it would be a 429.
    const err = await rejectionOf(sendOrderEmail(deps, sender, order._id, input, { limit: 1 }));
    expect(err.code).toBe('CONFLICT');
    expect(smtp.received).toHaveLength(before);
    await sendOrderEmail(deps, sender, order._id, { ...input, includeUbl: false }, { limit: 1 });
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('with an Idempotency-Key: a refusal gives the key back, so the same call goes out once the company is complete; a repeat then sends nothing more', async () => {
    const { organizationId, headers, order } = await companyWithOrder({ kvkNumber: '', btwNumber: '' });
    const keyed = { ...headers, 'idempotency-key': `ubl-${order._id}` };
    const payload = { ...plain, includeUbl: true };
    const before = smtp.received.length;

    const refused = await send(keyed, order._id, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ublMessages.sellerId);

    await database.db
      .update(organizations)
      .set({ kvkNumber: company.kvkNumber })
      .where(eq(organizations.id, organizationId));
    const first = await send(keyed, order._id, payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(smtp.received).toHaveLength(before + 1);
    expect(parseMail(smtp.received.at(-1)!.raw).attachments.map((a) => a.filename)).toContain(
      `${order.orderNumber}.xml`,
    );

    const again = await send(keyed, order._id, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(smtp.received).toHaveLength(before + 1);
    expect((await orderOf(headers, order._id)).emails).toHaveLength(1);
  });
});
