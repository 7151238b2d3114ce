import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { uniqueEmail } from './helpers';
import { insertCustomer, orderPayload } from './orders-fixtures';
import type { ObjectKind } from './path-objects';

/** The organisation's own objects the generated tests put into the paths, by kind. */
export type OwnObjects = Pick<
  Record<ObjectKind, string>,
  'customer' | 'order' | 'emailTemplate' | 'apiKey' | 'webhook' | 'pdfFile' | 'invitation'
>;

/**
 * One object of each kind a path can name, made by the organisation's owner over REST as a client
 * would (a customer, an order for it, a template, an API key, a webhook to `https://{host}/hook`, the
 * order's PDF, an open invitation): for the tests that walk every operation of the OpenAPI document.
 */
export async function createObjectsOfEachKind(
  app: FastifyInstance,
  db: Db,
  organizationId: string,
  ownerToken: string,
  host: string,
): Promise<OwnObjects> {
  const made = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${ownerToken}` },
      payload,
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const customer = await insertCustomer(db, organizationId);
  const order = await made('POST', '/api/orders', orderPayload(customer.id));
  const template = await made('POST', '/api/email-templates', {
    name: 'Order versturen',
    subject: 'Order {{order.orderNumber}}',
    content: '<p>Beste {{customer.name}}, hierbij de order.</p>',
  });
  const apiKey = await made('POST', '/api/api-keys', { name: 'Boekhouding', access: 'write' });
  const webhook = await made('POST', '/api/webhooks', {
    url: `https://${host}/hook`,
    events: ['order.updated'],
  });
  const pdf = await made('GET', `/api/pdf/orders/${order._id}`);
  const invitation = await made('POST', '/api/organization/invitations', {
    email: uniqueEmail(),
    role: 'member',
  });
  return {
    customer: customer.id,
    order: order._id,
    emailTemplate: template._id,
    apiKey: apiKey._id,
    webhook: webhook._id,
    pdfFile: pdf.filename,
    invitation: invitation.id,
  };
}
