import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { listCustomersForApi } from '../services/customers/customers-api-list';
import { CUSTOMERS_LIST } from './list-operations';
import { parseListQuery, setPageHeaders } from './list-paging';
import { createRequestAuth } from './request-auth';

/**
 * GET /api/customers: the spec's plain array, and with an integrator's parameters a
 * filtered list or, with `limit`, one page with X-Total-Count and Link. A plain route for the same
 * reason as GET /api/orders (orders-stream.ts): the headers belong to the HTTP answer, which a
 * procedure does not set. Described by list-operations.ts; `customers.list` is the tRPC call.
 */
export const CUSTOMERS_LIST_URL = '/api/customers';

export function registerCustomersList(app: FastifyInstance, deps: AppDeps): void {
  const auth = createRequestAuth(deps);
  app.get(CUSTOMERS_LIST_URL, { exposeHeadRoute: false }, async (req, reply) => {
    const { tenant } = await auth.requireUser(req, reply);
    const query = parseListQuery(CUSTOMERS_LIST.query, req.query);
    const { customers, total } = await listCustomersForApi(deps.db, tenant.organizationId, query);
    if (query.limit !== undefined && total !== null) {
      setPageHeaders(reply, {
        baseUrl: `${deps.config.appUrl}${CUSTOMERS_LIST_URL}`,
        query: req.query as Record<string, unknown>,
        limit: query.limit,
        offset: query.offset ?? 0,
        total,
      });
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(customers));
  });
}
