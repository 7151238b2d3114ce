import { expect, test } from '@playwright/test';
import { startWebhookReceiver, waitFor } from '../src/test/webhook-receiver';
import { signUpAndLogin } from './support/auth';
import { verifyWebhook } from './support/webhooks';

/**
 * An integrator's whole journey, only over REST with an API key, and only by what the
 * OpenAPI document says: every call is found by its operationId in /api/openapi.json, its path and
 * method read from there. Create a customer and an order, make and download the PDF, send it, receive
 * the webhook, and read the order back as sent.
 */

type Operation = { method: string; path: string };

test('an integrator: customer, order, PDF, e-mail and webhook over REST with an API key, by the document', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The one step a person takes: signing up and making the key.
  await signUpAndLogin(page, page.request, { company: 'Koppeling BV' });
  const made = await page.request.post('/api/api-keys', { data: { name: 'Boekhouding', access: 'write' } });
  expect(made.status(), await made.text()).toBe(200);
  const { secret: key } = (await made.json()) as { secret: string };

  const doc = (await (await fetch(`${baseURL}/api/openapi.json`)).json()) as {
    servers: { url: string }[];
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item))
      if (op.operationId) operations.set(op.operationId, { method, path });
  }
  // The document's server is APP_URL/api; the test reaches the same server at baseURL.
  const apiBase = `${baseURL}${new URL(doc.servers[0]!.url).pathname}`;

  async function call(operationId: string, params: Record<string, string> = {}, body?: unknown) {
    const op = operations.get(operationId);
    if (!op) throw new Error(`${operationId} staat niet in het OpenAPI-document`);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    return fetch(`${apiBase}${path}`, {
      method: op.method.toUpperCase(),
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function json<T>(operationId: string, params: Record<string, string> = {}, body?: unknown) {
    const res = await call(operationId, params, body);
    expect(res.status, `${operationId}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as T;
  }

  const receiver = await startWebhookReceiver();
  try {
    const hook = await json<{ _id: string; secret: string }>(
      'webhooks-create',
      {},
      {
        url: receiver.url('/boekhouding'),
        events: ['order.created', 'order.sent'],
        active: true,
      },
    );

    const customer = await json<{ _id: string }>(
      'customers-create',
      {},
      {
        name: 'Petra Jansen',
        company: 'Jansen Bouw B.V.',
        email: 'petra@jansenbouw.nl',
      },
    );
    const order = await json<{ _id: string; orderNumber: string; total: number; status: string }>(
      'orders-create',
      {},
      {
        customer: customer._id,
        project: 'Verbouwing kantoor',
        items: [{ description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: '199,99', vat: 21 }],
      },
    );
    expect(order).toMatchObject({ status: 'concept', total: 725.96 });

    const { filename } = await json<{ filename: string }>('pdf-order', { id: order._id });
    const pdf = await call('pdf-download', { filename });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await json(
      'orders-sendEmail',
      { id: order._id },
      {
        recipient: 'inkoop@jansenbouw.nl',
        subject: 'Inkooporder {{order.orderNumber}}',
        message: '<p>Beste {{customer.name}}, hierbij onze order.</p>',
        includePdf: true,
      },
    );

    const sentEvent = () =>
      receiver.at('/boekhouding').find((r) => (JSON.parse(r.body) as { type: string }).type === 'order.sent');
    await waitFor('de webhook order.sent', () => sentEvent() !== undefined);
    const delivery = sentEvent()!;
    expect(verifyWebhook(hook.secret, delivery.headers, delivery.body)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'order.sent',
      data: { _id: order._id, orderNumber: order.orderNumber, status: 'sent' },
    });

    const back = await json<{ status: string; emails: { recipient: string; includePdf: boolean }[] }>(
      'orders-get',
      { id: order._id },
    );
    expect(back.status).toBe('sent');
    expect(back.emails).toEqual([
      expect.objectContaining({ recipient: 'inkoop@jansenbouw.nl', includePdf: true }),
    ]);
  } finally {
    await receiver.close();
  }
});
