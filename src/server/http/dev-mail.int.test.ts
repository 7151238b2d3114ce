import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { createMailer } from '../services/mail/mailer';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  const mailer = createMailer({ config, db: database.db, log: pino({ level: 'silent' }) });
  app = await buildTestApp(testDeps(database.db, mailer, config));
  await mailer.send({
    to: 'eerste@voorbeeld.nl',
    subject: 'Eerste',
    html: '<p>Een</p>',
    text: 'Een',
  });
  await new Promise((r) => setTimeout(r, 5));
  await mailer.send({
    to: 'tweede@voorbeeld.nl',
    subject: 'Tweede <b>vet</b>',
    html: '<p>Klik <a href="https://app.nl/verify-email/abc">hier</a></p><script>alert(1)</script>',
    text: 'Klik https://app.nl/verify-email/abc',
    attachments: [
      { filename: 'order 1.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' },
    ],
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Listed = {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  text: string;
  html: string;
  links: string[];
};

describe('/dev/mail (outbox mode)', () => {
  it('/dev/mail.json lists messages newest first with text, html and links', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    const list: Listed[] = res.json();
    expect(list.map((m) => m.to)).toEqual(['tweede@voorbeeld.nl', 'eerste@voorbeeld.nl']);
    expect(list[0]).toMatchObject({
      subject: 'Tweede <b>vet</b>',
      links: ['https://app.nl/verify-email/abc'],
    });
    expect(typeof list[0]?.createdAt).toBe('string');
    const filtered: Listed[] = (await app.inject({ method: 'GET', url: '/dev/mail.json?to=eerste@' })).json();
    expect(filtered.map((m) => m.subject)).toEqual(['Eerste']);
  });

  it('/dev/mail lists to, subject and time, escaped', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('tweede@voorbeeld.nl');
    expect(res.body).toContain('Tweede &lt;b&gt;vet&lt;/b&gt;');
    expect(res.body.indexOf('tweede@')).toBeLessThan(res.body.indexOf('eerste@'));
  });

  it('/dev/mail/:id shows the HTML in a sandboxed iframe without scripts, the text, links and attachments', async () => {
    const [msg] = (await app.inject({ method: 'GET', url: '/dev/mail.json' })).json() as Listed[];
    const res = await app.inject({ method: 'GET', url: `/dev/mail/${msg?.id}` });
    expect(res.statusCode).toBe(200);
    const iframe = res.body.match(/<iframe[^>]*>/)?.[0] ?? '';
    expect(iframe).toMatch(/sandbox="[^"]*"/);
    expect(iframe).not.toContain('allow-scripts');
    expect(iframe).not.toContain('allow-same-origin');
    expect(iframe).toContain('srcdoc="');
    // The mail's markup only exists escaped inside srcdoc, never as live markup of this page.
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('Klik https://app.nl/verify-email/abc');
    expect(res.body).toContain('href="https://app.nl/verify-email/abc"');
    expect(res.body).toContain(`/dev/mail/${msg?.id}/attachments/0`);

    const file = await app.inject({ method: 'GET', url: `/dev/mail/${msg?.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="order 1.pdf"');
    expect(file.rawPayload.toString()).toBe('%PDF-1.7');

    const raw = await app.inject({ method: 'GET', url: `/dev/mail/${msg?.id}/raw` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('Content-Type: multipart/mixed');
  });

  it('unknown messages and attachments are 404', async () => {
    const [msg] = (await app.inject({ method: 'GET', url: '/dev/mail.json' })).json() as Listed[];
    for (const url of [
      '/dev/mail/00000000-0000-0000-0000-000000000000',
      '/dev/mail/niet-een-id',
      `/dev/mail/${msg?.id}/attachments/5`,
      `/dev/mail/${msg?.id}/attachments/x`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('/dev/mail with SMTP_URL set', () => {
  it('answers 404 on every route', async () => {
    const config = testConfig({ smtpUrl: 'smtp://127.0.0.1:2525' });
    const smtpApp = await buildTestApp(testDeps(database.db, createCapturingMailer(), config));
    try {
      const [msg] = (await app.inject({ method: 'GET', url: '/dev/mail.json' })).json() as Listed[];
      for (const url of [
        '/dev/mail',
        '/dev/mail.json',
        `/dev/mail/${msg?.id}`,
        `/dev/mail/${msg?.id}/attachments/0`,
      ]) {
        expect((await smtpApp.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await smtpApp.close();
    }
  });
});
