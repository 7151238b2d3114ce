import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfLinkTokens } from '../../db/schema';
import { createTestClock, MINUTE_MS } from '../../test/clock';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { hashToken } from '../services/auth/session-tokens';
import { pdfMessages } from '../services/pdf/messages';
import { documentHash, storePdf } from '../services/pdf/pdf-files';
import { createPdfLink, deleteExpiredPdfLinks, PDF_LINK_TTL_MS } from '../services/pdf/pdf-links';
import { pdfLinkUrl } from './pdf-download';

/**
 * The app's own download links: a short-lived token that opens one stored file and nothing else,
 * beside the spec's `?token=<session token>`, which keeps working for API clients.
 */
describe('GET /api/pdf/download/{filename} with a link token (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = createTestClock(Date.now());

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer(), undefined, clock.now));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A signed-in user with a stored file (no printing needed: the route serves what is stored). */
  async function userWithFile(label: string) {
    const { user, token } = await createSignedInUser(database.db);
    const headers = { authorization: `Bearer ${token}` };
    const customer = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers,
      payload: { name: 'Petra Jansen', company: 'Jansen Bouw B.V.', email: 'petra@jansenbouw.nl' },
    });
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderPayload(customer.json()._id),
    });
    const { _id: orderId, orderNumber } = order.json() as { _id: string; orderNumber: string };
    const content = Buffer.from(`%PDF-1.7 ${label}`);
    const file = await storePdf(
      database.db,
      {
        organizationId: user.id,
        orderId,
        orderNumber,
        htmlHash: documentHash(label),
        content,
      },
      clock.now(),
    );
    return { user, token, headers, file, content };
  }

  const get = (url: string, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
    app.inject({ method: 'GET', url, ...opts });

  it('opens the one file it was made for, without any other credential', async () => {
    const { file, content } = await userWithFile('eigen');
    const link = await createPdfLink(database.db, file.id, clock.now());
    expect(link).toMatch(/^dl_[a-z2-7]{32}$/);
    const res = await get(pdfLinkUrl(file.filename, link));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(content)).toBe(true);
    // Only its hash is stored.
    const [row] = await database.db.select().from(pdfLinkTokens).where(eq(pdfLinkTokens.pdfFileId, file.id));
    expect(row?.tokenHash).toBe(hashToken(link));
  });

  it('opens no other file: not its owner’s next one, not another user’s, also with a session beside it', async () => {
    const first = await userWithFile('eerste');
    const { file: second } = await userWithFile('tweede');
    const link = await createPdfLink(database.db, first.file.id, clock.now());
    for (const res of [
      await get(pdfLinkUrl(second.filename, link)),
      // The link decides alone: the owner's own session does not open another file through it.
      await get(pdfLinkUrl(second.filename, link), { headers: first.headers }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: pdfMessages.fileNotFound, code: 'NOT_FOUND' });
    }
    // A link for a name the download never hands out is refused before the database is asked.
    expect((await get(pdfLinkUrl(`../${first.file.filename}`, link))).statusCode).toBe(404);
    // A made-up link token opens nothing either.
    expect((await get(pdfLinkUrl(first.file.filename, `dl_${'a'.repeat(32)}`))).statusCode).toBe(404);
  });

  it('stops working when it expires (the server’s clock), and is pruned', async () => {
    const { file } = await userWithFile('verloopt');
    const link = await createPdfLink(database.db, file.id, clock.now());
    clock.advance(PDF_LINK_TTL_MS - MINUTE_MS);
    expect((await get(pdfLinkUrl(file.filename, link))).statusCode).toBe(200);
    clock.advance(MINUTE_MS);
    const expired = await get(pdfLinkUrl(file.filename, link));
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: pdfMessages.fileNotFound, code: 'NOT_FOUND' });

    expect(await deleteExpiredPdfLinks(database.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(
      await database.db
        .select()
        .from(pdfLinkTokens)
        .where(eq(pdfLinkTokens.tokenHash, hashToken(link))),
    ).toEqual([]);
  });

  it('is no session: refused as a bearer token, a cookie or on tRPC, also on the download itself', async () => {
    const { file } = await userWithFile('geen-sessie');
    const link = await createPdfLink(database.db, file.id, clock.now());
    const asBearer = { headers: { authorization: `Bearer ${link}` } };
    const asCookie = { cookies: { session: link } };
    for (const url of ['/api/auth/profile', '/api/orders', '/trpc/auth.profile']) {
      for (const opts of [asBearer, asCookie]) {
        const res = await get(url, opts);
        expect(res.statusCode, url).toBe(401);
      }
    }
    // On the download only as the link it is, in the URL of its own file.
    expect((await get(`/api/pdf/download/${file.filename}`, asBearer)).statusCode).toBe(401);
    expect((await get(`/api/pdf/download/${file.filename}`, asCookie)).statusCode).toBe(401);
    expect((await get(pdfLinkUrl(file.filename, link))).statusCode).toBe(200);
  });

  it('still takes the session token as ?token= (spec §7), in any spelling URLSearchParams reads', async () => {
    const { token, file } = await userWithFile('sessie');
    for (const name of ['token', '%74oken']) {
      const res = await get(`/api/pdf/download/${file.filename}?${name}=${token}`);
      expect(res.statusCode, name).toBe(200);
    }
  });
});
