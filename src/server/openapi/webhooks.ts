import type { OpenAPIObject } from 'trpc-to-openapi';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEventType } from '../../shared/schemas/webhook';

/**
 * The deliveries an integrator receives, as OpenAPI 3.1's top-level `webhooks`: one per
 * event type, with the signature headers and the payload `{id, type, createdAt, data}` whose `data`
 * is the object in the same shape as GET /orders/{id} or GET /customers/{id} answers it (the schemas
 * are taken from those operations, so they cannot differ).
 */

type Media = { schema?: unknown; example?: unknown };
type Operation = { responses?: Record<string, { content?: Record<string, Media> }> };

const answerOf = (doc: OpenAPIObject, path: string) => {
  const get = (doc.paths?.[path] as { get?: Operation } | undefined)?.get;
  return get?.responses?.['200']?.content?.['application/json'];
};

const signatureHeaders = [
  {
    in: 'header',
    name: 'webhook-id',
    required: true,
    description:
      'Unieke id van het bericht (gelijk bij een nieuwe poging): gebruik hem om dubbele leveringen te herkennen',
    schema: { type: 'string' },
    example: 'msg_2b7d4e5f6a103f6c1f7e8a524c1d9a3e',
  },
  {
    in: 'header',
    name: 'webhook-timestamp',
    required: true,
    description:
      'Moment van ondertekenen, in seconden sinds 1970 (weiger een tijd die meer dan 5 minuten afwijkt)',
    schema: { type: 'string' },
    example: '1795511700',
  },
  {
    in: 'header',
    name: 'webhook-signature',
    required: true,
    description:
      '`v1,` + base64 HMAC-SHA256 van `{webhook-id}.{webhook-timestamp}.{body}`, met als sleutel de base64-bytes na `whsec_` van het geheim (Standard Webhooks)',
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

export function describeWebhooks(doc: OpenAPIObject): OpenAPIObject {
  const order = answerOf(doc, '/orders/{id}');
  const customer = answerOf(doc, '/customers/{id}');
  const webhooks: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENTS) {
    const object = type.startsWith('order.') ? order : customer;
    webhooks[type] = { post: deliveryOperation(type, object) };
  }
  (doc as { webhooks?: Record<string, unknown> }).webhooks = webhooks;
  return doc;
}

function deliveryOperation(type: WebhookEventType, object: Media | undefined) {
  const deleted = type.endsWith('.deleted');
  return {
    operationId: `webhook-${type.replace('.', '-')}`,
    summary: WEBHOOK_EVENT_LABELS[type],
    description: `Een POST naar het adres van uw webhook bij '${type}'${
      deleted ? '; `data` is het object zoals het was vlak voor het verwijderen' : ''
    }. Antwoord binnen 10 seconden met een 2xx; anders volgt een nieuwe poging met toenemende tussenpozen, ongeveer een dag lang. Doorverwijzingen worden niet gevolgd.`,
    tags: ['webhooks'],
    security: [],
    parameters: signatureHeaders,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              id: { type: 'string', description: 'Unieke id van de gebeurtenis (gelijk aan webhook-id)' },
              type: { type: 'string', const: type, description: 'Het soort gebeurtenis' },
              createdAt: { type: 'string', description: 'Moment van de wijziging (ISO 8601, UTC)' },
              data: { ...(object?.schema as object), description: 'Het object, zoals de REST-API het geeft' },
            },
            required: ['id', 'type', 'createdAt', 'data'],
            additionalProperties: false,
          },
          example: {
            id: 'msg_2b7d4e5f6a103f6c1f7e8a524c1d9a3e',
            type,
            createdAt: '2026-11-24T09:15:00.000Z',
            data: object?.example,
          },
        },
      },
    },
    responses: {
      '200': { description: 'Ontvangen (elke 2xx telt)' },
      '400': { description: 'Geweigerd: wordt opnieuw geprobeerd, tot de laatste poging' },
    },
  };
}
