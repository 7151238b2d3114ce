import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEmailInput } from '../../../shared/schemas/email-template';
import { testConfig, testPrinter } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { solidImage } from '../../../test/logo-images';
import { parseMail } from '../../../test/mime';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createSignedInUser } from '../../../test/users';
import { saveLogo } from '../logo/logos';
import { createOrder } from '../orders/orders';
import { sendOrderEmail } from '../orders/send-order-email';
import { findCompany } from '../organizations/company';
import { LOGO_CID } from './mail-logo';
import { createSmtpMailer } from './mailer';

const log = pino({ level: 'silent' });

/** The company logo in the order mail, as the SMTP server receives the message. */
describe('the logo in an order mail (integration)', () => {
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

  async function sendOne(userId: string, user: Awaited<ReturnType<typeof createSignedInUser>>['user']) {
    const customer = await insertCustomer(database.db, userId);
    const order = await createOrder(database.db, userId, parsedOrder(customer.id), new Date());
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
      message: '<p>Hierbij onze order.</p>',
      includePdf: false,
    });
    const before = smtp.received.length;
    await sendOrderEmail(deps, (await findCompany(database.db, user.id))!, order.id, payload);
    return parseMail(smtp.received[before]!.raw);
  }

  it('shows the logo in the header from an inline part named by its Content-ID, at mail size', async () => {
    const { user } = await createSignedInUser(database.db);
    await saveLogo(
      database.db,
      user.id,
      { content: await solidImage(800, 200, 'png'), contentType: 'image/png' },
      new Date(),
    );
    const mail = await sendOne(user.id, user);

    expect(mail.html).toMatch(new RegExp(`<img[^>]+src="cid:${LOGO_CID}"`));
    expect(mail.html).toMatch(/<img[^>]+width="192"[^>]+height="48"|<img[^>]+height="48"[^>]+width="192"/);
    const inline = mail.parts.find((p) => p.headers['content-id'] === `<${LOGO_CID}>`);
    expect(inline?.contentType).toBe('image/png');
    expect(inline?.headers['content-disposition']).toMatch(/^inline/);
    expect((await sharp(inline!.content).metadata()).width).toBe(800);
    // Not one of the attachments a reader sees in the list.
    expect(mail.attachments).toEqual([]);
  });

  it('has no logo part and no image without a logo', async () => {
    const { user } = await createSignedInUser(database.db);
    const mail = await sendOne(user.id, user);
    expect(mail.html).not.toContain('cid:');
    expect(mail.parts.some((p) => p.contentType.startsWith('image/'))).toBe(false);
  });
});
