import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { customerApiListQuery, orderApiListQuery, pageHeaders } from '../../shared/schemas/api-list';
import { auditLogEntryOutput, auditLogQuery } from '../../shared/schemas/audit-log';
import { customerOutput } from '../../shared/schemas/customer';
import { orderOutput } from '../../shared/schemas/order';

/**
 * GET /api/orders and GET /api/customers are plain Fastify routes (orders-stream.ts streams the whole
 * list; customers-list.ts), not procedures: what they answer is described here, once. The routes read
 * their query with `query` below, and the OpenAPI document (openapi-document.ts) is generated from
 * these same objects, so the parameters and the answer it describes are the ones that are served.
 */

type ListOperation<Q extends z.ZodType> = {
  /** The path under /api, as the document names it. */
  path: '/orders' | '/customers' | '/organization/audit-log';
  /** The query parameters, as the route parses them (400 with `details` per parameter). */
  query: Q;
  operation: ZodOpenApiOperationObject;
};

/** The 200 of a list: the array, and with `limit` the paging headers. */
const listResponses = (item: z.ZodType) => ({
  200: {
    description: 'Gelukt',
    headers: pageHeaders,
    content: { 'application/json': { schema: z.array(item) } },
  },
  500: {
    description: 'Interne fout: er is niets veranderd; probeer het later opnieuw',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/error.INTERNAL_SERVER_ERROR' } } },
  },
});

export const ORDERS_LIST = {
  path: '/orders',
  query: orderApiListQuery,
  operation: {
    operationId: 'orders-list',
    summary: 'Alle orders, nieuwste eerst',
    description:
      'Zonder parameters: alle orders als één array, nieuwste eerst (gestreamd). Met parameters alleen de orders die passen (met `approval=requested` bijvoorbeeld de orders die op goedkeuring wachten); met `updatedSince` de minst recent gewijzigde eerst. Met `limit` één pagina, met `X-Total-Count` en `Link` (next/prev).',
    tags: ['orders'],
    security: [{ Authorization: [] }],
    requestParams: { query: orderApiListQuery },
    responses: listResponses(orderOutput),
  },
} satisfies ListOperation<typeof orderApiListQuery>;

export const CUSTOMERS_LIST = {
  path: '/customers',
  query: customerApiListQuery,
  operation: {
    operationId: 'customers-list',
    summary: 'Alle klanten',
    description:
      'Zonder parameters: alle klanten als één array, op bedrijfsnaam en naam. Met parameters alleen de klanten die passen; met `updatedSince` de minst recent gewijzigde eerst. Met `limit` één pagina, met `X-Total-Count` en `Link` (next/prev).',
    tags: ['customers'],
    security: [{ Authorization: [] }],
    requestParams: { query: customerApiListQuery },
    responses: listResponses(customerOutput),
  },
} satisfies ListOperation<typeof customerApiListQuery>;

export const AUDIT_LOG_LIST = {
  path: '/organization/audit-log',
  query: auditLogQuery,
  operation: {
    operationId: 'auditLog-list',
    summary: 'Logboek: wie wat wanneer wijzigde, verstuurde of inlogde',
    description:
      'Elke wijziging van orders, klanten, instellingen, templates, leden, uitnodigingen, API-sleutels en webhooks, elke verzending en elke keer inloggen in de organisatie: wanneer, wie (lid of API-sleutel, met de naam van toen), vanaf welk IP-adres, welke actie op welk object en welke velden (alleen namen, nooit geheimen of wachtwoorden). Nieuwste eerst, standaard 50 per pagina, met `X-Total-Count` en `Link` (next/prev). Alleen voor eigenaar en beheerder (anders 403). Regels ouder dan 2 jaar worden verwijderd.',
    tags: ['audit-log'],
    security: [{ Authorization: [] }],
    requestParams: { query: auditLogQuery },
    responses: listResponses(auditLogEntryOutput),
  },
} satisfies ListOperation<typeof auditLogQuery>;

/** The plain list routes for the document generator, beside the procedures' own paths. */
export const listPaths: ZodOpenApiPathsObject = Object.fromEntries(
  [ORDERS_LIST, CUSTOMERS_LIST, AUDIT_LOG_LIST].map(({ path, operation }) => [path, { get: operation }]),
);
