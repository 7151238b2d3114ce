import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '../../shared/rules/text';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

/**
 * Postgres cannot store U+0000, so a NUL anywhere in a text field was a 500. The
 * shared text rule refuses it with a Dutch 400 naming the field, and nothing is stored.
 */
const NUL = 'a\u0000b';

describe('a NUL character in any text field (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let headers: { authorization: string };
  let userId: string;
  let customerId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const { user, token } = await createSignedInUser(database.db);
    userId = user.id;
    headers = { authorization: `Bearer ${token}` };
    customerId = (await insertCustomer(database.db, userId)).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = (method: InjectOptions['method'], url: string, payload?: object, auth = true) =>
    app.inject({ method, url, ...(auth ? { headers } : {}), ...(payload ? { payload } : {}) });

  const refused = (res: Awaited<ReturnType<typeof send>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details?.[field]).toBeTruthy();
  };

  it.each([
    ['project', { project: NUL }, 'project'],
    ['reference', { reference: NUL }, 'reference'],
    [
      'a line description',
      { items: [{ description: NUL, quantity: 1, unit: 'stuk' as const, price: 1, vat: 21 }] },
      'items.0.description',
    ],
  ])('an order with NUL in the %s: 400, no order stored', async (_label, overrides, field) => {
    const before = (await send('GET', '/api/orders')).json().length;
    const res = await send('POST', '/api/orders', orderPayload(customerId, overrides));
    refused(res, field);
    expect(res.json().details[field]).toBe(NUL_CHARACTER_MESSAGE);
    expect((await send('GET', '/api/orders')).json()).toHaveLength(before);
  });

  it.each(['name', 'company', 'address', 'city', 'contactPerson'])(
    'a customer with NUL in %s: 400, nothing stored',
    async (field) => {
      const before = (await send('GET', '/api/customers')).json().length;
      const res = await send('POST', '/api/customers', {
        name: 'Jan',
        company: 'Jan B.V.',
        email: 'jan@voorbeeld.nl',
        [field]: NUL,
      });
      refused(res, field);
      expect((await send('GET', '/api/customers')).json()).toHaveLength(before);
    },
  );

  it('the profile with NUL in the company: 400, the profile unchanged', async () => {
    const before = (await send('GET', '/api/auth/profile')).json().company;
    refused(await send('PUT', '/api/auth/profile', { company: NUL }), 'company');
    expect((await send('GET', '/api/auth/profile')).json().company).toBe(before);
  });

  it('register with NUL in the name and login with NUL in the e-mail: 400', async () => {
    refused(
      await send(
        'POST',
        '/api/auth/register',
        { name: NUL, email: 'nul@voorbeeld.nl', password: 'Geheim123!', company: 'B' },
        false,
      ),
      'name',
    );
    refused(
      await send(
        'POST',
        '/api/auth/login',
        { email: 'jan\u0000@voorbeeld.nl', password: 'x', rememberMe: false },
        false,
      ),
      'email',
    );
  });

  it('the orders and customers search with NUL: 400, not a 500', async () => {
    // The screens' lists (tRPC; the REST lists of spec §7 take no search).
    const input = encodeURIComponent(JSON.stringify({ search: NUL }));
    for (const list of ['orders.page', 'customers.page']) {
      const res = await send('GET', `/trpc/${list}?input=${input}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.search).toBe(NUL_CHARACTER_MESSAGE);
    }
  });
});
