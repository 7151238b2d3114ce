import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFiles, pdfLinkTokens } from '../../db/schema';
import { formatEuro } from '../../shared/format';
import { buildTestApp, testDeps, testPrinter } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { orderPayload } from '../../test/orders-fixtures';
import { pdfInfo, pdfRawText, pdfText } from '../../test/pdf-text';
import { createSignedInUser } from '../../test/users';
import { AppError } from '../errors';
import { hashToken } from '../services/auth/session-tokens';
import { sweepExpired } from '../services/housekeeping';
import { pdfMessages } from '../services/pdf/messages';
import { PDF_FILE_TTL_MS } from '../services/pdf/pdf-files';
import { createPdfLink, PDF_LINK_TTL_MS } from '../services/pdf/pdf-links';
import type { Printer } from '../services/pdf/printer';

type Auth = { token: string; userId: string; headers: { authorization: string } };
type Order = { _id: string; orderNumber: string; total: number; vat: number };

/** Whitespace as one plain space: pdftotext's layout and the NBSP of formatEuro aside. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('GET /api/pdf/orders/{id} and GET /api/pdf/download/{filename} (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let prints = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const real = testPrinter();
    const counting: Printer = {
      ...real,
      print: (job) => {
        prints++;
        return real.print(job);
      },
    };
    app = await buildTestApp({ ...testDeps(database.db, createCapturingMailer()), printer: counting });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const newUser = async (): Promise<Auth> => {
    const { user, token } = await createSignedInUser(database.db);
    return { token, userId: user.id, headers: { authorization: `Bearer ${token}` } };
  };

  const call = (auth: Auth, method: InjectOptions['method'], url: string, payload?: object) =>
    app.inject({ method, url, headers: auth.headers, ...(payload ? { payload } : {}) });

  const newCustomer = async (auth: Auth, fields: Record<string, unknown> = {}): Promise<string> => {
    const res = await call(auth, 'POST', '/api/customers', {
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      email: 'petra@jansenbouw.nl',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { _id: string })._id;
  };

  const newOrder = async (auth: Auth, customer: string, overrides = {}): Promise<Order> => {
    const res = await call(auth, 'POST', '/api/orders', orderPayload(customer, overrides));
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as Order;
  };

  const generate = (auth: Auth, orderId: string) => call(auth, 'GET', `/api/pdf/orders/${orderId}`);

  const filenameOf = async (auth: Auth, orderId: string): Promise<string> => {
    const res = await generate(auth, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; filename: string };
    expect(body.success).toBe(true);
    return body.filename;
  };

  const download = (filename: string, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
    app.inject({ method: 'GET', url: `/api/pdf/download/${filename}`, ...opts });

  /** The PDF of the order, made and downloaded with the bearer token. */
  const pdfOf = async (auth: Auth, orderId: string): Promise<Buffer> => {
    const res = await download(await filenameOf(auth, orderId), { headers: auth.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it('makes the PDF of an order: number, customer, every line and the total the API gives, as a download', async () => {
    const auth = await newUser();
    const order = await newOrder(auth, await newCustomer(auth));
    const filename = await filenameOf(auth, order._id);
    expect(filename).toMatch(new RegExp(`^${order.orderNumber}-[a-z2-7]{32}\\.pdf$`));

    const res = await download(filename, { headers: auth.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.orderNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A good PDF citizen: a one-page order stays small, fonts (subset) included.
    expect(res.rawPayload.length).toBeLessThan(150 * 1024);

    const text = flat(await pdfText(res.rawPayload));
    const fromApi = (await call(auth, 'GET', `/api/orders/${order._id}`)).json() as Order;
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Jansen Bouw B.V.');
    for (const line of ['Bureaustoel', 'Montage', 'Handboek']) expect(text).toContain(line);
    expect(fromApi.total).toBe(849.7);
    expect(text).toContain(flat(`Totaal ${formatEuro(Math.round(fromApi.total * 100))}`));
    const info = await pdfInfo(res.rawPayload);
    expect(info.Title).toBe(order.orderNumber);
    expect(info.Author).toBe('De Vries Installatietechniek');
    expect(info.Subject).toBe('Inkooporder');
    expect(info.Tagged).toBe('yes');
  });

  it('prints a reverse-charged order with "Verlegd", the customer’s BTW number and no VAT amount', async () => {
    const auth = await newUser();
    const customer = await newCustomer(auth, { btwNumber: 'NL004495445B01' });
    const order = await newOrder(auth, customer, { btwVerlegd: true });
    expect(order.vat).toBe(0);
    const text = flat(await pdfText(await pdfOf(auth, order._id)));
    expect(text).toContain('Verlegd');
    expect(text).toContain('NL004495445B01');
    // 21 % of 690,97 and 9 % of 12,50: neither is on the document.
    expect(text).not.toContain('145,10');
    expect(text).not.toContain('1,13');
    expect(text).toContain(flat(`Totaal ${formatEuro(70_347)}`));
  });

  it('prints 120 lines on several pages, each with "Pagina x van y"', async () => {
    const auth = await newUser();
    const items = Array.from({ length: 120 }, (_, i) => ({
      description: `Artikel ${i + 1}`,
      quantity: (i % 5) + 1,
      unit: 'stuk',
      price: 10 + i,
      vat: 21,
    }));
    const order = await newOrder(auth, await newCustomer(auth), { items });
    const pdf = await pdfOf(auth, order._id);
    const pages = Number((await pdfInfo(pdf)).Pages);
    expect(pages).toBeGreaterThan(1);
    const texts = (await pdfText(pdf)).split('\f').filter((p) => p.trim());
    expect(texts).toHaveLength(pages);
    for (const [i, page] of texts.entries()) expect(flat(page)).toContain(`Pagina ${i + 1} van ${pages}`);
    const all = flat(texts.join(' '));
    for (const n of [1, 60, 120]) expect(all).toContain(`Artikel ${n} `);
  });

  it('keeps another user out: 404 on making the PDF and on downloading the file', async () => {
    const owner = await newUser();
    const other = await newUser();
    const order = await newOrder(owner, await newCustomer(owner));
    const filename = await filenameOf(owner, order._id);

    const made = await generate(other, order._id);
    expect(made.statusCode).toBe(404);
    const fetched = await download(filename, { headers: other.headers });
    expect(fetched.statusCode).toBe(404);
    expect(fetched.json()).toEqual({ message: pdfMessages.fileNotFound, code: 'NOT_FOUND' });
    expect((await generate(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('downloads with the bearer header, the session cookie or ?token=, and answers 401 without any', async () => {
    const auth = await newUser();
    const filename = await filenameOf(auth, (await newOrder(auth, await newCustomer(auth)))._id);

    const none = await download(filename);
    expect(none.statusCode).toBe(401);
    expect((none.json() as { code: string }).code).toBe('UNAUTHORIZED');
    expect((await download(filename, { query: { token: 'onzin' } })).statusCode).toBe(401);
    expect((await download(filename, { headers: auth.headers })).statusCode).toBe(200);
    expect((await download(filename, { cookies: { session: auth.token } })).statusCode).toBe(200);
    expect((await download(filename, { query: { token: auth.token } })).statusCode).toBe(200);
    // Making a PDF is an ordinary call: no token in the URL there.
    const order = await newOrder(auth, await newCustomer(auth));
    const viaQuery = await app.inject({
      method: 'GET',
      url: `/api/pdf/orders/${order._id}?token=${auth.token}`,
    });
    expect(viaQuery.statusCode).toBe(401);
  });

  it('gives the app a link (tRPC pdf.orderLink) that downloads the order’s PDF without a session token', async () => {
    const auth = await newUser();
    const order = await newOrder(auth, await newCustomer(auth));
    const input = encodeURIComponent(JSON.stringify({ id: order._id }));
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/pdf.orderLink?input=${input}`,
      headers: auth.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { filename, url } = (res.json() as { result: { data: { filename: string; url: string } } }).result
      .data;
    expect(filename).toBe(await filenameOf(auth, order._id)); // the same stored file as pdf.order's
    expect(url).toMatch(new RegExp(`^/api/pdf/download/${filename}\\?token=dl_[a-z2-7]{32}$`));
    expect(url).not.toContain(auth.token);
    const file = await app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${order.orderNumber}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves expired download links to the scheduled clean-up, which removes them and keeps live ones', async () => {
    const auth = await newUser();
    const customer = await newCustomer(auth);
    const order = await newOrder(auth, customer);
    const [file] = await database.db
      .select()
      .from(pdfFiles)
      .where(eq(pdfFiles.filename, await filenameOf(auth, order._id)));
    const link = await createPdfLink(database.db, file!.id, new Date(Date.now() - PDF_LINK_TTL_MS - 1000));
    const live = await createPdfLink(database.db, file!.id, new Date());
    const edited = await call(
      auth,
      'PUT',
      `/api/orders/${order._id}`,
      orderPayload(customer, { project: 'Ander project' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await filenameOf(auth, order._id); // a new document: printed and stored, and nothing swept on the way
    const linksOf = () =>
      database.db.select().from(pdfLinkTokens).where(eq(pdfLinkTokens.pdfFileId, file!.id));
    expect(await linksOf()).toHaveLength(2);
    await sweepExpired(database.db, new Date());
    const left = await linksOf();
    expect(left.map((row) => row.tokenHash)).toEqual([hashToken(live)]);
    expect(left.map((row) => row.tokenHash)).not.toContain(hashToken(link));
  });

  it('lists the download in the OpenAPI document beside GET /pdf/orders/{id}', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    expect(doc.paths['/pdf/orders/{id}']?.get).toBeDefined();
    const downloadOp = doc.paths['/pdf/download/{filename}']?.get;
    expect(downloadOp?.parameters?.map((p) => p.name)).toEqual(['filename', 'token']);
  });

  it('answers 404 for names that are not a stored file: paths, encoded traversal, backslashes', async () => {
    const auth = await newUser();
    const filename = await filenameOf(auth, (await newOrder(auth, await newCustomer(auth)))._id);
    const hostile = [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `%2E%2E%2F${filename}`,
      '..%5C..%5Cwindows%5Cwin.ini',
      `..%5C${filename}`,
      `${filename}%00.pdf`,
      `${filename.slice(0, -4)}.PDF`,
      filename.replace(/-([a-z2-7]{32})\.pdf$/, (_, t: string) => `-${t.toUpperCase()}.pdf`),
      `${filename.replace(/-[a-z2-7]{32}\.pdf$/, '')}-${'a'.repeat(32)}.pdf`,
      'x'.repeat(300),
    ];
    for (const name of hostile) {
      const res = await download(name, { headers: auth.headers });
      expect(res.statusCode, name).toBe(404);
      expect((res.json() as { code: string }).code, name).toBe('NOT_FOUND');
    }
    for (const url of ['/api/pdf/download/../../etc/passwd', '/api/pdf/download/..%2f../etc/passwd']) {
      const res = await app.inject({ method: 'GET', url, headers: auth.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toBe('application/pdf');
    }
  });

  it('prints a document asked for three times at once only once', async () => {
    const auth = await newUser();
    const customer = await newCustomer(auth);
    const order = await newOrder(auth, customer);
    const before = prints;
    const names = await Promise.all([1, 2, 3].map(() => filenameOf(auth, order._id)));
    expect(prints).toBe(before + 1);
    expect(new Set(names).size).toBe(1);
    expect((await download(names[0]!, { headers: auth.headers })).statusCode).toBe(200);
  });

  it('hands out the same file while nothing changed, and a new one after the order or the settings change', async () => {
    const auth = await newUser();
    const customer = await newCustomer(auth);
    const order = await newOrder(auth, customer);
    const before = prints;
    const first = await filenameOf(auth, order._id);
    expect(prints).toBe(before + 1);
    expect(await filenameOf(auth, order._id)).toBe(first);
    expect(prints).toBe(before + 1);

    const edited = await call(
      auth,
      'PUT',
      `/api/orders/${order._id}`,
      orderPayload(customer, { project: 'Verbouwing kantine' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await filenameOf(auth, order._id);
    expect(afterEdit).not.toBe(first);
    expect(prints).toBe(before + 2);
    expect(flat(await pdfText((await download(afterEdit, { headers: auth.headers })).rawPayload))).toContain(
      'Verbouwing kantine',
    );

    const settings = await call(auth, 'PUT', '/api/auth/pdf-settings', { template: 'modern' });
    expect(settings.statusCode).toBe(200);
    const afterSettings = await filenameOf(auth, order._id);
    expect(afterSettings).not.toBe(afterEdit);
    expect(prints).toBe(before + 3);
    // The earlier files stay downloadable for their day.
    expect((await download(first, { headers: auth.headers })).statusCode).toBe(200);
  });

  it('forgets a file after a day: the download is 404, the next PDF is printed anew, the clean-up removes the old row', async () => {
    const auth = await newUser();
    const order = await newOrder(auth, await newCustomer(auth));
    const old = await filenameOf(auth, order._id);
    const dayAgo = new Date(Date.now() - PDF_FILE_TTL_MS - 1000);
    await database.db.update(pdfFiles).set({ createdAt: dayAgo }).where(eq(pdfFiles.filename, old));

    const expired = await download(old, { headers: auth.headers });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: pdfMessages.fileNotFound, code: 'NOT_FOUND' });

    const before = prints;
    const fresh = await filenameOf(auth, order._id);
    expect(fresh).not.toBe(old);
    expect(prints).toBe(before + 1);
    await sweepExpired(database.db, new Date());
    const rows = await database.db.select().from(pdfFiles).where(eq(pdfFiles.organizationId, auth.userId));
    expect(rows.map((r) => r.filename)).toEqual([fresh]);
  });

  it('prints an order whose customer was deleted, from the order’s snapshot', async () => {
    const auth = await newUser();
    const customer = await newCustomer(auth, { company: 'Verdwenen Klant B.V.' });
    const order = await newOrder(auth, customer);
    expect((await call(auth, 'DELETE', `/api/customers/${customer}`)).statusCode).toBe(200);
    expect(flat(await pdfText(await pdfOf(auth, order._id)))).toContain('Verdwenen Klant B.V.');
  });

  describe('hostile content', () => {
    let canary: http.Server;
    let port = 0;
    const hits: string[] = [];

    beforeAll(async () => {
      canary = http.createServer((req, res) => {
        hits.push(req.url ?? '');
        res.end('');
      });
      await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
      port = (canary.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

    it('prints markup in every field as text: the renderer fetches nothing and reads no file', async () => {
      const u = `http://127.0.0.1:${port}`;
      const payloads = [
        `<img src=${u}/canary>`,
        '<iframe src=file:///etc/passwd></iframe>',
        `<link rel=stylesheet href=${u}/x.css>`,
        `<style>@import url(${u}/i.css);</style>`,
        `<meta http-equiv=refresh content="0;url=${u}/r">`,
        `<script>fetch('${u}/js')</script>`,
        `<object data=${u}/o></object>`,
        `<svg><image href=${u}/s.png /></svg>`,
      ];
      const auth = await newUser();
      // Each field the document shows gets its own label, so the text proves every one was printed.
      const fields = {
        company: `Klant ${payloads[7]}`,
        contactPerson: `Contact ${payloads[4]}`,
        address: `Adres ${payloads[2]}`,
        project: `Project ${payloads[3]}`,
        reference: `Ref ${payloads[1]}`,
        footerNotes: payloads.map((p) => `Voet ${p}`).join('\n'),
      };
      const customer = await newCustomer(auth, {
        name: payloads[0],
        company: fields.company,
        contactPerson: fields.contactPerson,
        address: fields.address,
      });
      const order = await newOrder(auth, customer, {
        project: fields.project,
        reference: fields.reference,
        items: payloads.map((p, i) => ({
          description: p,
          quantity: 1,
          unit: 'stuk',
          price: 10 + i,
          vat: 21,
        })),
      });
      const notes = await call(auth, 'PUT', '/api/auth/pdf-settings', { footerNotes: fields.footerNotes });
      expect(notes.statusCode, notes.body).toBe(200);

      const pdf = await pdfOf(auth, order._id);
      const text = flat(await pdfText(pdf));
      expect(hits).toEqual([]);
      expect(text).not.toContain('root:x:0:0');
      for (const p of payloads) expect(text).toContain(flat(p));
      // Reading order keeps the header's side-by-side blocks apart; a cell may break a long word.
      const squeeze = (t: string) => t.replace(/\s+/g, '');
      const raw = squeeze(await pdfRawText(pdf));
      for (const value of Object.values(fields)) {
        for (const line of value.split('\n')) expect(raw).toContain(squeeze(line));
      }
    });
  });

  it('answers 503 with the Dutch message when the printer fails, and stores nothing', async () => {
    const failing: Printer = {
      ...testPrinter(),
      print: async () => {
        throw new AppError('SERVICE_UNAVAILABLE', pdfMessages.failed);
      },
    };
    const broken = await buildTestApp({
      ...testDeps(database.db, createCapturingMailer()),
      printer: failing,
    });
    try {
      const auth = await newUser();
      const order = await newOrder(auth, await newCustomer(auth));
      const res = await broken.inject({
        method: 'GET',
        url: `/api/pdf/orders/${order._id}`,
        headers: auth.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: pdfMessages.failed, code: 'SERVICE_UNAVAILABLE' });
      expect(
        await database.db.select().from(pdfFiles).where(eq(pdfFiles.organizationId, auth.userId)),
      ).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
