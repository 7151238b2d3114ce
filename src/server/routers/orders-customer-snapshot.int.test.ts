import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { NO_APPROVAL_NEEDED } from '../../test/approvals';
import { NO_CONFIRMATION } from '../../test/confirmations';
import { createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { rejectionOf } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { CUSTOMER_NOT_FOUND } from '../services/customers/messages';

type Caller = Awaited<ReturnType<typeof createTestCaller>>;

/** A complete customer as the customer form sends it. */
const jansen = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  contactPerson: 'P. Jansen',
  email: 'petra@jansenbouw.nl',
  address: 'Dorpsstraat 12',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  kvkNumber: '69599084',
  btwNumber: 'NL812345678B01',
};
const jansenSnapshot = { ...jansen };

describe('orders keep a snapshot of their customer (integration)', () => {
  let database: TestDatabase;
  let alice: Caller;
  let bob: Caller;

  beforeAll(async () => {
    database = await openTestDatabase();
    const deps = testDeps(database.db, createCapturingMailer());
    alice = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
    bob = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
  });
  afterAll(() => database.close());

  const newCustomer = (fields: Partial<typeof jansen> = {}) =>
    alice.customers.create({ ...jansen, phone: '', ...fields });
  const editCustomer = async (id: string, fields: Partial<typeof jansen>) => {
    const { _id, createdAt: _c, updatedAt: _u, active, ...current } = await alice.customers.get({ id });
    return alice.customers.update({ id: _id, ...current, active, ...fields });
  };
  const pageRow = async (search: string, orderId: string) =>
    (await alice.orders.page({ search })).items.find((o) => o._id === orderId);
  const storedSnapshot = async (orderId: string) =>
    (
      await database.db
        .select({ snapshot: orders.customerSnapshot })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0]?.snapshot;

  it('stores the customer as it is when the order is created, and answers it', async () => {
    const customer = await newCustomer();
    const o = await alice.orders.create(orderPayload(customer._id));
    expect(await storedSnapshot(o._id)).toEqual(jansenSnapshot);
    expect(o).toMatchObject({
      customer: customer._id,
      customerName: 'Petra Jansen',
      customerCompany: 'Jansen Bouw B.V.',
      customerSnapshot: jansenSnapshot,
    });
    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
    expect((await alice.orders.list()).find((x) => x._id === o._id)).toEqual(o);
    expect(await pageRow(o.orderNumber, o._id)).toMatchObject({ customerSnapshot: jansenSnapshot });
  });

  it('does not change when the customer is edited, until the order is saved again', async () => {
    const customer = await newCustomer({ company: 'Oude Naam BV' });
    const o = await alice.orders.create(orderPayload(customer._id));
    await editCustomer(customer._id, { company: 'Nieuwe Naam BV', city: 'Amersfoort' });

    const read = await alice.orders.get({ id: o._id });
    expect(read).toEqual({ ...o, emails: [], approval: NO_APPROVAL_NEEDED, ...NO_CONFIRMATION });
    expect(read).toMatchObject({
      customerCompany: 'Oude Naam BV',
      customerSnapshot: { company: 'Oude Naam BV', city: 'Utrecht' },
    });
    // The list shows, and searches, whom the order was written for.
    expect(await pageRow('Oude Naam', o._id)).toMatchObject({ customerCompany: 'Oude Naam BV' });
    expect(await pageRow('Nieuwe Naam', o._id)).toBeUndefined();

    // Saving the order again takes the customer as it is now.
    const saved = await alice.orders.update({ id: o._id, ...orderPayload(customer._id) });
    expect(saved).toMatchObject({
      customerCompany: 'Nieuwe Naam BV',
      customerSnapshot: { ...jansenSnapshot, company: 'Nieuwe Naam BV', city: 'Amersfoort' },
    });
    expect(await pageRow('Nieuwe Naam', o._id)).toMatchObject({ customerCompany: 'Nieuwe Naam BV' });
  });

  it('still opens, lists and saves an order whose customer was deleted, showing the snapshot', async () => {
    const customer = await newCustomer({ company: 'Verdwijnt BV' });
    const o = await alice.orders.create(orderPayload(customer._id));
    await alice.customers.delete({ id: customer._id });
    const snapshot = { ...jansenSnapshot, company: 'Verdwijnt BV' };

    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
    expect((await alice.orders.list()).find((x) => x._id === o._id)).toEqual(o);
    expect(await pageRow('Verdwijnt', o._id)).toMatchObject({
      customer: customer._id,
      customerName: 'Petra Jansen',
      customerCompany: 'Verdwijnt BV',
      customerSnapshot: snapshot,
    });

    // Saved with the customer it was written for: the other fields change, the snapshot stays.
    const saved = await alice.orders.update({
      id: o._id,
      ...orderPayload(customer._id, { status: 'paid', items: [{ description: 'Nog één', price: '5' }] }),
    });
    expect(saved).toMatchObject({
      customer: customer._id,
      customerCompany: 'Verdwijnt BV',
      customerSnapshot: snapshot,
      status: 'paid',
      total: 6.05,
    });
    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...saved,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
    // The same id in capitals is the same customer.
    const again = await alice.orders.update({ id: o._id, ...orderPayload(customer._id.toUpperCase()) });
    expect(again).toMatchObject({ customer: customer._id, customerSnapshot: snapshot });
  });

  it('keeps the customer’s KVK number, and takes a changed one only when the order is saved again', async () => {
    const customer = await newCustomer({ kvkNumber: '' });
    const o = await alice.orders.create(orderPayload(customer._id));
    expect(await storedSnapshot(o._id)).toEqual({ ...jansenSnapshot, kvkNumber: '' });
    await editCustomer(customer._id, { kvkNumber: '1234 5678' });
    expect((await alice.orders.get({ id: o._id })).customerSnapshot?.kvkNumber).toBe('');
    const saved = await alice.orders.update({ id: o._id, ...orderPayload(customer._id) });
    expect(saved.customerSnapshot).toEqual({ ...jansenSnapshot, kvkNumber: '12345678' });
    expect(await storedSnapshot(o._id)).toEqual({ ...jansenSnapshot, kvkNumber: '12345678' });
  });

  it('reads a snapshot saved before the KVK number was kept as one without it, and leaves it as stored', async () => {
    const customer = await newCustomer();
    const o = await alice.orders.create(orderPayload(customer._id));
    // As such an order is stored: the same snapshot without the key.
    await database.db
      .update(orders)
      .set({ customerSnapshot: sql`customer_snapshot - 'kvkNumber'`, updatedAt: new Date(o.updatedAt) })
      .where(eq(orders.id, o._id));
    const { kvkNumber: _, ...before } = jansenSnapshot;
    expect(await storedSnapshot(o._id)).toStrictEqual(before);

    const read = await alice.orders.get({ id: o._id });
    expect(read).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
      customerSnapshot: { ...jansenSnapshot, kvkNumber: '' },
    });
    expect((await alice.orders.list()).find((x) => x._id === o._id)?.customerSnapshot).toEqual(
      read.customerSnapshot,
    );
    expect((await pageRow(o.orderNumber, o._id))?.customerSnapshot).toEqual(read.customerSnapshot);
    // Reading rewrites nothing; saving the order again takes the customer as it is now.
    expect(await storedSnapshot(o._id)).toStrictEqual(before);
    await alice.orders.update({ id: o._id, ...orderPayload(customer._id) });
    expect(await storedSnapshot(o._id)).toEqual(jansenSnapshot);
  });

  it('refuses to move an order to another missing or foreign customer, and changes nothing', async () => {
    const customer = await newCustomer({ company: 'Weg BV' });
    const o = await alice.orders.create(orderPayload(customer._id));
    await alice.customers.delete({ id: customer._id });
    const bobs = await bob.customers.create({ ...jansen, company: 'Bob BV', phone: '', kvkNumber: '' });
    const otherGone = await newCustomer({ company: 'Ook weg BV' });
    await alice.customers.delete({ id: otherGone._id });

    for (const id of [otherGone._id, bobs._id, '00000000-0000-4000-8000-000000000000', 'geen-id']) {
      const err = await rejectionOf(alice.orders.update({ id: o._id, ...orderPayload(id) }));
      expect(err.code).toBe('NOT_FOUND');
      expect(err.message).toBe('Klant niet gevonden.');
    }
    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });

    // Moving it to an existing customer of her own works, and takes that customer's snapshot.
    const next = await newCustomer({ company: 'Opvolger BV' });
    expect(await alice.orders.update({ id: o._id, ...orderPayload(next._id) })).toMatchObject({
      customer: next._id,
      customerSnapshot: { ...jansenSnapshot, company: 'Opvolger BV' },
    });
  });

  it('isolates accounts: a deleted customer’s id opens no other user’s order', async () => {
    const customer = await newCustomer({ company: 'Alleen Alice BV' });
    const o = await alice.orders.create(orderPayload(customer._id));
    await alice.customers.delete({ id: customer._id });
    for (const call of [
      () => bob.orders.get({ id: o._id }),
      () => bob.orders.update({ id: o._id, ...orderPayload(customer._id) }),
    ]) {
      const err = await rejectionOf(call());
      expect(err.code).toBe('NOT_FOUND');
      expect(err.message).toBe('Order niet gevonden.');
    }
    // Nor can Bob write a new order for it.
    expect((await rejectionOf(bob.orders.create(orderPayload(customer._id)))).message).toBe(
      'Klant niet gevonden.',
    );
    expect((await bob.orders.page({ search: 'Alleen Alice' })).total).toBe(0);
    expect(await alice.orders.get({ id: o._id })).toEqual({
      ...o,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
  });

  it('orders created while their customer is deleted are each stored whole or refused with 404, never a 500', async () => {
    const customer = await newCustomer({ company: 'Race B.V.' });
    const creates = Array.from({ length: 40 }, () =>
      alice.orders.create(orderPayload(customer._id)).then(
        (order) => ({ order, error: null }),
        (error: unknown) => ({ order: null, error }),
      ),
    );
    const deleted = alice.customers.delete({ id: customer._id });
    const results = await Promise.all(creates);
    await deleted;
    for (const { order, error } of results) {
      if (order) expect((await storedSnapshot(order._id))?.company).toBe('Race B.V.');
      else expect(error).toMatchObject({ code: 'NOT_FOUND', message: CUSTOMER_NOT_FOUND });
    }
    await expect(alice.orders.create(orderPayload(customer._id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
