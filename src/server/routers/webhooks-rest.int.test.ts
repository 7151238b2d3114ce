import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';

describe('webhooks over REST (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let alice: { authorization: string };
  let bob: { authorization: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    alice = { authorization: `Bearer ${(await createSignedInUser(database.db)).token}` };
    bob = { authorization: `Bearer ${(await createSignedInUser(database.db)).token}` };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('creates with the secret once, lists, reads, updates, sends a test and deletes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: alice,
      payload: {
        url: 'https://voorbeeld.nl/hook',
        events: ['order.created', 'order.created', 'customer.deleted'],
      },
    });
    expect(created.statusCode).toBe(200);
    const hook = created.json();
    expect(hook).toMatchObject({
      url: 'https://voorbeeld.nl/hook',
      events: ['order.created', 'customer.deleted'],
      active: true,
      failing: false,
      failingSince: null,
      secret: expect.stringMatching(/^whsec_/),
    });
    const path = `/api/webhooks/${hook._id}`;
    const list = await app.inject({ method: 'GET', url: '/api/webhooks', headers: alice });
    const { secret: _secret, ...shown } = hook;
    expect(list.json()).toEqual([shown]);
    const paused = await app.inject({
      method: 'PUT',
      url: path,
      headers: alice,
      payload: { url: hook.url, events: ['order.sent'], active: false },
    });
    expect(paused.json()).toMatchObject({ events: ['order.sent'], active: false });
    const test = await app.inject({ method: 'POST', url: `${path}/test`, headers: alice });
    expect(test.json()).toMatchObject({ success: true, eventId: expect.stringMatching(/^msg_/) });
    expect((await app.inject({ method: 'GET', url: `${path}/deliveries`, headers: alice })).json()).toEqual(
      [],
    );

    for (const [method, url] of [
      ['GET', path],
      ['PUT', path],
      ['DELETE', path],
      ['GET', `${path}/deliveries`],
      ['POST', `${path}/test`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: bob,
        ...(method === 'PUT'
          ? { payload: { url: 'https://x.nl/', events: ['order.sent'], active: true } }
          : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await app.inject({ method: 'DELETE', url: path, headers: alice })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: path, headers: alice })).statusCode).toBe(404);
  });

  it('answers a private or malformed target with a Dutch 400 and details', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: alice,
      payload: { url: 'https://127.0.0.1/hook', events: ['order.created'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({
      url: expect.stringContaining('niet bereikbaar vanaf internet'),
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: alice,
      payload: { url: 'geen url', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      url: 'Voer een geldige URL in, bijv. https://voorbeeld.nl/webhook',
      events: 'Kies minstens één gebeurtenis',
    });
  });
});
