import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { createMailer, MAIL_FAILED_MESSAGE, sendOrFail } from './mailer';

const log = pino({ level: 'silent' });
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const message = {
  to: 'klant@voorbeeld.nl',
  cc: 'kopie@voorbeeld.nl',
  subject: 'Inkooporder INK-2030-1001',
  html: '<p>Zie bijlage. <a href="https://app.nl/x">link</a></p>',
  text: 'Zie bijlage. https://app.nl/x',
  attachments: [
    { filename: 'order.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' },
  ],
};

describe('the outbox mailer (no SMTP_URL)', () => {
  it('stores the whole raw MIME message, attachments included, and its parts', async () => {
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom: 'Inkooporders <no-reply@localhost>' },
      db: database.db,
      log,
    });
    await mailer.send(message);
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({
      to: message.to,
      cc: message.cc,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    expect(row?.from).toBe('Inkooporders <no-reply@localhost>');
    expect(row?.replyTo).toBeNull();
    expect(row?.raw).toContain('From: Inkooporders <no-reply@localhost>');
    expect(row?.raw).toContain('To: klant@voorbeeld.nl');
    expect(row?.raw).toContain('multipart/mixed');
    expect(row?.raw).toContain('filename=order.pdf');
    expect(row?.raw).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
    expect(row?.attachments).toEqual([
      {
        filename: 'order.pdf',
        contentType: 'application/pdf',
        size: 13,
        contentBase64: Buffer.from('%PDF-1.7 test').toString('base64'),
      },
    ]);
  });
});

describe('a message sent on behalf of a user', () => {
  it("shows the user's company, via the app, as sender over MAIL_FROM's address, and replies go to the user", async () => {
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom: 'Inkooporders <no-reply@localhost>' },
      db: database.db,
      log,
    });
    await mailer.send({ ...message, fromName: 'Bakkerij "De Gouden" Korst', replyTo: 'anna@bakkerij.nl' });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.replyTo, 'anna@bakkerij.nl'));
    expect(row?.from).toBe('"Bakkerij De Gouden Korst via Inkooporders" <no-reply@localhost>');
    expect(row?.raw).toContain('Reply-To: anna@bakkerij.nl');
    expect(row?.raw).toMatch(/^From: Bakkerij De Gouden Korst via Inkooporders <no-reply@localhost>$/m);
  });
});

describe('the SMTP mailer', () => {
  it('rejects when the server cannot be reached, and sendOrFail turns that into a clear 503', async () => {
    const mailer = createMailer({
      config: { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'Inkooporders <no-reply@localhost>' },
      db: database.db,
      log,
    });
    await expect(mailer.send(message)).rejects.toThrow();
    const err = await rejectionOf(sendOrFail(mailer, message, log));
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.message).toBe(MAIL_FAILED_MESSAGE);
    await mailer.close();
  });
});
