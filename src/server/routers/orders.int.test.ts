import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orderItems, orders } from '../../db/schema';
import { amsterdamYear } from '../../shared/dates';
import { orderMessages } from '../../shared/schemas/order';
import { NO_APPROVAL_NEEDED } from '../../test/approvals';
import { NO_CONFIRMATION } from '../../test/confirmations';
import { createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { rejectionOf } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

type Caller = Awaited<ReturnType<typeof createTestCaller>>;

const issuesOf = (err: { cause?: unknown }) =>
  err.cause && typeof err.cause === 'object' && 'issues' in err.cause
    ? Object.fromEntries(
        (err.cause.issues as { path: (string | number)[]; message: string }[]).map((i) => [
          i.path.join('.'),
          i.message,
        ]),
      )
    : {};

describe('orders (integration)', () => {
  let database: TestDatabase;
  let alice: Caller;
  let bob: Caller;
  let aliceCustomer: { id: string; name: string; company: string };
  let bobCustomer: { id: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    const deps = testDeps(database.db, createCapturingMailer());
    const a = await createSignedInUser(database.db);
    const b = await createSignedInUser(database.db);
    alice = await createTestCaller(deps, { token: a.token });
    bob = await createTestCaller(deps, { token: b.token });
    aliceCustomer = await insertCustomer(database.db, a.user.id);
    bobCustomer = await insertCustomer(database.db, b.user.id, { company: 'Bob BV' });
  });
  afterAll(() => database.close());

  it('creates an order with its number, lines and totals by the rounding rule', async () => {
    const o = await alice.orders.create(orderPayload(aliceCustomer.id));
    expect(o).toMatchObject({
      // The year in Amsterdam, not in the test process's zone (UTC on CI: a day late at New Year).
      orderNumber: `INK-${amsterdamYear(new Date())}-1001`,
      project: 'Verbouwing kantoor',
      reference: 'REF-1',
      paymentTerm: 30,
      status: 'concept',
      btwVerlegd: false,
      customer: aliceCustomer.id,
      customerName: 'Petra Jansen',
      customerCompany: 'Jansen Bouw B.V.',
      items: [
        { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: 199.99, vat: 21, total: 599.97 },
        { description: 'Montage', quantity: 2, unit: 'uur', price: 45.5, vat: 21, total: 91 },
        { description: 'Handboek', quantity: 1, unit: 'stuk', price: 12.5, vat: 9, total: 12.5 },
      ],
      subtotal: 703.47,
      vatByRate: [
        { rate: 21, base: 690.97, vat: 145.1 },
        { rate: 9, base: 12.5, vat: 1.13 },
      ],
      vat: 146.23,
      total: 849.7,
    });
    expect(o._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(o.date)).toBeGreaterThan(Date.now() - 60_000);
    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
  });

  it('fills the defaults and accepts the customer as an object', async () => {
    const o = await alice.orders.create({
      customer: { _id: aliceCustomer.id, company: 'whatever' } as unknown as string,
      items: [{ description: 'Kabel', price: '2,5' }],
    });
    expect(o).toMatchObject({
      customer: aliceCustomer.id,
      project: '',
      reference: '',
      paymentTerm: 14,
      status: 'concept',
      btwVerlegd: false,
      items: [{ description: 'Kabel', quantity: 1, unit: 'stuk', price: 2.5, vat: 21, total: 2.5 }],
      subtotal: 2.5,
      vat: 0.53, // 0.525 rounds half-up
      total: 3.03,
    });
  });

  it('reverse-charged: VAT 0 on every line', async () => {
    const o = await alice.orders.create(orderPayload(aliceCustomer.id, { btwVerlegd: true }));
    expect(o).toMatchObject({
      btwVerlegd: true,
      subtotal: 703.47,
      vat: 0,
      total: 703.47,
      vatByRate: [{ rate: 'verlegd', base: 703.47, vat: 0 }],
    });
    expect(o.items.map((i) => i.vat)).toEqual([21, 21, 9]);
  });

  it.each([
    [{ customer: '' }, 'customer', orderMessages.customerRequired],
    [{ items: [] }, 'items', orderMessages.itemsRequired],
    [{ items: [{ description: ' ', price: 1 }] }, 'items.0.description', orderMessages.descriptionRequired],
    [
      { items: [{ description: 'x', quantity: 0, price: 1 }] },
      'items.0.quantity',
      orderMessages.quantityPositive,
    ],
    [
      { items: [{ description: 'x', quantity: 1.0005, price: 1 }] },
      'items.0.quantity',
      orderMessages.quantityDecimals,
    ],
    [{ items: [{ description: 'x', price: 0 }] }, 'items.0.price', orderMessages.pricePositive],
    [{ items: [{ description: 'x', price: '1,005' }] }, 'items.0.price', orderMessages.priceDecimals],
    [{ items: [{ description: 'x', price: 1, vat: 6 }] }, 'items.0.vat', orderMessages.vat],
    [{ items: [{ description: 'x', price: 1, unit: 'kg' }] }, 'items.0.unit', orderMessages.unit],
    [{ status: 'open' }, 'status', orderMessages.status],
    [{ paymentTerm: 45 }, 'paymentTerm', orderMessages.paymentTerm],
    [{ date: 'gisteren' }, 'date', orderMessages.date],
  ])('refuses %o with a 400 on %s and stores nothing', async (patch, field, message) => {
    const before = [await database.db.$count(orders), await database.db.$count(orderItems)];
    const err = await rejectionOf(
      alice.orders.create({ ...orderPayload(aliceCustomer.id), ...(patch as Record<string, unknown>) }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(issuesOf(err)[field]).toBe(message);
    expect([await database.db.$count(orders), await database.db.$count(orderItems)]).toEqual(before);
  });

  it('refuses another user’s customer (404) and stores nothing, without using a number', async () => {
    const before = await database.db.$count(orders);
    const preview = await alice.orderSettings.nextNumber();
    for (const customer of [bobCustomer.id, '00000000-0000-4000-8000-000000000000', 'geen-id']) {
      const err = await rejectionOf(alice.orders.create(orderPayload(customer)));
      expect(err.code).toBe('NOT_FOUND');
      expect(err.message).toBe('Klant niet gevonden.');
    }
    expect(await database.db.$count(orders)).toBe(before);
    expect(await alice.orderSettings.nextNumber()).toEqual(preview);
  });

  it('updates fields and lines but keeps the order number', async () => {
    const o = await alice.orders.create(orderPayload(aliceCustomer.id));
    const other = await insertCustomer(database.db, alice.ctx.user!.id, {
      name: 'Kees',
      company: 'Kees & Co',
    });
    const u = await alice.orders.update({
      id: o._id,
      ...orderPayload(other.id, {
        status: 'paid',
        items: [{ description: 'Alleen dit', quantity: 4, price: '10', vat: 0 }],
      }),
    });
    expect(u).toMatchObject({
      _id: o._id,
      orderNumber: o.orderNumber,
      status: 'paid',
      customer: other.id,
      customerCompany: 'Kees & Co',
      items: [{ description: 'Alleen dit', quantity: 4, total: 40, vat: 0 }],
      subtotal: 40,
      vat: 0,
      total: 40,
    });
    expect(u.date).toBe(o.date);
    expect(u.createdAt).toBe(o.createdAt);
    // An invalid update changes nothing.
    await rejectionOf(alice.orders.update({ id: o._id, ...orderPayload(other.id, { items: [] }) }));
    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...u,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
  });

  it('isolates accounts: another user’s order is 404 for read, update and delete', async () => {
    const o = await alice.orders.create(orderPayload(aliceCustomer.id));
    for (const call of [
      () => bob.orders.get({ id: o._id }),
      () => bob.orders.update({ id: o._id, ...orderPayload(bobCustomer.id) }),
      () => bob.orders.delete({ id: o._id }),
    ]) {
      const err = await rejectionOf(call());
      expect(err.code).toBe('NOT_FOUND');
      expect(err.message).toBe('Order niet gevonden.');
    }
    // Alice cannot move her order to Bob's customer either.
    expect(
      (await rejectionOf(alice.orders.update({ id: o._id, ...orderPayload(bobCustomer.id) }))).code,
    ).toBe('NOT_FOUND');
    expect((await bob.orders.list()).map((x) => x._id)).not.toContain(o._id);
    expect((await alice.orders.get({ id: o._id }))._id).toBe(o._id);
  });

  it('deletes an order with its lines; unknown ids are 404', async () => {
    const o = await alice.orders.create(orderPayload(aliceCustomer.id));
    expect(await alice.orders.delete({ id: o._id })).toEqual({
      success: true,
      message: 'Order is verwijderd.',
    });
    expect((await rejectionOf(alice.orders.get({ id: o._id }))).code).toBe('NOT_FOUND');
    expect((await rejectionOf(alice.orders.delete({ id: o._id }))).code).toBe('NOT_FOUND');
    expect((await rejectionOf(alice.orders.get({ id: 'abc' }))).code).toBe('NOT_FOUND');
  });

  it('keeps orders readable when their customer is deleted (its id and snapshot stay)', async () => {
    const gone = await insertCustomer(database.db, alice.ctx.user!.id, { company: 'Verdwijnt BV' });
    const o = await alice.orders.create(orderPayload(gone.id));
    await alice.customers.delete({ id: gone.id });
    expect(await alice.orders.get({ id: o._id })).toMatchObject({
      _id: o._id,
      customer: gone.id,
      customerName: 'Petra Jansen',
      customerCompany: 'Verdwijnt BV',
      customerSnapshot: { name: 'Petra Jansen', company: 'Verdwijnt BV', email: 'petra@jansenbouw.nl' },
      total: 849.7,
    });
    expect(await database.db.$count(customers)).toBeGreaterThan(0);
  });

  it('lists every order newest first as a plain array with lines', async () => {
    const list = await alice.orders.list();
    expect(list.length).toBeGreaterThan(3);
    const dates = list.map((o) => o.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list.every((o) => o.items.length > 0)).toBe(true);
  });
});
