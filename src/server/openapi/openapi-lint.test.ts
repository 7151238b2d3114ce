import { createRequire } from 'node:module';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../shared/schemas/webhook';
import { buildOpenApiDocument } from '../http/openapi-document';
import { newWebhookSecret, signatureHeaders } from '../services/webhooks/signing';
import { operationsOf } from './api-conventions';

type WebhookOperation = {
  parameters: { name: string }[];
  requestBody: { content: Record<string, { schema: { properties: { data: unknown } }; example: unknown }> };
};
type AnswerOperation = { responses: Record<string, { content: Record<string, { schema: unknown }> }> };

/**
 * The OpenAPI document lints clean with Redocly's recommended rules, examples checked
 * against their schemas as errors. Two rules are off, each for a reason that holds for this API:
 */
const RULES = {
  'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
  'no-invalid-schema-examples': 'error',
  // A hosted product's API, not an open document: there is no licence to name.
  'info-license': 'off',
  // GET /health and GET /auth/logout cannot answer a 4xx; the test below holds every other operation to one.
  'operation-4xx-response': 'off',
} as const;

// The address a deployment has (the document's server is APP_URL); a localhost one is a lint warning.
const doc = buildOpenApiDocument('https://app.inkooporders.nl');

describe('the OpenAPI document', () => {
  it('describes every webhook event with its signature headers and the object as GET answers it', () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: WebhookOperation }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const orderGet = doc.paths?.['/orders/{id}']?.get as unknown as AnswerOperation;
    const orderSchema = orderGet.responses['200']?.content['application/json']?.schema;
    const payload = webhooks['order.sent']?.post.requestBody.content['application/json'];
    expect(payload?.schema.properties.data).toMatchObject(orderSchema as object);
    expect(payload?.example).toMatchObject({ type: 'order.sent', data: { orderNumber: 'INK-2026-1001' } });
    expect(webhooks['customer.deleted']?.post.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('shows a way to verify a signature that accepts what the server signs and refuses anything else', () => {
    const code = /```js\n([\s\S]*?)```/.exec(doc.info.description ?? '')?.[1];
    expect(code).toBeDefined();
    const isEcht = new Function('require', `${code}; return isEcht;`)(createRequire(import.meta.url)) as (
      secret: string,
      headers: Record<string, string>,
      body: string,
    ) => boolean;
    const secret = newWebhookSecret();
    const body = JSON.stringify({
      id: 'msg_1',
      type: 'order.created',
      createdAt: '2026-11-24T09:15:00.000Z',
      data: {},
    });
    const headers = signatureHeaders(secret, 'msg_1', 1_795_511_700, body);
    expect(isEcht(secret, headers, body)).toBe(true);
    expect(isEcht(secret, headers, `${body} `)).toBe(false);
    expect(isEcht(newWebhookSecret(), headers, body)).toBe(false);
  });

  it('lints clean with @redocly/openapi-core (recommended)', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: RULES });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it('gives every operation but health and logout a 4xx, and every body and JSON answer an example', () => {
    const missing: string[] = [];
    for (const [method, path, operation] of operationsOf(doc)) {
      const name = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(operation.responses);
      if (!['GET /health', 'GET /auth/logout'].includes(name) && !statuses.some((s) => s.startsWith('4')))
        missing.push(`${name}: no 4xx`);
      const body = operation.requestBody?.content?.['application/json'];
      if (body && body.example === undefined) missing.push(`${name}: request without example`);
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (status.startsWith('2') && media && media.example === undefined)
          missing.push(`${name} ${status}: answer without example`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names the errors an operation can answer: a read-only key’s 403, a page’s 404, an idempotent 422, a 429 with Retry-After', () => {
    const post = doc.paths?.['/orders']?.post as { responses: Record<string, { headers?: object }> };
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '413', '415', '422', '429', '500']),
    );
    expect(post.responses['429']?.headers).toHaveProperty('Retry-After');
    expect(post.responses['200']?.headers).toHaveProperty('RateLimit-Remaining');
    const get = doc.paths?.['/customers/{id}']?.get as { responses: object };
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '429']));
    const health = doc.paths?.['/health']?.get as { security?: unknown[] };
    expect(health.security).toEqual([]);
  });

  it('names the 409 of a webhook limit or duplicate in its own words, without Retry-After', () => {
    type Responses = { responses: Record<string, { description: string; headers?: object }> };
    const create = doc.paths?.['/webhooks']?.post as unknown as Responses;
    expect(create.responses['409']?.description).toMatch(/20 webhooks.*dezelfde gebeurtenissen/);
    expect(create.responses['409']?.headers).toBeUndefined();
    const update = doc.paths?.['/webhooks/{id}']?.put as unknown as Responses;
    expect(update.responses['409']?.description).toMatch(/dezelfde gebeurtenissen/);
    const test = doc.paths?.['/webhooks/{id}/test']?.post as unknown as Responses;
    expect(test.responses['429']?.headers).toHaveProperty('Retry-After');
    // An idempotent call's 409 keeps its own meaning.
    const order = doc.paths?.['/orders']?.post as unknown as Responses;
    expect(order.responses['409']?.description).toMatch(/Idempotency-Key/);
  });

  it('names the 503 of a database that is away, with Retry-After, on every operation', () => {
    const without: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {}))
      for (const [method, operation] of Object.entries(
        item as Record<string, { responses: Record<string, { headers?: object }> }>,
      ))
        if (!operation.responses['503']?.headers || !('Retry-After' in operation.responses['503'].headers))
          without.push(`${method} ${path}`);
    expect(without).toEqual([]);
  });
});
