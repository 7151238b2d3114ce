import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, orders, users } from '../../db/schema';
import { apiListMessages } from '../../shared/schemas/api-list';
import type { OrganizationRole } from '../../shared/schemas/organization';
import { buildTestApp, createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { createSession } from '../services/auth/sessions';

/**
 * Who created an order or customer and who changed it last: set by every create and save, for an API
 * key its creator, answered as `{ id, name }` by every read, and `createdBy=me` lists one's own orders.
 */
describe('createdBy / updatedBy of orders and customers (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let organizationId: string;
  let customerId: string;
  const owner = { id: '', name: 'Jan de Vries', token: '' };
  const member = { id: '', name: 'Mila Medewerker', token: '' };
  const admin = { id: '', name: 'Ada Beheerder', token: '' };
  let adminKey: string;
  let other: { token: string; id: string };

  const call = (method: string, url: string, bearer: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${bearer}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: string, url: string, bearer: string, payload?: unknown) => {
    const res = await call(method, url, bearer, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const person = (p: { id: string; name: string }) => ({ id: p.id, name: p.name });

  async function addMember(who: typeof member, role: OrganizationRole) {
    const [user] = await database.db
      .insert(users)
      .values({
        email: uniqueEmail(),
        passwordHash: 'not-a-real-hash',
        name: who.name,
        isEmailVerified: true,
      })
      .returning();
    await database.db.insert(memberships).values({ organizationId, userId: user!.id, role });
    who.id = user!.id;
    who.token = (await createSession(database.db, user!.id, false, new Date(), organizationId)).token;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const signedIn = await createSignedInUser(database.db, { name: owner.name });
    organizationId = signedIn.organization.id;
    owner.id = signedIn.user.id;
    owner.token = signedIn.token;
    await addMember(member, 'member');
    await addMember(admin, 'admin');
    adminKey = (await ok('POST', '/api/api-keys', admin.token, { name: 'Koppeling', access: 'write' }))
      .secret;
    const stranger = await createSignedInUser(database.db, { name: 'Buiten Staander' });
    other = { token: stranger.token, id: stranger.user.id };
    customerId = (await insertCustomer(database.db, organizationId)).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps who created an order and who saved it last, on every read', async () => {
    const created = await ok('POST', '/api/orders', owner.token, orderPayload(customerId));
    expect(created).toMatchObject({ createdBy: person(owner), updatedBy: person(owner) });

    const saved = await ok('PUT', `/api/orders/${created._id}`, member.token, orderPayload(customerId));
    expect(saved).toMatchObject({ createdBy: person(owner), updatedBy: person(member) });

    const single = await ok('GET', `/api/orders/${created._id}`, owner.token);
    expect(single).toMatchObject({ createdBy: person(owner), updatedBy: person(member) });
    const streamed = await ok('GET', '/api/orders', owner.token);
    expect(streamed.find((o: { _id: string }) => o._id === created._id)).toMatchObject({
      createdBy: person(owner),
      updatedBy: person(member),
    });
    const paged = await ok('GET', '/api/orders?limit=200', owner.token);
    expect(paged.find((o: { _id: string }) => o._id === created._id).updatedBy).toEqual(person(member));
    const screens = await (
      await createTestCaller(testDeps(database.db, createCapturingMailer()), { token: owner.token })
    ).orders.page({});
    expect(screens.items.find((o) => o._id === created._id)).toMatchObject({
      createdBy: person(owner),
      updatedBy: person(member),
    });

    // A copy is the work of whoever duplicates it.
    const copy = await ok('POST', `/api/orders/${created._id}/duplicate`, member.token);
    expect(copy).toMatchObject({ createdBy: person(member), updatedBy: person(member) });
  });

  it('names the creator of the API key for a call made with it', async () => {
    const created = await ok('POST', '/api/orders', adminKey, orderPayload(customerId));
    expect(created).toMatchObject({ createdBy: person(admin), updatedBy: person(admin) });
    const customer = await ok('POST', '/api/customers', adminKey, {
      name: 'Sleutel Klant',
      company: 'Via API B.V.',
      email: 'api@klant.nl',
    });
    expect(customer).toMatchObject({ createdBy: person(admin), updatedBy: person(admin) });
  });

  it('keeps who created a customer and who saved it last; rows from before answer null', async () => {
    const created = await ok('POST', '/api/customers', owner.token, {
      name: 'Piet Klant',
      company: 'Klant & Co',
      email: 'piet@klant.nl',
    });
    expect(created).toMatchObject({ createdBy: person(owner), updatedBy: person(owner) });
    const saved = await ok('PUT', `/api/customers/${created._id}`, member.token, {
      name: 'Piet Klant',
      company: 'Klant & Zonen',
      email: 'piet@klant.nl',
    });
    expect(saved).toMatchObject({ createdBy: person(owner), updatedBy: person(member) });
    expect(await ok('GET', `/api/customers/${created._id}`, owner.token)).toMatchObject({
      createdBy: person(owner),
      updatedBy: person(member),
    });
    for (const url of ['/api/customers', '/api/customers?limit=50']) {
      const list = await ok('GET', url, owner.token);
      expect(list.find((c: { _id: string }) => c._id === created._id)).toMatchObject({
        createdBy: person(owner),
        updatedBy: person(member),
      });
      // Inserted without anyone: as a row from before these columns.
      expect(list.find((c: { _id: string }) => c._id === customerId)).toMatchObject({
        createdBy: null,
        updatedBy: null,
      });
    }
    const page = await (
      await createTestCaller(testDeps(database.db, createCapturingMailer()), { token: owner.token })
    ).customers.page({});
    expect(page.items.find((c) => c._id === created._id)?.updatedBy).toEqual(person(member));
  });

  it('createdBy=me lists the caller’s own orders, for a session and for an API key', async () => {
    const mine = await ok(
      'POST',
      '/api/orders',
      member.token,
      orderPayload(customerId, { project: 'Van Mila' }),
    );
    const createdBy = async (token: string, query: string) =>
      ((await ok('GET', `/api/orders?${query}`, token)) as { createdBy: { id: string } | null }[]).map(
        (o) => o.createdBy?.id,
      );

    const ofMember = await createdBy(member.token, 'createdBy=me');
    expect(ofMember.length).toBeGreaterThan(0);
    expect(new Set(ofMember)).toEqual(new Set([member.id]));
    expect(new Set(await createdBy(adminKey, 'createdBy=me'))).toEqual(new Set([admin.id]));
    expect(new Set(await createdBy(owner.token, `createdBy=${member.id}`))).toEqual(new Set([member.id]));
    // Any other organisation's person owns nothing here; and that organisation sees none of these.
    expect(await createdBy(owner.token, `createdBy=${other.id}`)).toEqual([]);
    expect(await createdBy(other.token, `createdBy=${member.id}`)).toEqual([]);

    const page = await call('GET', '/api/orders?createdBy=me&limit=1', member.token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(ofMember.length));
    expect(page.json()[0]._id).toBe(mine._id);

    const caller = await createTestCaller(testDeps(database.db, createCapturingMailer()), {
      token: member.token,
    });
    expect((await caller.orders.list({ createdBy: 'me' })).map((o) => o.createdBy?.id)).toEqual(ofMember);
    const screens = await caller.orders.page({ createdBy: 'me', pageSize: 1 });
    expect(screens.total).toBe(ofMember.length);
    expect(screens.items.map((o) => o._id)).toEqual([mine._id]);
  });

  it('refuses any other createdBy with a Dutch 400', async () => {
    for (const value of ['jan', 'ME', '', '123']) {
      const res = await call('GET', `/api/orders?createdBy=${value}`, owner.token);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().details).toEqual({ createdBy: apiListMessages.createdBy });
    }
  });

  it('answers null once the person’s account is gone', async () => {
    const gone = { id: '', name: 'Oud Lid', token: '' };
    await addMember(gone, 'member');
    const created = await ok('POST', '/api/orders', gone.token, orderPayload(customerId));
    await database.db.delete(users).where(eq(users.id, gone.id));
    expect(await ok('GET', `/api/orders/${created._id}`, owner.token)).toMatchObject({
      createdBy: null,
      updatedBy: null,
    });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, created._id));
    expect(row).toMatchObject({ createdBy: null, updatedBy: null });
  });
});
