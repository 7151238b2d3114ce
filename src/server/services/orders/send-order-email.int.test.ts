import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEmails, orders } from '../../../db/schema';
import { sendEmailInput } from '../../../shared/schemas/email-template';
import { testConfig, testPrinter } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createSignedInUser } from '../../../test/users';
import { idempotentCall, runIdempotent } from '../idempotency/idempotency';
import { createSmtpMailer } from '../mail/mailer';
import { findCompany } from '../organizations/company';
import { createOrder } from './orders';
import { sendOrderEmail } from './send-order-email';

const log = pino({ level: 'silent' });

/**
 * A send with an Idempotency-Key against a mail server that is slow but within every per-step
 * limit, composed as the router composes it (orders.sendEmail): the send outlasts the stale age of
 * the key's claim, and a repeat of it must still not send the order a second time.
 */
describe('sending an order once with an Idempotency-Key, against a slow mail server (integration)', () => {
  let database: TestDatabase;
  let smtp: SmtpSink;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });

  it('a repeat past the stale age while the first send is still talking to the server sends nothing', async () => {
    const { user } = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, user.id);
    const order = await createOrder(database.db, user.id, parsedOrder(customer.id), new Date());
    // The production limits per step; each answer comes well within them.
    const deps = {
      db: database.db,
      config: testConfig(),
      mailer: createSmtpMailer(smtp.url, 'App <no-reply@app.test>', log),
      printer: testPrinter(),
      log,
      now: () => new Date(),
    };
    const payload = sendEmailInput.parse({
      recipient: 'inkoop@klant.nl',
      subject: 'Order {{order.orderNumber}}',
      message: '<p>Hierbij.</p>',
      includePdf: false,
    });
    const timing = { staleMs: 1_000, heartbeatMs: 50, pollMs: 20, waitMs: 20_000 };
    const ctx = { tenant: { organizationId: user.id }, idempotencyKey: 'slow-send-1', now: deps.now };
    const send = () =>
      runIdempotent(
        database.db,
        idempotentCall(ctx, 'orders.sendEmail', { id: order.id, ...payload }),
        async () => sendOrderEmail(deps, (await findCompany(database.db, user.id))!, order.id, payload),
        timing,
      );

    // Four slow answers: the conversation lasts well past the stale age.
    smtp.replyDelayMs = 600;
    const before = smtp.connections;
    const first = send();
    // The first send is under way at the mail server; the repeat comes after the stale age.
    await expect.poll(() => smtp.connections, { timeout: 10_000 }).toBe(before + 1);
    await sleep(timing.staleMs * 1.2);
    const repeat = send();
    const [a, b] = await Promise.all([first, repeat]);

    expect(b).toEqual(a);
    expect(smtp.connections).toBe(before + 1);
    expect(smtp.received).toHaveLength(1);
    expect(await database.db.$count(orderEmails, eq(orderEmails.orderId, order.id))).toBe(1);
    const [row] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.status).toBe('sent');
  });
});
