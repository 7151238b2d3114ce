import type { AnyRouter } from '@trpc/server';
import type { HTTPErrorHandler, ResponseMetaFn, TRPCRequestInfo } from '@trpc/server/http';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyRequest } from 'fastify';

/**
 * One tRPC query (GET /trpc/<path>?input=…, no batch) answered as resolveResponse answers it (v11.19:
 * the same input reading, context, procedure call, errors, onError, responseMeta, status, headers and
 * body) without its fetch machinery. Measured with node --cpu-prof under autocannon on GET
 * /trpc/auth.profile (issue 12), resolveResponse's own work was ~17 % of the request's CPU: a URL, a
 * Headers object, two AbortSignals combined per call (AbortSignal.any), a fetch Response whose body the
 * route then read back as text, and tRPC's option copies. A query that is anything else (a batch, a
 * streamed or SSE call, connection parameters, a body type of its own, an unusual URL, a lazy router's
 * path) returns null here and goes through resolveResponse as before; trpc-single-query.test.ts sends
 * the same calls both ways and compares the answers byte for byte.
 */

export type SingleQueryOptions<TRouter extends AnyRouter> = {
  router: TRouter;
  createContext: (opts: { info: TRPCRequestInfo }) => Promise<unknown>;
  responseMeta?: ResponseMetaFn<TRouter>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
};

type Answer = { status: number; headers: [string, string][]; body: string };

/** resolveResponse's test for a result it cannot send as one JSON document. */
const isDataStream = (v: unknown) =>
  isObject(v) &&
  (isAsyncIterable(v) || Object.values(v).some(isPromise) || Object.values(v).some(isAsyncIterable));

/** Characters with which the URL parser leaves a query as it is; anything else goes the long way. */
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%[\]{}"|^`\\]*$/;

const jsonlAccept = (accept: string | undefined) =>
  accept?.split(',').some((t) => t.trim() === 'application/jsonl') ?? false;

type Procedure = ((opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: 'query';
  signal: AbortSignal | undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: { type: string } };

/**
 * The query's procedure when this call is one the fast path answers exactly as resolveResponse would;
 * null otherwise.
 */
function singleQuery(
  router: AnyRouter,
  req: FastifyRequest,
  path: string,
): { procedure: Procedure; search: URLSearchParams } | null {
  if (req.method !== 'GET') return null;
  const headers = req.headers;
  const type = headers['content-type'];
  if (type !== undefined && !type.startsWith('application/json')) return null;
  if (headers['trpc-accept'] !== undefined || jsonlAccept(headers.accept)) return null;
  // resolveResponse decodes the path Fastify decoded once more; a path without '%' is its own decoding.
  if (path.includes('%') || !Object.hasOwn(router._def.procedures, path)) return null;
  const procedure = router._def.procedures[path] as Procedure;
  if (procedure._def.type !== 'query') return null;
  const q = req.url.indexOf('?');
  const query = q === -1 ? '' : req.url.slice(q + 1);
  if (!PLAIN_QUERY.test(query)) return null;
  const search = new URLSearchParams(query);
  if (search.get('batch') === '1' || search.get('connectionParams') !== null) return null;
  return { procedure, search };
}

/** The input as tRPC reads it: parsed once, on first use; a failure is a BAD_REQUEST. */
function rawInput(router: AnyRouter, text: string | null) {
  let promise: Promise<unknown> | null = null;
  let read = false;
  let value: unknown;
  return {
    read: async () => {
      if (read) return value;
      promise ??= (async () => {
        const parsed: unknown = text ? JSON.parse(text) : undefined;
        return parsed === undefined ? undefined : router._def._config.transformer.input.deserialize(parsed);
      })().catch((cause: unknown) => {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: cause instanceof Error ? cause.message : 'Invalid input',
          cause,
        });
      });
      value = await promise;
      read = true;
      promise = null;
      return value;
    },
    result: () => (read ? value : undefined),
  };
}

/**
 * Answers a single query, or returns null for resolveResponse to answer it. `signal` aborts when the
 * client goes away before the answer is written (the request's signal, as resolveResponse passes it on).
 */
export async function answerSingleQuery<TRouter extends AnyRouter>(
  opts: SingleQueryOptions<TRouter>,
  req: FastifyRequest,
  path: string,
  signal: () => AbortSignal,
): Promise<Answer | null> {
  const found = singleQuery(opts.router, req, path);
  if (!found) return null;
  const { procedure, search } = found;
  const config = opts.router._def._config;
  const input = rawInput(opts.router, search.get('input'));
  const call = { batchIndex: 0, path, procedure, getRawInput: input.read, result: input.result };
  let url: URL | undefined;
  const info: TRPCRequestInfo = {
    isBatchCall: false,
    accept: null,
    calls: [call as unknown as TRPCRequestInfo['calls'][number]],
    type: 'query',
    connectionParams: null,
    get signal() {
      return signal();
    },
    get url() {
      url ??= new URL(`http://localhost${req.url}`);
      return url;
    },
  };

  let ctx: unknown;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await opts.createContext({ info });
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }

  let error: TRPCError | undefined;
  let data: unknown;
  try {
    if (ctxError) throw ctxError;
    data = await procedure({
      path,
      getRawInput: input.read,
      ctx,
      type: 'query',
      // No procedure here reads an abort signal, and making one per call costs an AbortController and
      // a close listener on the socket for nothing; the REST route (rest-route.ts) passes none either.
      // `info.signal` above still makes one for whoever asks.
      signal: undefined,
      batchIndex: 0,
    });
  } catch (cause) {
    error = getTRPCErrorFromUnknown(cause);
    opts.onError?.({ error, path, input: input.result(), ctx, type: 'query', req } as never);
  }

  let json: object;
  if (!error && isDataStream(data)) {
    // resolveResponse throws here and answers from its outer catch: no path, no input.
    error = new TRPCError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
    });
    opts.onError?.({ error, path: undefined, input: undefined, ctx, type: 'query', req } as never);
    json = { error: getErrorShape({ config, error, type: 'query', path: undefined, input: undefined, ctx }) };
  } else {
    json = error
      ? { error: getErrorShape({ config, ctx, error, input: input.result(), path, type: 'query' }) }
      : { result: { data } };
  }

  // Headers as resolveResponse's Headers object holds them: lower-case names, sent in name order.
  const headers = new Map<string, string>([
    ['vary', 'trpc-accept, accept'],
    ['content-type', 'application/json'],
  ]);
  let status = getHTTPStatusCode([json] as never);
  const meta =
    opts.responseMeta?.({
      ctx: ctx as never,
      info,
      paths: [path],
      data: [json] as never,
      errors: error ? [error] : [],
      eagerGeneration: false,
      type: 'query',
    }) ?? {};
  if (meta.headers) {
    const entries: Iterable<[string, unknown]> =
      meta.headers instanceof Headers ? meta.headers.entries() : Object.entries(meta.headers);
    const append = meta.headers instanceof Headers;
    for (const [key, value] of entries) {
      const name = key.toLowerCase();
      const add = (v: string) => {
        const prior = headers.get(name);
        headers.set(name, prior === undefined ? v : `${prior}, ${v}`);
      };
      if (append && typeof value === 'string') add(value);
      else if (Array.isArray(value)) for (const v of value) add(String(v));
      else if (typeof value === 'string') headers.set(name, value);
    }
  }
  if (meta.status) status = meta.status;
  const sorted = [...headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { status, headers: sorted, body: JSON.stringify(transformTRPCResponse(config, json as never)) };
}
