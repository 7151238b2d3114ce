import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { deliveryMessages } from '../../shared/schemas/order-delivery';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

const customerAddress = {
  name: 'Jansen Bouw B.V.',
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
};
const site = {
  name: 'Bouwplaats Havenkwartier',
  address: 'Havenweg 4',
  postalCode: '3511ab',
  city: 'Utrecht',
};

describe('delivery date, delivery address and remarks of an order over REST (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let auth: { authorization: string };
  let customerId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const a = await createSignedInUser(database.db);
    auth = { authorization: `Bearer ${a.token}` };
    customerId = (
      await insertCustomer(database.db, a.user.id, {
        address: 'Dorpsstraat 1',
        postalCode: '1234 AB',
        city: 'Utrecht',
      })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload });
  const put = (id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/orders/${id}`, headers: auth, payload });
  const get = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: auth })).json();

  it('without them: no day, no remarks, delivered at the customer’s address (and says so)', async () => {
    const res = await post(orderPayload(customerId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deliveryDate: null,
      deliveryAddress: customerAddress,
      deliveryAddressSource: 'customer',
      notes: '',
    });
  });

  it('with them: kept as sent, shown by create, get and the list alike', async () => {
    const res = await post(
      orderPayload(customerId, {
        deliveryDate: '2026-10-05',
        deliveryAddress: site,
        notes: 'Bellen bij aankomst.\nAchteringang gebruiken.',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      deliveryDate: '2026-10-05',
      deliveryAddress: { ...site, postalCode: '3511 AB', country: 'Nederland' },
      deliveryAddressSource: 'order',
      notes: 'Bellen bij aankomst.\nAchteringang gebruiken.',
    };
    expect(res.json()).toMatchObject(expected);
    expect(await get(res.json()._id)).toMatchObject(expected);
    const list = (await app.inject({ method: 'GET', url: '/api/orders', headers: auth })).json();
    expect(list.find((o: { _id: string }) => o._id === res.json()._id)).toMatchObject(expected);
  });

  it('a PUT without the fields keeps them; null clears them; the customer’s own address is stored as null', async () => {
    const created = (
      await post(
        orderPayload(customerId, { deliveryDate: '2026-10-05', deliveryAddress: site, notes: 'Bellen' }),
      )
    ).json();
    // An older client that does not know the fields loses nothing.
    const kept = await put(created._id, orderPayload(customerId, { status: 'sent' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      status: 'sent',
      deliveryDate: '2026-10-05',
      deliveryAddressSource: 'order',
      notes: 'Bellen',
    });
    // Sending back the customer's address, as GET shows it, is "the customer's address".
    const same = await put(created._id, orderPayload(customerId, { deliveryAddress: customerAddress }));
    expect(same.json()).toMatchObject({
      deliveryAddress: customerAddress,
      deliveryAddressSource: 'customer',
    });
    const [row] = await database.db
      .select({ a: orders.deliveryAddress })
      .from(orders)
      .where(eq(orders.id, created._id));
    expect(row!.a).toBeNull();
    const cleared = await put(
      created._id,
      orderPayload(customerId, { deliveryDate: null, deliveryAddress: null, notes: null }),
    );
    expect(cleared.json()).toMatchObject({
      deliveryDate: null,
      deliveryAddress: customerAddress,
      deliveryAddressSource: 'customer',
      notes: '',
    });
  });

  it('refuses a wrong day, an incomplete address and too long remarks with 400, Dutch details, nothing stored', async () => {
    const before = await database.db.$count(orders);
    const res = await post(
      orderPayload(customerId, {
        deliveryDate: '05-10-2026',
        deliveryAddress: { name: 'Bouwplaats', address: '', postalCode: '12345', city: '' },
        notes: 'x'.repeat(2001),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      deliveryDate: deliveryMessages.deliveryDate,
      'deliveryAddress.address': deliveryMessages.address,
      'deliveryAddress.city': deliveryMessages.city,
      notes: 'Maximaal 2000 tekens',
    });
    const postcode = await post(
      orderPayload(customerId, { deliveryAddress: { ...site, postalCode: '12345' } }),
    );
    expect(postcode.json().details).toEqual({ 'deliveryAddress.postalCode': deliveryMessages.postalCode });
    expect(await database.db.$count(orders)).toBe(before);
  });

  it('describes the fields in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const text = JSON.stringify(doc);
    for (const field of ['deliveryDate', 'deliveryAddress', 'deliveryAddressSource', 'notes'])
      expect(text).toContain(`"${field}"`);
    expect(text).toContain('null: het adres van de klant');
  });
});
