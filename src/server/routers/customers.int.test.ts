import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { rejectionOf } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';

const valid = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  email: 'petra@jansenbouw.nl',
  phone: '06 12345678',
  address: 'Dorpsstraat 12',
  postalCode: '1234ab',
  city: 'Utrecht',
  kvkNumber: '1234-5678',
  btwNumber: 'nl812345678b01',
};

describe('customers (integration)', () => {
  let database: TestDatabase;
  let alice: Awaited<ReturnType<typeof createTestCaller>>;
  let bob: Awaited<ReturnType<typeof createTestCaller>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const deps = testDeps(database.db, createCapturingMailer());
    alice = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
    bob = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
  });
  afterAll(() => database.close());

  it('creates a customer with normalised fields and the spec defaults', async () => {
    const c = await alice.customers.create(valid);
    expect(c).toMatchObject({
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      email: 'petra@jansenbouw.nl',
      phone: '+31612345678',
      postalCode: '1234 AB',
      kvkNumber: '12345678',
      btwNumber: 'NL812345678B01',
      country: 'Nederland',
      contactPerson: '',
      active: true,
    });
    expect(c._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await alice.customers.get({ id: c._id })).toEqual(c);
  });

  it.each([
    [{ name: '' }, 'name', 'Naam is verplicht'],
    [{ company: '  ' }, 'company', 'Bedrijfsnaam is verplicht'],
    [{ email: '' }, 'email', 'E-mailadres is verplicht'],
    [{ email: 'geen-adres' }, 'email', 'Voer een geldig e-mailadres in'],
    [{ kvkNumber: '1234' }, 'kvkNumber', 'KVK nummer moet 8 cijfers bevatten'],
    [{ btwNumber: 'NL12345' }, 'btwNumber', 'BTW nummer moet het formaat NL123456789B01 hebben'],
    [{ postalCode: '0123AB' }, 'postalCode', 'Ongeldige postcode'],
    [{ phone: '12345' }, 'phone', 'Voer een geldig Nederlands telefoonnummer in'],
  ])('refuses %o with a 400 naming the field, and stores nothing', async (patch, field, message) => {
    const before = await database.db.$count(customers);
    const err = await rejectionOf(alice.customers.create({ ...valid, ...patch }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(
      err.cause && 'issues' in err.cause ? (err.cause.issues as { path: string[]; message: string }[]) : [],
    ).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await database.db.$count(customers)).toBe(before);
  });

  it('updates a customer, and refuses an invalid update without changing it', async () => {
    const c = await alice.customers.create({ ...valid, email: 'upd@jansenbouw.nl' });
    const updated = await alice.customers.update({ ...valid, id: c._id, city: 'Amersfoort', active: false });
    expect(updated).toMatchObject({ city: 'Amersfoort', active: false });
    await rejectionOf(alice.customers.update({ ...valid, id: c._id, kvkNumber: '12' }));
    expect((await alice.customers.get({ id: c._id })).city).toBe('Amersfoort');
  });

  it('isolates accounts: another user’s customer is 404 for read, update and delete alike', async () => {
    const c = await alice.customers.create({ ...valid, email: 'iso@jansenbouw.nl' });
    for (const call of [
      () => bob.customers.get({ id: c._id }),
      () => bob.customers.update({ ...valid, id: c._id }),
      () => bob.customers.delete({ id: c._id }),
    ]) {
      const err = await rejectionOf(call());
      expect(err.code).toBe('NOT_FOUND');
    }
    expect((await bob.customers.list()).map((x) => x._id)).not.toContain(c._id);
    expect((await alice.customers.get({ id: c._id })).company).toBe(valid.company);
  });

  it('answers 404 for ids that do not exist or are not ids at all', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1"]) {
      expect((await rejectionOf(alice.customers.get({ id }))).code).toBe('NOT_FOUND');
    }
  });

  it("counts the customer's own orders for the delete confirmation, and only the owner may ask", async () => {
    const c = await alice.customers.create({ ...valid, email: 'telling@jansenbouw.nl' });
    const other = await alice.customers.create({ ...valid, email: 'ander@jansenbouw.nl' });
    expect(await alice.customers.orderCount({ id: c._id })).toEqual({ count: 0 });
    const line = { description: 'Stoel', quantity: 1, price: '10' };
    await alice.orders.create({ customer: c._id, items: [line] });
    await alice.orders.create({ customer: c._id, items: [line] });
    await alice.orders.create({ customer: other._id, items: [line] });
    expect(await alice.customers.orderCount({ id: c._id })).toEqual({ count: 2 });
    expect(await alice.customers.orderCount({ id: other._id })).toEqual({ count: 1 });
    expect((await rejectionOf(bob.customers.orderCount({ id: c._id }))).code).toBe('NOT_FOUND');
    expect((await rejectionOf(alice.customers.orderCount({ id: 'abc' }))).code).toBe('NOT_FOUND');
  });

  it('deletes a customer', async () => {
    const c = await alice.customers.create({ ...valid, email: 'weg@jansenbouw.nl' });
    await expect(alice.customers.delete({ id: c._id })).resolves.toMatchObject({ success: true });
    expect((await rejectionOf(alice.customers.get({ id: c._id }))).code).toBe('NOT_FOUND');
  });

  describe('search, active filter and paging', () => {
    let carol: Awaited<ReturnType<typeof createTestCaller>>;
    beforeAll(async () => {
      carol = await createTestCaller(testDeps(database.db, createCapturingMailer()), {
        token: (await createSignedInUser(database.db)).token,
      });
      const rows = [
        {
          company: 'Bakkerij Van Dam',
          name: 'Kees van Dam',
          email: 'kees@vandam.nl',
          city: 'Haarlem',
          active: true,
        },
        {
          company: 'Autobedrijf Smit',
          name: 'Lotte Smit',
          email: 'lotte@smit-auto.nl',
          city: 'Zwolle',
          active: false,
        },
        { company: 'Groen & Zn', name: 'Piet Groen', email: 'info@groen.nl', city: 'Haarlem', active: true },
        { company: 'Café 100%', name: 'Anna de Boer', email: 'anna@cafe.nl', city: 'Delft', active: true },
      ];
      for (const r of rows) await carol.customers.create({ ...valid, ...r });
    });

    it('searches name, company, e-mail and city, case-insensitively', async () => {
      const companies = async (search: string) =>
        (await carol.customers.page({ search })).items.map((c) => c.company);
      expect(await companies('haarlem')).toEqual(['Bakkerij Van Dam', 'Groen & Zn']);
      expect(await companies('LOTTE')).toEqual(['Autobedrijf Smit']);
      expect(await companies('smit-auto')).toEqual(['Autobedrijf Smit']);
      expect(await companies('van dam')).toEqual(['Bakkerij Van Dam']);
      // A typed % is a character, not a wildcard.
      expect(await companies('100%')).toEqual(['Café 100%']);
      expect(await companies('%')).toEqual(['Café 100%']);
    });

    it('filters on active customers', async () => {
      const page = await carol.customers.page({ activeOnly: true });
      expect(page.total).toBe(3);
      expect(page.items.every((c) => c.active)).toBe(true);
    });

    it('pages in order of company name', async () => {
      const first = await carol.customers.page({ page: 1, pageSize: 3 });
      const second = await carol.customers.page({ page: 2, pageSize: 3 });
      expect(first.total).toBe(4);
      expect([...first.items, ...second.items].map((c) => c.company)).toEqual([
        'Autobedrijf Smit',
        'Bakkerij Van Dam',
        'Café 100%',
        'Groen & Zn',
      ]);
    });
  });
});
