import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { AppDeps } from '../deps';
import { orderUbl } from '../services/orders/order-ubl';
import { attachmentDisposition } from './pdf-download';
import { createRequestAuth } from './request-auth';

export const ORDER_UBL_PATH = '/orders/{id}/ubl';

/**
 * GET /api/orders/{id}/ubl — the order as a Peppol BIS Ordering 3 UBL file (services/orders/order-ubl.ts),
 * as an attachment named after the order number. A plain route: its answer is XML, not the JSON a
 * procedure answers. Whoever may read the order may have the file (a viewer, a read-only API key);
 * another organisation's order is a 404 like any unknown id, and an order that cannot be expressed a
 * 409 whose message names what is missing. A parametric route, so it wins over the REST route's `/api/*`.
 */
export function registerOrderUbl(app: FastifyInstance, deps: AppDeps): void {
  const auth = createRequestAuth(deps);
  app.get<{ Params: { id: string } }>('/api/orders/:id/ubl', async (req, reply) => {
    const { tenant } = await auth.requireUser(req, reply);
    const file = await orderUbl(deps.db, tenant, req.params.id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.xml);
  });
}

/** The download in the OpenAPI document, under the orders, beside the procedures trpc-to-openapi describes. */
export function describeOrderUbl(doc: OpenAPIObject): OpenAPIObject {
  const error = (code: string, description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
  });
  doc.paths = {
    ...doc.paths,
    [ORDER_UBL_PATH]: {
      get: {
        operationId: 'orders-ubl',
        summary: 'Order als UBL-bestand (Peppol)',
        description:
          'De order als UBL 2.1 Order volgens Peppol BIS Ordering 3.0 (CustomizationID `urn:fdc:peppol.eu:poacc:trns:order:3`, ProfileID `urn:fdc:peppol.eu:poacc:bis:order_only:3`), als bijlage `{ordernummer}.xml`: het document dat een inkoop- of ERP-systeem inleest. De klant is de koper (BuyerCustomerParty), uw bedrijf de verkoper (SellerSupplierParty), elk met een Peppol-adres (EndpointID): het KVK-nummer (schema 0106), anders het BTW-nummer (schema van zijn land, 9944 voor Nederland). Eenheden volgen UN/ECE Recommendation 20 (stuk H87, uur HUR, dag DAY, meter MTR, m² MTK), btw-categorieën UNCL 5305 (S bij 21% en 9%, Z bij 0%, K bij 0% aan een bedrijf elders in de EU, AE bij btw verlegd). De bedragen zijn die van de PDF, tot op de cent. Lezen mag iedere rol, ook met een API-sleutel die alleen mag lezen. Een order die op goedkeuring wacht (zie `approval` van GET /orders/{id}) geeft 409 met `code` `APPROVAL_REQUIRED`, zoals het versturen.',
        tags: ['orders'],
        security: [{ Authorization: [] }],
        parameters: [
          {
            in: 'path',
            name: 'id',
            required: true,
            description: 'Het `_id` van de order (uuid); een onbekend of ander id geeft 404',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'Het UBL-bestand',
            headers: {
              'Content-Disposition': {
                description: 'attachment; filename="{ordernummer}.xml"',
                schema: { type: 'string' },
              },
            },
            content: { 'application/xml': { schema: { type: 'string' } } },
          },
          '404': error('NOT_FOUND', 'Order niet gevonden (of van een ander account)'),
          '409': error(
            'CONFLICT',
            'De order kan niet als Peppol-order: `message` noemt wat er ontbreekt, zoals het KVK- of BTW-nummer van uw bedrijf of het BTW-nummer van de klant. Met `code` `APPROVAL_REQUIRED`: de order moet eerst worden goedgekeurd (zoals bij het versturen per e-mail)',
          ),
        },
      },
    },
  };
  return doc;
}
