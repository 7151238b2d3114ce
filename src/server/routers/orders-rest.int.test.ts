import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { amsterdamYear } from '../../shared/dates';
import { orderMessages } from '../../shared/schemas/order';
import { orderSettingsMessages } from '../../shared/schemas/order-settings';
import { NO_APPROVAL_NEEDED } from '../../test/approvals';
import { NO_CONFIRMATION } from '../../test/confirmations';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

describe('orders and order numbering over REST (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let userIdA: string;
  let customerId: string;
  let otherCustomerId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const a = await createSignedInUser(database.db);
    const b = await createSignedInUser(database.db);
    auth = { authorization: `Bearer ${a.token}` };
    otherAuth = { authorization: `Bearer ${b.token}` };
    userIdA = a.user.id;
    customerId = (await insertCustomer(database.db, a.user.id)).id;
    otherCustomerId = (await insertCustomer(database.db, b.user.id)).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/orders', '/api/auth/order-settings', '/api/auth/next-order-number']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('creates, lists as a plain array, reads, updates and deletes with the spec’s shapes', async () => {
    // The Dutch year now, read just before the number is handed out (not when the file was loaded).
    const year = amsterdamYear(new Date());
    const preview = await app.inject({ method: 'GET', url: '/api/auth/next-order-number', headers: auth });
    expect(preview.json()).toEqual({ nextNumber: `INK-${year}-1001` });

    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: { ...orderPayload(customerId), customer: { _id: customerId, name: 'Petra Jansen' } },
    });
    expect(created.statusCode).toBe(200);
    const o = created.json();
    expect(o).toEqual({
      _id: expect.any(String),
      orderNumber: `INK-${year}-1001`,
      date: expect.any(String),
      project: 'Verbouwing kantoor',
      reference: 'REF-1',
      paymentTerm: 30,
      status: 'concept',
      btwVerlegd: false,
      customer: customerId,
      customerName: 'Petra Jansen',
      customerCompany: 'Jansen Bouw B.V.',
      customerSnapshot: {
        name: 'Petra Jansen',
        company: 'Jansen Bouw B.V.',
        contactPerson: '',
        email: 'petra@jansenbouw.nl',
        address: '',
        postalCode: '',
        city: '',
        country: 'Nederland',
        kvkNumber: '',
        btwNumber: '',
      },
      deliveryDate: null,
      deliveryAddress: {
        name: 'Jansen Bouw B.V.',
        address: '',
        postalCode: '',
        city: '',
        country: 'Nederland',
      },
      deliveryAddressSource: 'customer',
      notes: '',
      items: [
        { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: 199.99, vat: 21, total: 599.97 },
        { description: 'Montage', quantity: 2, unit: 'uur', price: 45.5, vat: 21, total: 91 },
        { description: 'Handboek', quantity: 1, unit: 'stuk', price: 12.5, vat: 9, total: 12.5 },
      ],
      subtotal: 703.47,
      vat: 146.23,
      vatByRate: [
        { rate: 21, base: 690.97, vat: 145.1 },
        { rate: 9, base: 12.5, vat: 1.13 },
      ],
      total: 849.7,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: { id: userIdA, name: 'Jan de Vries' },
      updatedBy: { id: userIdA, name: 'Jan de Vries' },
    });

    const list = await app.inject({ method: 'GET', url: '/api/orders', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([o]);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${o._id}`, headers: auth })).json()).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });

    const put = await app.inject({
      method: 'PUT',
      url: `/api/orders/${o._id}`,
      headers: auth,
      payload: orderPayload(customerId, {
        status: 'paid',
        paymentTerm: 60,
        items: [{ description: 'Stoel', quantity: '2', price: '10,00', vat: '9' }],
      }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      _id: o._id,
      orderNumber: o.orderNumber,
      status: 'paid',
      paymentTerm: 60,
      items: [{ description: 'Stoel', quantity: 2, unit: 'stuk', price: 10, vat: 9, total: 20 }],
      subtotal: 20,
      vat: 1.8,
      total: 21.8,
    });

    const del = await app.inject({ method: 'DELETE', url: `/api/orders/${o._id}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Order is verwijderd.' });
    expect((await app.inject({ method: 'GET', url: `/api/orders/${o._id}`, headers: auth })).statusCode).toBe(
      404,
    );
  });

  it('reads text prices by the documented rule, JSON numbers as numbers, and refuses ambiguous ones', async () => {
    const post = (items: unknown[]) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: auth,
        payload: { customer: customerId, items },
      });
    const ok = await post([
      { description: 'Dutch thousands', quantity: 1, price: '12.345', vat: 0 },
      { description: 'Dutch decimals', quantity: 1, price: '1.234,56', vat: 0 },
      { description: 'Decimal comma', quantity: 1, price: '12,5', vat: 0 },
      { description: 'Decimal point', quantity: 1, price: '199.99', vat: 0 },
      { description: 'JSON number', quantity: '3', price: 12.5, vat: 0 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.map((i: { price: number }) => i.price)).toEqual([
      12345, 1234.56, 12.5, 199.99, 12.5,
    ]);
    await app.inject({ method: 'DELETE', url: `/api/orders/${ok.json()._id}`, headers: auth });

    const before = await database.db.$count(orders);
    const refused = await post([
      { description: 'a', price: '1,2,3' },
      { description: 'b', price: '12.34.5' },
      { description: 'c', price: '12,345' },
      { description: 'd', price: 12.345 },
      { description: 'e', price: '5', quantity: '1,2,3' },
      { description: 'f', price: '5', quantity: '2,3456' },
      { description: 'g', price: '5', quantity: -3 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({
      'items.0.price': orderMessages.priceSeparators,
      'items.1.price': orderMessages.priceSeparators,
      'items.2.price': orderMessages.priceDecimals,
      'items.3.price': orderMessages.priceDecimals,
      'items.4.quantity': orderMessages.quantitySeparators,
      'items.5.quantity': orderMessages.quantityDecimals,
      'items.6.quantity': orderMessages.quantityPositive,
    });
    expect(await database.db.$count(orders)).toBe(before);
  });

  it('takes decimal quantities as JSON numbers and Dutch text and rounds each line to the cent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: {
        customer: customerId,
        items: [
          { description: 'Montage', quantity: 2.5, unit: 'uur', price: 45.5, vat: 21 },
          { description: 'Tegels', quantity: '0,75', unit: 'm2', price: '19,99', vat: 21 },
          { description: 'Kabel', quantity: '1.250,5', unit: 'meter', price: '1,99', vat: 21 },
          { description: 'Pakket', quantity: '2.5', price: 10, vat: 9 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.items.map((i: { quantity: number; total: number }) => [i.quantity, i.total])).toEqual([
      [2.5, 113.75],
      [0.75, 14.99],
      [1250.5, 2488.5],
      [2.5, 25],
    ]);
    // VAT per rate over the rounded line totals: 21 % over the first three, 9 % over the last.
    expect(o).toMatchObject({ subtotal: 2642.24, vat: 551.87, total: 3194.11 });
    const read = await app.inject({ method: 'GET', url: `/api/orders/${o._id}`, headers: auth });
    expect(read.json().items).toEqual(o.items);
    await app.inject({ method: 'DELETE', url: `/api/orders/${o._id}`, headers: auth });
  });

  it('refuses invalid input with 400, Dutch field details, and stores nothing', async () => {
    const before = await database.db.$count(orders);
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: {
        customer: '',
        paymentTerm: 7,
        items: [
          { description: 'Goed', quantity: 1, price: '5' },
          { description: '', quantity: 0, price: '12,345', vat: 'hoog', unit: 'kg' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Ongeldige invoer. Controleer de gemarkeerde velden.');
    expect(body.details).toEqual({
      customer: orderMessages.customerRequired,
      paymentTerm: orderMessages.paymentTerm,
      'items.1.description': orderMessages.descriptionRequired,
      'items.1.quantity': orderMessages.quantityPositive,
      'items.1.price': orderMessages.priceDecimals,
      'items.1.vat': orderMessages.vat,
      'items.1.unit': orderMessages.unit,
    });
    const noItems = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: { customer: customerId },
    });
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json().details).toEqual({ items: orderMessages.itemsRequired });
    expect(await database.db.$count(orders)).toBe(before);
  });

  it.each([
    '0000-01-01',
    '0001-01-01',
    '0001-01-01T00:30:00+01:00',
    '9999-12-31T23:59:59-14:00',
    '1949-12-31',
  ])('refuses the order date %s with a Dutch 400 and stores nothing', async (date) => {
    const before = (await app.inject({ method: 'GET', url: '/api/orders', headers: auth })).json().length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderPayload(customerId, { date }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ date: orderMessages.dateRange });
    expect((await app.inject({ method: 'GET', url: '/api/orders', headers: auth })).json()).toHaveLength(
      before,
    );
  });

  it.each([
    ['1950-01-01', '1950-01-01T00:00:00.000Z'],
    ['2200-12-31T12:00:00+01:00', '2200-12-31T11:00:00.000Z'],
    ['2026-11-23T23:30:00+01:00', '2026-11-23T22:30:00.000Z'],
  ])('stores the order date %s exactly as sent', async (date, stored) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderPayload(customerId, { date }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await app.inject({ method: 'GET', url: `/api/orders/${res.json()._id}`, headers: auth });
    expect(read.json().date).toBe(stored);
    await app.inject({ method: 'DELETE', url: `/api/orders/${res.json()._id}`, headers: auth });
  });

  it('answers 404 for another user’s order or customer', async () => {
    const mine = (
      await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: auth,
        payload: orderPayload(customerId),
      })
    ).json();
    const foreignCustomer = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderPayload(otherCustomerId),
    });
    expect(foreignCustomer.statusCode).toBe(404);
    expect(foreignCustomer.json().message).toBe('Klant niet gevonden.');
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/orders/${mine._id}`, headers: otherAuth });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Order niet gevonden.');
    }
    const put = await app.inject({
      method: 'PUT',
      url: `/api/orders/${mine._id}`,
      headers: otherAuth,
      payload: orderPayload(otherCustomerId),
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/orders/niet-een-id', headers: auth })).statusCode,
    ).toBe(404);
  });

  it('GET and PUT /api/auth/order-settings', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/auth/order-settings', headers: otherAuth });
    expect(get.json()).toEqual({ format: 'year', prefix: 'INK', includeYear: true, startingNumber: 1001 });

    const put = await app.inject({
      method: 'PUT',
      url: '/api/auth/order-settings',
      headers: otherAuth,
      payload: { format: 'year', prefix: 'BST', includeYear: false, startingNumber: '300' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      format: 'sequential',
      prefix: 'BST',
      includeYear: false,
      startingNumber: 300,
    });
    const next = await app.inject({ method: 'GET', url: '/api/auth/next-order-number', headers: otherAuth });
    expect(next.json()).toEqual({ nextNumber: 'BST-300' });

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/auth/order-settings',
      headers: otherAuth,
      payload: { prefix: 'B/S', startingNumber: '0' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      prefix: orderSettingsMessages.prefixChars,
      startingNumber: orderSettingsMessages.startingNumberMin,
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/order-settings', headers: otherAuth })).json(),
    ).toMatchObject({ prefix: 'BST', startingNumber: 300 });
  });

  it('GET, list and PUT an order whose customer was deleted; another missing customer is refused', async () => {
    const gone = await insertCustomer(database.db, userIdA, { company: 'Verdwijnt BV', city: 'Zwolle' });
    const o = (
      await app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: orderPayload(gone.id) })
    ).json();
    const del = await app.inject({ method: 'DELETE', url: `/api/customers/${gone.id}`, headers: auth });
    expect(del.statusCode).toBe(200);

    const get = await app.inject({ method: 'GET', url: `/api/orders/${o._id}`, headers: auth });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ ...o, emails: [], approval: NO_APPROVAL_NEEDED, ...NO_CONFIRMATION });
    expect(o).toMatchObject({
      customer: gone.id,
      customerCompany: 'Verdwijnt BV',
      customerSnapshot: { company: 'Verdwijnt BV', city: 'Zwolle' },
    });
    const list = (await app.inject({ method: 'GET', url: '/api/orders', headers: auth })).json();
    expect(list.find((x: { _id: string }) => x._id === o._id)).toEqual(o);

    const put = await app.inject({
      method: 'PUT',
      url: `/api/orders/${o._id}`,
      headers: auth,
      payload: orderPayload(gone.id, { project: 'Nagekomen' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      project: 'Nagekomen',
      customer: gone.id,
      customerSnapshot: o.customerSnapshot,
    });

    const elsewhere = await app.inject({
      method: 'PUT',
      url: `/api/orders/${o._id}`,
      headers: auth,
      payload: orderPayload('00000000-0000-4000-8000-000000000000'),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Klant niet gevonden.');
  });

  it('describes the order calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/orders', '/orders/{id}', '/auth/order-settings', '/auth/next-order-number']),
    );
    expect(Object.keys(doc.paths['/orders'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/orders/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    const order = doc.paths['/orders/{id}'].get.responses['200'].content['application/json'].schema;
    const snapshot = JSON.stringify(order.properties.customerSnapshot);
    for (const field of [
      'name',
      'company',
      'contactPerson',
      'email',
      'postalCode',
      'kvkNumber',
      'btwNumber',
    ]) {
      expect(snapshot).toContain(`"${field}"`);
    }
    expect(snapshot).toContain('De klant zoals die was toen de order voor het laatst werd opgeslagen');
    expect(order.required).toContain('customerSnapshot');
  });
});
