import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';

describe('customers over REST (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let auth: { authorization: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    auth = { authorization: `Bearer ${(await createSignedInUser(database.db)).token}` };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/customers' });
    expect(res.statusCode).toBe(401);
  });

  it('creates, lists as a plain array, reads, updates and deletes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: auth,
      payload: {
        name: 'Sara Bakker',
        company: 'Bakker Advies',
        email: 'sara@bakker.nl',
        postalCode: '3511 ab',
      },
    });
    expect(created.statusCode).toBe(200);
    const c = created.json();
    expect(c).toMatchObject({
      _id: expect.any(String),
      postalCode: '3511 AB',
      active: true,
      country: 'Nederland',
    });

    const list = await app.inject({ method: 'GET', url: '/api/customers', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json()).toContainEqual(c);

    const put = await app.inject({
      method: 'PUT',
      url: `/api/customers/${c._id}`,
      headers: auth,
      payload: { name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl', active: false },
    });
    expect(put.json()).toMatchObject({ _id: c._id, active: false });

    expect(
      (await app.inject({ method: 'GET', url: `/api/customers/${c._id}`, headers: auth })).json()._id,
    ).toBe(c._id);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/customers/${c._id}`, headers: auth })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/customers/${c._id}`, headers: auth })).statusCode,
    ).toBe(404);
  });

  it('refuses invalid input with 400 and Dutch field details', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: auth,
      payload: { name: '', company: 'X', email: 'x@y.nl', kvkNumber: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      name: 'Naam is verplicht',
      kvkNumber: 'KVK nummer moet 8 cijfers bevatten',
    });
  });
  describe('a customer abroad', () => {
    const post = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: auth,
        payload: { name: 'Lotte Peeters', company: 'Peeters Bouw BV', email: 'lotte@peeters.be', ...payload },
      });

    it('takes a Belgian postcode and VAT number, and puts no NL before it', async () => {
      const res = await post({
        country: 'België',
        postalCode: '2000',
        city: 'Antwerpen',
        btwNumber: '0123.456.749',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ country: 'België', postalCode: '2000', btwNumber: 'BE0123456749' });
    });

    it('takes a German customer sent with the ISO code, and stores the country by its Dutch name', async () => {
      const res = await post({ country: 'DE', postalCode: '10115', btwNumber: 'de 136 695 976' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        country: 'Duitsland',
        postalCode: '10115',
        btwNumber: 'DE136695976',
      });
    });

    it('refuses a wrong check digit and a postcode of another country, with details per field', async () => {
      const res = await post({ country: 'België', postalCode: '10115', btwNumber: 'BE0123456748' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({
        postalCode: 'Ongeldige postcode voor België: 4 cijfers, bijv. 2000',
        btwNumber: 'Het controlegetal van dit BTW-nummer klopt niet. Controleer het nummer.',
      });
    });

    it('still holds a Dutch customer to the Dutch rules', async () => {
      const res = await post({ postalCode: '2000', btwNumber: 'NL12345678B01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({
        postalCode: 'Ongeldige postcode',
        btwNumber: 'BTW nummer moet het formaat NL123456789B01 hebben',
      });
    });
  });
});
