import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_PDF_MARK } from '../../shared/schemas/approval';
import type { OrderInput } from '../../shared/schemas/order';
import { setApprovalRule } from '../../test/approvals';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { pdfText } from '../../test/pdf-text';
import { addSignedInMember, createSignedInUser } from '../../test/users';

/**
 * The PDF of an order that may not be sent yet carries 'Concept — wacht op goedkeuring' on every
 * page, so a printout cannot pass for the approved order; approved, or needing no approval, it does not.
 */

let database: TestDatabase;
let app: FastifyInstance;
let owner: { token: string };
let member: { token: string };
let customerId: string;

const flat = (text: string) => text.replace(/\s+/g, ' ');

const call = (who: { token: string }, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}` },
    ...(payload ? { payload } : {}),
  });

async function ok<T>(res: ReturnType<typeof call>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

const newOrder = (overrides: Partial<OrderInput>) =>
  ok<{ _id: string }>(call(member, 'POST', '/api/orders', orderPayload(customerId, overrides)));

/** The order's PDF as GET /pdf/orders/{id} makes it and the download hands it out. */
async function pdfOf(orderId: string): Promise<{ filename: string; pages: string[] }> {
  const { filename } = await ok<{ filename: string }>(call(member, 'GET', `/api/pdf/orders/${orderId}`));
  const file = await call(member, 'GET', `/api/pdf/download/${filename}`);
  expect(file.statusCode).toBe(200);
  const pages = (await pdfText(file.rawPayload)).split('\f').filter((page) => page.trim());
  return { filename, pages: pages.map(flat) };
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
  const o = await createSignedInUser(database.db, { company: 'Drukwerk B.V.' });
  owner = o;
  member = await addSignedInMember(database.db, o.organization.id, 'member', 'Mila Medewerker');
  customerId = (await insertCustomer(database.db, o.organization.id)).id;
  await setApprovalRule(database.db, o.organization.id, { threshold: '1000.00' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the PDF of an order that needs approval', () => {
  it('says so on every page until it is approved; then the same order prints without it', async () => {
    // Enough lines for a second page, above the threshold.
    const items = Array.from({ length: 40 }, (_, n) => ({
      description: `Onderdeel ${n + 1}`,
      quantity: 1,
      unit: 'stuk' as const,
      price: '100.00',
      vat: 21 as const,
    }));
    const order = await newOrder({ items });
    const required = await pdfOf(order._id);
    expect(required.pages.length).toBeGreaterThan(1);
    for (const page of required.pages) expect(page).toContain(APPROVAL_PDF_MARK);

    await ok(call(member, 'POST', `/api/orders/${order._id}/approval/request`, {}));
    expect((await pdfOf(order._id)).pages[0]).toContain(APPROVAL_PDF_MARK);
    await ok(call(owner, 'POST', `/api/orders/${order._id}/approval/reject`, { reason: 'Nee.' }));
    expect((await pdfOf(order._id)).pages[0]).toContain(APPROVAL_PDF_MARK);
    await ok(call(member, 'POST', `/api/orders/${order._id}/approval/request`, {}));
    await ok(call(owner, 'POST', `/api/orders/${order._id}/approval/approve`, {}));

    const approved = await pdfOf(order._id);
    // A file of its own: the marked one stored before is not handed out again.
    expect(approved.filename).not.toBe(required.filename);
    for (const page of approved.pages) {
      expect(page).not.toContain(APPROVAL_PDF_MARK);
      expect(page).not.toContain('wacht op goedkeuring');
    }
    expect(approved.pages.join(' ')).toContain('Onderdeel 40');
  });

  it('an order that needs no approval prints without the mark', async () => {
    const order = await newOrder({
      items: [{ description: 'Kabel', quantity: 1, unit: 'stuk', price: '999.99', vat: 21 }],
    });
    const { pages } = await pdfOf(order._id);
    expect(pages.join(' ')).toContain('Kabel');
    expect(pages.join(' ')).not.toContain(APPROVAL_PDF_MARK);
  });
});
