import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { OrderRecord } from '../../shared/order-record';
import type { AppDeps } from '../deps';
import { orderToWire } from '../services/orders/order-wire';
import { listOrdersPageForApi, orderApiFilter, orderApiSort } from '../services/orders/orders-api-list';
import { ORDER_STREAM_BATCH_SIZE, orderBatches } from '../services/orders/orders-stream';
import { ORDERS_LIST } from './list-operations';
import { parseListQuery, setPageHeaders } from './list-paging';
import { createRequestAuth } from './request-auth';

/**
 * GET /api/orders, streamed. The REST call used to go through trpc-to-openapi to `orders.list`, which
 * builds the whole array first: gigabytes of memory at 100 000 orders, and every other request waited
 * meanwhile (docs/decisions/order-lists.md). This route sends the very same array (orderToWire of every
 * order, newest first, as the tRPC call `orders.list` answers it; described by list-operations.ts) as it
 * reads it: one keyset batch of orders with their lines at a time (services/orders/orders-stream.ts),
 * serialised per batch, the next batch read only once the client (or the compressor) has taken the
 * last. Memory stays at about one batch, and the event loop is free between batches.
 *
 * A static route, so it wins over the REST route's `/api/*` (transport/rest-route.ts) for exactly `GET /api/orders`; every
 * other /api/orders… call, and HEAD, still reaches the procedures.
 *
 * An integrator's parameters (shared/schemas/api-list.ts) filter the same stream; with
 * `limit` the answer is one page (at most 200 orders, so not streamed) with X-Total-Count and Link.
 */

export const ORDERS_LIST_URL = '/api/orders';

export type OrdersStreamOptions = {
  /** Orders per query; tests make it small to cross batch boundaries with a few orders. */
  batchSize?: number;
};

/**
 * Orders per chunk of text. A chunk is more than the stream buffers (16 KB), so after each one the
 * stream waits for the socket (or the compressor) to take it: other requests get their turn between
 * chunks, not only between batches, and no string is big enough (about 110 KB here) to go straight
 * to V8's large-object space, where only a full GC frees it.
 */
const ORDERS_PER_CHUNK = 100;

/** The array's text in chunks: `[` + the first orders, `,` + the next ones, …, `]`. */
async function* jsonArray(
  first: IteratorResult<OrderRecord[], void>,
  rest: AsyncGenerator<OrderRecord[], void, undefined>,
  onError: (err: unknown) => void,
): AsyncGenerator<string, void, undefined> {
  try {
    let batch: OrderRecord[] | undefined = first.done ? undefined : first.value;
    let separator = '[';
    while (batch) {
      for (let i = 0; i < batch.length; i += ORDERS_PER_CHUNK) {
        // One stringify per chunk; its brackets are cut so the chunks join into one array.
        const json = JSON.stringify(batch.slice(i, i + ORDERS_PER_CHUNK).map(orderToWire));
        yield separator + json.slice(1, -1);
        separator = ',';
        // A turn for every other request. The stream alone does not always give one: PGlite answers
        // in the same thread, and a socket that takes every chunk at once never makes it wait, so
        // the whole list ran as one chain of promises and /api/health waited for all of it.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // Let go of the batch before waiting for the next, so it can be collected young.
      batch = undefined;
      const next = await rest.next();
      batch = next.done ? undefined : next.value;
    }
    yield separator === '[' ? '[]' : ']';
  } catch (err) {
    // Not rethrown: the response is cut off by onError, and an error on the stream would have Fastify
    // try to answer a 500 when no byte has left yet (a compressor may still hold the first batch),
    // under the Content-Encoding already set for the list.
    onError(err);
  } finally {
    // The client went away (or a batch failed): stop reading.
    await rest.return();
  }
}

export function registerOrdersStream(
  app: FastifyInstance,
  deps: AppDeps,
  { batchSize = ORDER_STREAM_BATCH_SIZE }: OrdersStreamOptions = {},
): void {
  const auth = createRequestAuth(deps);
  // HEAD keeps going to the procedures (which answer it without reading anything), not the whole list.
  app.get(ORDERS_LIST_URL, { exposeHeadRoute: false }, async (req, reply) => {
    const { tenant } = await auth.requireUser(req, reply);
    const query = parseListQuery(ORDERS_LIST.query, req.query);
    const now = deps.now();
    if (query.limit !== undefined) {
      const { limit, offset = 0 } = query;
      const page = await listOrdersPageForApi(deps.db, tenant, { ...query, limit }, now);
      setPageHeaders(reply, {
        baseUrl: `${deps.config.appUrl}${ORDERS_LIST_URL}`,
        query: req.query as Record<string, unknown>,
        limit,
        offset,
        total: page.total,
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(page.records.map(orderToWire)));
    }
    const batches = orderBatches(deps.db, tenant.organizationId, {
      batchSize,
      where: orderApiFilter(query, tenant, now),
      sort: orderApiSort(query),
    });
    // The first batch before any byte is sent: a database that fails now still gets the usual 500.
    const first = await batches.next();
    // Once the list has begun, a failing batch can only cut the response off: the socket is closed
    // and the client sees an incomplete body, never a shorter array that looks whole. Logged here (a
    // client that leaves is not an error and is not logged).
    const onError = (err: unknown) => {
      deps.log.error(
        { err, organizationId: tenant.organizationId },
        'GET /api/orders: the list broke off mid-stream',
      );
      reply.raw.destroy();
    };
    const body = Readable.from(jsonArray(first, batches, onError), { objectMode: false });
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
