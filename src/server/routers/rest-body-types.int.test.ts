import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

/**
 * A JSON body is read as sent: text where the contract has a boolean or a number is refused with the
 * field's message and changes nothing. (Converted, `"false"` would read as true: an order's BTW
 * verlegd switched on, a bank account shown.) A list's query string still converts its text.
 */
describe('REST bodies take their JSON types as sent (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let headers: { authorization: string };
  let customer: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    const { user, token } = await createSignedInUser(database.db);
    headers = { authorization: `Bearer ${token}` };
    customer = (await insertCustomer(database.db, user.id)).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('PUT /api/auth/pdf-settings: "showBankAccount": "false" is refused, the setting stays', async () => {
    expect((await call('PUT', '/api/auth/pdf-settings', { showBankAccount: false })).statusCode).toBe(200);
    const res = await call('PUT', '/api/auth/pdf-settings', { showBankAccount: 'false' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      details: { showBankAccount: expect.any(String) },
    });
    expect((await call('GET', '/api/auth/pdf-settings')).json()).toMatchObject({ showBankAccount: false });
  });

  it('POST /api/orders: "btwVerlegd": "false" or "true" is refused, no order is made', async () => {
    const before = (await call('GET', '/api/orders')).json() as { total: number };
    for (const wrong of [{ btwVerlegd: 'false' }, { btwVerlegd: 'true' }]) {
      const res = await call('POST', '/api/orders', { ...orderPayload(customer), ...wrong });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().details)).toEqual(Object.keys(wrong));
    }
    expect(((await call('GET', '/api/orders')).json() as { total: number }).total).toBe(before.total);
    // The same order with its JSON types is made, and then not "verlegd".
    const made = await call('POST', '/api/orders', orderPayload(customer));
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ btwVerlegd: false });
  });

  it('after REST calls, tRPC still refuses text for a boolean: the schemas are not marked', async () => {
    await call('GET', '/api/customers?activeOnly=true&page=1');
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/pdfSettings.update',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { showBankAccount: 'false' },
    });
    expect(res.statusCode).toBe(400);
  });
});
