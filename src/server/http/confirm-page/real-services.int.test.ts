import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CustomerResponse, confirmationMessages } from '../../../shared/schemas/order-confirmation';
import { buildTestApp, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { solidImage } from '../../../test/logo-images';
import { type CapturingMailer, createCapturingMailer } from '../../../test/mailer';
import { insertCustomer, orderPayload } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { saveLogo } from '../../services/logo/logos';

/**
 * The order page on the app's own services (every other test of the page drives it with a fake):
 * the link from a real send opens the order as sent, the page's own form records the answer the
 * JSON API then shows, and a newer send leaves the old page saying so.
 */

let database: TestDatabase;
/** Every statement the app's queries sent, in order (openTestDatabase's logger). */
const statements: string[] = [];
let app: FastifyInstance;
let mailer: CapturingMailer;
let token: string;
let customerId: string;
let organizationId: string;

const auth = () => ({ authorization: `Bearer ${token}` });

async function sentOrder(): Promise<{ id: string; orderNumber: string; link: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth(),
    payload: orderPayload(customerId),
  });
  const order = created.json() as { _id: string; orderNumber: string };
  return { id: order._id, orderNumber: order.orderNumber, link: await send(order._id) };
}

async function send(orderId: string): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/send-email`,
    headers: auth(),
    payload: {
      recipient: 'inkoop@jansenbouw.nl',
      subject: 'Order',
      message: '<p>Hierbij.</p>',
      includePdf: false,
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const path = /\/confirm\/[A-Za-z0-9_-]+/.exec(mailer.messages.at(-1)!.text)?.[0];
  expect(path).toBeDefined();
  return path!;
}

const formTokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  database = await openTestDatabase({ logger: { logQuery: (query) => statements.push(query) } });
  mailer = createCapturingMailer();
  app = await buildTestApp(testDeps(database.db, mailer));
  const owner = await createSignedInUser(database.db, { name: 'Olga Eigenaar', company: 'De Vries B.V.' });
  token = owner.token;
  organizationId = owner.organization.id;
  customerId = (await insertCustomer(database.db, organizationId, { email: 'inkoop@jansenbouw.nl' })).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the order page on the real services', () => {
  it('opens the order sent with the link, takes the answer from its own form, and the API shows it', async () => {
    const order = await sentOrder();
    const page = await app.inject({ method: 'GET', url: order.link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(order.orderNumber);

    // Opening it (GET and HEAD) records nothing.
    expect((await app.inject({ method: 'HEAD', url: order.link })).statusCode).toBe(200);
    const api = order.link.replace('/confirm/', '/api/public/confirm/');
    expect((await app.inject({ method: 'GET', url: api })).json()).toMatchObject({
      state: 'waiting',
      response: null,
    });

    const posted = await app.inject({
      method: 'POST',
      url: order.link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({
        formToken: formTokenOf(page.body),
        decision: 'accept',
        name: 'Petra Jansen',
        deliveryDate: '2027-01-15',
      }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);

    const answered = (await app.inject({ method: 'GET', url: api })).json() as {
      state: string;
      response: CustomerResponse;
    };
    expect(answered.state).toBe('answered');
    expect(answered.response).toMatchObject({
      decision: 'accepted',
      respondentName: 'Petra Jansen',
      deliveryDate: '2027-01-15',
    });
    const after = await app.inject({ method: 'GET', url: order.link });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Petra Jansen');
    expect(after.body).not.toContain('name="formToken"');
  });

  it('a newer send of a changed order leaves the old page saying it was replaced (410); an unknown link is 404', async () => {
    const order = await sentOrder();
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      headers: auth(),
      payload: orderPayload(customerId, {
        project: 'Tweede versie',
        items: [{ description: 'Anders', quantity: 3, unit: 'stuk', price: 10, vat: '21' }],
      }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const newer = await send(order.id);
    expect(newer).not.toBe(order.link);

    const old = await app.inject({ method: 'GET', url: order.link });
    expect(old.statusCode).toBe(410);
    expect(old.body).toContain(confirmationMessages.replaced);
    expect((await app.inject({ method: 'GET', url: newer })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(404);
  });

  it('a visit reads the database once: the order as sent and the seller’s logo in one query', async () => {
    await saveLogo(
      database.db,
      organizationId,
      { content: await solidImage(400, 100, 'png'), contentType: 'image/png' },
      new Date(),
    );
    const order = await sentOrder();
    // The first visit renders the page, the next one is served as kept: both read once.
    for (const visit of ['first', 'kept']) {
      statements.length = 0;
      const page = await app.inject({ method: 'GET', url: order.link });
      expect(page.statusCode, visit).toBe(200);
      expect(page.body, visit).toMatch(/<img src="\/confirm\/[^"]+\/logo\?v=[0-9a-f]{64}"/);
      expect(statements, visit).toHaveLength(1);
    }
  });
});
