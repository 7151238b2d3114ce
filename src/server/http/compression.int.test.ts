import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox } from '../../db/schema';
import { testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, parsedOrder } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { buildApp } from '../app';
import { createOrder } from '../services/orders/orders';
import { storePdf } from '../services/pdf/pdf-files';
import { VALIDATION_MESSAGE } from './error-body';

const decoders = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync } as const;
type Encoding = keyof typeof decoders;

/** The body as the client reads it after undoing the Content-Encoding it was sent with. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'] as Encoding | undefined;
  return encoding ? decoders[encoding](res.rawPayload) : res.rawPayload;
}

/** A "PDF" that would shrink a lot if anything compressed it. */
const fakePdf = Buffer.from(`%PDF-1.7\n${'0 0 0 rg 10 10 100 100 re f\n'.repeat(400)}%%EOF\n`);

describe('compressed answers (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientDir: string;
  let bearer: { authorization: string };
  let pdfFilename: string;
  let mailId: string;
  /** A hashed asset big enough to compress, with build-time .br/.gz beside it, and one without. */
  const script = `export const regels = [${Array.from({ length: 200 }, (_, i) => `'regel ${i}'`).join(', ')}];\n`;
  const precompressed = { br: Buffer.from('pretend brotli'), gz: Buffer.from('pretend gzip') };

  beforeAll(async () => {
    database = await openTestDatabase();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkoop-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Inkooporders</title>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-a1b2c3.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'vendor-d4e5f6.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'vendor-d4e5f6.js.br'), precompressed.br);
    fs.writeFileSync(path.join(clientDir, 'assets', 'vendor-d4e5f6.js.gz'), precompressed.gz);
    app = await buildApp({ deps: testDeps(database.db, createCapturingMailer()), clientDir });

    const { user, token } = await createSignedInUser(database.db);
    bearer = { authorization: `Bearer ${token}` };
    const customer = await insertCustomer(database.db, user.id);
    // Above 64 KB of customers: the compressor streams a body that large whatever the core count,
    // where trpc-to-openapi's handler once lost it (see app.ts).
    await database.db.insert(customers).values(
      Array.from({ length: 220 }, (_, i) => ({
        organizationId: user.id,
        name: `Klant ${i}`,
        company: `Bedrijf ${i} B.V.`,
        email: `klant${i}@voorbeeld.nl`,
      })),
    );
    let orderId = '';
    for (let i = 0; i < 12; i++)
      orderId = (await createOrder(database.db, user.id, parsedOrder(customer.id), new Date())).id;
    const pdf = await storePdf(
      database.db,
      {
        organizationId: user.id,
        orderId,
        orderNumber: 'INK-2026-1001',
        htmlHash: 'hash',
        content: fakePdf,
      },
      new Date(),
    );
    pdfFilename = pdf.filename;
    const attachment = (filename: string, contentType: string, content: Buffer) => ({
      filename,
      contentType,
      size: content.length,
      contentBase64: content.toString('base64'),
    });
    const [mail] = await database.db
      .insert(outbox)
      .values({
        to: 'klant@voorbeeld.nl',
        subject: 'Order INK-2026-1001',
        raw: 'Subject: Order INK-2026-1001\r\n\r\nZie bijlage.',
        attachments: [
          attachment('INK-2026-1001.pdf', 'application/pdf', fakePdf),
          attachment('gegevens.bin', 'application/octet-stream', fakePdf),
          attachment('notities.txt', 'text/plain', Buffer.from('notitie\n'.repeat(500))),
        ],
      })
      .returning({ id: outbox.id });
    mailId = mail!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it.each(['gzip', 'br'] as const)('compresses large API answers with %s when asked', async (encoding) => {
    for (const url of ['/api/customers', '/trpc/orders.list', '/api/openapi.json']) {
      const plain = await get(url, bearer);
      const packed = await get(url, { ...bearer, 'accept-encoding': `${encoding}, deflate` });
      expect(packed.statusCode, url).toBe(plain.statusCode);
      if (plain.rawPayload.length < 1024) continue;
      expect(packed.headers['content-encoding'], url).toBe(encoding);
      expect(packed.headers.vary, url).toContain('accept-encoding');
      expect(packed.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      expect(decoded(packed).equals(plain.rawPayload), url).toBe(true);
      expect(packed.headers['cache-control'], url).toBe('no-store');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
    }
    // The answers are large enough that the assertions above ran for them.
    expect((await get('/trpc/orders.list', bearer)).rawPayload.length).toBeGreaterThan(8 * 1024);
    expect((await get('/api/customers', bearer)).rawPayload.length).toBeGreaterThan(64 * 1024);
  });

  it('prefers brotli when the client takes both, as browsers do', async () => {
    const res = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers alone: the health check, a small tRPC answer, a 401', async () => {
    for (const url of ['/api/health', '/trpc/system.health', '/api/auth/profile']) {
      const plain = await get(url);
      const asked = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(asked.headers['content-encoding'], url).toBeUndefined();
      expect(asked.statusCode, url).toBe(plain.statusCode);
      expect(asked.body, url).toBe(plain.body);
      expect(asked.headers['content-type'], url).toBe(plain.headers['content-type']);
    }
    expect((await get('/api/health', { 'accept-encoding': 'br' })).json()).toEqual({ status: 'ok' });
  });

  it('compresses the REST error body that replaced trpc-to-openapi’s, not the one it replaced', async () => {
    const items = Array.from({ length: 60 }, () => ({ description: '', quantity: 'veel', price: 'gratis' }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer, 'accept-encoding': 'gzip' },
      payload: { customer: 'x', items },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(decoded(res).toString('utf8'));
    expect(body).toMatchObject({ message: VALIDATION_MESSAGE, code: 'BAD_REQUEST' });
    expect(Object.keys(body.details).length).toBeGreaterThan(60);
    expect(JSON.stringify(body)).not.toContain('issues');
  });

  it('serves a hashed script compressed, with its immutable cache header', async () => {
    for (const encoding of ['gzip', 'br'] as const) {
      const res = await get('/assets/index-a1b2c3.js', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decoded(res).toString('utf8')).toBe(script);
    }
    const plain = await get('/assets/index-a1b2c3.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the build’s own .br and .gz files when they are there, as they are', async () => {
    const br = await get('/assets/vendor-d4e5f6.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(precompressed.br)).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/assets/vendor-d4e5f6.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(precompressed.gz)).toBe(true);
    expect((await get('/assets/vendor-d4e5f6.js')).body).toBe(script);
    // The compressed copies are no addresses of their own.
    expect((await get('/assets/vendor-d4e5f6.js.br')).statusCode).toBe(404);
  });

  it('never compresses a PDF download (compressed already) and sends it byte for byte', async () => {
    for (const encoding of ['gzip', 'br']) {
      const res = await get(`/api/pdf/download/${pdfFilename}`, { ...bearer, 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(fakePdf.length));
      expect(res.rawPayload.equals(fakePdf)).toBe(true);
    }
  });

  it('sends outbox attachments intact: PDFs and unknown binaries as they are, text compressed', async () => {
    const attachment = (n: number) =>
      get(`/dev/mail/${mailId}/attachments/${n}`, { 'accept-encoding': 'br, gzip' });
    for (const n of [0, 1]) {
      const res = await attachment(n);
      expect(res.headers['content-encoding'], String(n)).toBeUndefined();
      expect(res.rawPayload.equals(fakePdf), String(n)).toBe(true);
    }
    const text = await attachment(2);
    expect(text.headers['content-encoding']).toBe('br');
    expect(decoded(text).toString('utf8')).toBe('notitie\n'.repeat(500));
  });
});
