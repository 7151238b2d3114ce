import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, orders, organizations, users } from '../../db/schema';
import { APPROVAL_REQUIRED_CODE, approvalMessages } from '../../shared/schemas/approval';
import { setApprovalRule } from '../../test/approvals';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { fatalIds, ublValues, validatePeppolOrder } from '../../test/peppol/validate';
import { createSignedInUser } from '../../test/users';
import { createSession } from '../services/auth/sessions';
import { ORDER_NOT_FOUND } from '../services/orders/order-reads';
import { ublMessages } from '../services/orders/ubl/messages';

/**
 * GET /api/orders/{id}/ubl over HTTP: the file with its headers and name, for whoever may read the
 * order (a viewer, a read-only API key) and for no one else; another organisation's order and an
 * unknown id alike a 404; an order that cannot be expressed a 409 that says what is missing.
 */
describe('GET /api/orders/{id}/ubl (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, bearer?: string) =>
    app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  /** A company with its KVK and BTW number, and an order for a customer with a BTW number. */
  async function companyWithOrder(
    customerFields: { btwNumber?: string; kvkNumber?: string } = { btwNumber: 'NL987654321B01' },
  ) {
    const owner = await createSignedInUser(database.db, { company: 'De Vries Installatietechniek B.V.' });
    const organizationId = owner.organization.id;
    await database.db
      .update(organizations)
      .set({
        address: 'Havenstraat 14',
        postalCode: '1011 AB',
        city: 'Amsterdam',
        kvkNumber: '34123456',
        btwNumber: 'NL001234567B01',
      })
      .where(eq(organizations.id, organizationId));
    const customer = await insertCustomer(database.db, organizationId, customerFields);
    const made = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: orderPayload(customer.id),
    });
    expect(made.statusCode, made.body).toBe(200);
    const order = made.json() as { _id: string; orderNumber: string };
    return { ...owner, organizationId, order };
  }

  it('answers the order as a Peppol UBL file: XML, an attachment named after the order number, valid by the rules', async () => {
    const { token, order } = await companyWithOrder();
    const res = await get(`/api/orders/${order._id}/ubl`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.orderNumber}.xml"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(ublValues(res.body, 'cbc:ID')).toEqual([order.orderNumber]);
    expect(ublValues(res.body, 'cac:AnticipatedMonetaryTotal/cbc:PayableAmount')).toEqual(['849.70']);
    expect(fatalIds(validatePeppolOrder(res.body))).toEqual([]);
  });

  it('names the file as the PDF download does: a slash or a quote in the order number becomes a hyphen', async () => {
    const { token, order } = await companyWithOrder();
    await database.db.update(orders).set({ orderNumber: 'INK/2026"1\\é' }).where(eq(orders.id, order._id));
    const res = await get(`/api/orders/${order._id}/ubl`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="INK-2026-1-_.xml"; filename*=UTF-8''INK-2026-1-%C3%A9.xml`,
    );
  });

  it('is a 404 for an unknown id, a malformed one, and another organisation’s order alike', async () => {
    const { token } = await companyWithOrder();
    const other = await companyWithOrder();
    for (const id of [crypto.randomUUID(), 'geen-id', other.order._id]) {
      const res = await get(`/api/orders/${id}/ubl`, token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_NOT_FOUND, code: 'NOT_FOUND' });
    }
    // The owner of that order still gets it.
    expect((await get(`/api/orders/${other.order._id}/ubl`, other.token)).statusCode).toBe(200);
  });

  it('addresses a customer with a KVK number and no BTW number by its KVK number (0106), valid by the rules', async () => {
    const { token, order } = await companyWithOrder({ kvkNumber: '69599084' });
    const res = await get(`/api/orders/${order._id}/ubl`, token);
    expect(res.statusCode, res.body).toBe(200);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(res.body, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '0106:69599084',
    ]);
    expect(
      ublValues(res.body, `${buyer}/cac:PartyLegalEntity/cbc:CompanyID/concat(@schemeID, ':', .)`),
    ).toEqual(['0106:69599084']);
    expect(ublValues(res.body, `${buyer}/cac:PartyTaxScheme`)).toEqual([]);
    expect(fatalIds(validatePeppolOrder(res.body))).toEqual([]);
  });

  it('an order saved before its snapshot kept the KVK number is addressed by the BTW number it has', async () => {
    // The customer has a KVK number now, but the order was saved without it and is not rewritten.
    const { token, order } = await companyWithOrder({ kvkNumber: '69599084', btwNumber: 'NL987654321B01' });
    await database.db
      .update(orders)
      .set({ customerSnapshot: sql`customer_snapshot - 'kvkNumber'` })
      .where(eq(orders.id, order._id));
    const res = await get(`/api/orders/${order._id}/ubl`, token);
    expect(res.statusCode, res.body).toBe(200);
    const buyer = 'cac:BuyerCustomerParty/cac:Party';
    expect(ublValues(res.body, `${buyer}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '9944:NL987654321B01',
    ]);
    expect(ublValues(res.body, `${buyer}/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual([]);
    expect(fatalIds(validatePeppolOrder(res.body))).toEqual([]);
    const [stored] = await database.db
      .select({ snapshot: orders.customerSnapshot })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(stored?.snapshot).not.toHaveProperty('kvkNumber');
  });

  it('is a 409 saying what is missing: the customer’s KVK or BTW number, or the company’s KVK or BTW number', async () => {
    const noVat = await companyWithOrder({});
    const buyer = await get(`/api/orders/${noVat.order._id}/ubl`, noVat.token);
    expect(buyer.statusCode).toBe(409);
    expect(buyer.json()).toEqual({ message: ublMessages.buyerId, code: 'CONFLICT' });

    const seller = await companyWithOrder();
    await database.db
      .update(organizations)
      .set({ kvkNumber: '', btwNumber: '', vatNumber: '' })
      .where(eq(organizations.id, seller.organizationId));
    const res = await get(`/api/orders/${seller.order._id}/ubl`, seller.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Vul het KVK-nummer of BTW-nummer van uw bedrijf in bij Bedrijfsinstellingen.',
      code: 'CONFLICT',
    });
  });

  it('a viewer and a read-only API key may download it; without credentials it is a 401', async () => {
    const { token, organizationId, order } = await companyWithOrder();
    const [viewer] = await database.db
      .insert(users)
      .values({
        email: uniqueEmail(),
        passwordHash: 'not-a-real-hash',
        name: 'Kijker',
        isEmailVerified: true,
      })
      .returning();
    await database.db.insert(memberships).values({ organizationId, userId: viewer!.id, role: 'viewer' });
    const session = await createSession(database.db, viewer!.id, false, new Date(), organizationId);
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Inkoopsysteem', access: 'read' },
    });
    expect(key.statusCode, key.body).toBe(200);
    const url = `/api/orders/${order._id}/ubl`;
    const owner = await get(url, token);
    for (const bearer of [session.token, key.json().secret as string]) {
      const res = await get(url, bearer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(owner.body);
    }
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });

  it('an order that waits for approval is not exported: 409 APPROVAL_REQUIRED until another admin approved it', async () => {
    const { token, organizationId, order } = await companyWithOrder();
    await setApprovalRule(database.db, organizationId, { threshold: '100.00', forAdmins: true });
    const url = `/api/orders/${order._id}/ubl`;
    const refused = await get(url, token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: APPROVAL_REQUIRED_CODE,
      message: approvalMessages.required,
    });

    const [admin] = await database.db
      .insert(users)
      .values({
        email: uniqueEmail(),
        passwordHash: 'not-a-real-hash',
        name: 'Beheerder',
        isEmailVerified: true,
      })
      .returning();
    await database.db.insert(memberships).values({ organizationId, userId: admin!.id, role: 'admin' });
    const session = await createSession(database.db, admin!.id, false, new Date(), organizationId);
    const post = (path: string, bearer: string) =>
      app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/approval/${path}`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: {},
      });
    expect((await post('request', token)).statusCode).toBe(200);
    expect((await get(url, token)).statusCode).toBe(409);
    const approved = await post('approve', session.token);
    expect(approved.statusCode, approved.body).toBe(200);
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(ublValues(res.body, 'cbc:ID')).toEqual([order.orderNumber]);
  });
});
