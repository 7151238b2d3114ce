import type { AnyRouter } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import {
  type HTTPErrorHandler,
  type ResponseMetaFn,
  resolveResponse,
  type TRPCRequestInfo,
} from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerSingleQuery } from './trpc-single-query';

/**
 * tRPC over Fastify, as @trpc/server's fastifyTRPCPlugin serves it (the same route, body parsing,
 * protocol, batching, errors and headers: resolveResponse does all of that) but without two costs its
 * adapter pays on every call. Measured with node --cpu-prof under autocannon (GET /trpc/auth.profile,
 * issue 12):
 *
 * - the answer went out as a web stream: chunked, written piecewise, with a trailer (~22 % of the CPU,
 *   most of it in socket writes). A plain JSON answer is now read whole and sent as one body; streams
 *   (jsonl batches, subscriptions) still go out as streams.
 * - every request became a fetch Request: a copy of every header, a URL, and an AbortController that the
 *   adapter aborts when the response closes, i.e. after every call, building a DOMException each time
 *   (~10 %). resolveResponse reads only `url`, `method`, `headers.get/has`, `signal` and `json()` of a
 *   GET or JSON call; {@link lightRequest} is exactly that over Fastify's request, and its signal aborts
 *   only when the client goes away before the answer is written. Any other body (form data, octets)
 *   still gets the full fetch Request.
 * - a single query (GET, no batch) skips resolveResponse itself: trpc-single-query.ts answers it as
 *   resolveResponse would, without its URL, Headers, combined abort signals and Response (~17 % more).
 */

/** The app's context from Fastify's request and reply: one factory for the tRPC and the REST route. */
export type FastifyContextFactory<TRouter extends AnyRouter> = (opts: {
  req: FastifyRequest;
  res: FastifyReply;
  info: TRPCRequestInfo;
}) => Promise<TRouter['_def']['_config']['$types']['ctx']>;

export type TrpcRouteOptions<TRouter extends AnyRouter> = {
  prefix: string;
  router: TRouter;
  createContext: FastifyContextFactory<TRouter>;
  responseMeta?: ResponseMetaFn<TRouter>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
};

const clientGoneSignals = new WeakMap<FastifyReply, AbortSignal>();

/** A signal that aborts when the client goes away before the answer is written; one per reply. */
export function clientGone(reply: FastifyReply): AbortSignal {
  let signal = clientGoneSignals.get(reply);
  if (!signal) {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    signal = controller.signal;
    clientGoneSignals.set(reply, signal);
  }
  return signal;
}

/** The part of a fetch Request that resolveResponse reads, for a GET or a JSON body Fastify has read. */
export function lightRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const raw = req.raw.headers;
  const header = (name: string) => {
    const value = raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const signal = clientGone(reply);
  // Fastify read a JSON body as text (the parser below); undici's json() parses that same text.
  const text = typeof req.body === 'string' ? req.body : '';
  const light = {
    url: `http://localhost${req.url}`,
    method: req.method,
    headers: { get: header, has: (name: string) => header(name) !== null },
    signal,
    json: async () => JSON.parse(text),
  };
  return light as unknown as Request;
}

/**
 * resolveResponse's answer through Fastify. One JSON document (a single call or a plain batch): whole.
 * jsonl batches and event streams (transfer-encoding chunked, text/event-stream) and bodiless answers
 * as fastifyTRPCPlugin sends them.
 */
export async function sendTrpcResponse(reply: FastifyReply, res: Response) {
  const whole =
    res.body !== null &&
    res.headers.get('content-type') === 'application/json' &&
    !res.headers.has('transfer-encoding');
  if (!whole) return reply.send(res);
  reply.code(res.status);
  res.headers.forEach((value, key) => {
    reply.header(key, value);
  });
  return reply.send(await res.text());
}

const readsAsJson = (req: FastifyRequest) =>
  req.method === 'GET' ||
  req.method === 'HEAD' ||
  (req.headers['content-type'] ?? '').startsWith('application/json');

export async function registerTrpcRoute<TRouter extends AnyRouter>(
  app: FastifyInstance,
  opts: TrpcRouteOptions<TRouter>,
) {
  await app.register(async (scope) => {
    // As fastifyTRPCPlugin: tRPC parses a JSON body itself, and a multipart body reaches it unread.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

    scope.all<{ Params: { path: string } }>(`${opts.prefix}/:path`, async (req, reply) => {
      const createContext = ({ info }: { info: TRPCRequestInfo }) =>
        opts.createContext({ req, res: reply, info });
      const single = await answerSingleQuery(
        { router: opts.router, createContext, responseMeta: opts.responseMeta, onError: opts.onError },
        req,
        req.params.path,
        () => clientGone(reply),
      );
      if (single) {
        reply.code(single.status);
        for (const [key, value] of single.headers) reply.header(key, value);
        return reply.send(single.body);
      }
      let request: Request;
      if (readsAsJson(req)) request = lightRequest(req, reply);
      else {
        const incoming = req.raw as typeof req.raw & { body?: unknown };
        if ('body' in req) incoming.body = req.body;
        request = incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null });
      }
      const res = await resolveResponse({
        router: opts.router,
        req: request,
        path: req.params.path,
        error: null,
        createContext,
        responseMeta: opts.responseMeta,
        onError: opts.onError ? (o) => opts.onError?.({ ...o, req }) : undefined,
      });
      return sendTrpcResponse(reply, res);
    });
  });
}
