import { type AnyRouter, TRPCError } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptsRequestBody,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  type OpenApiMethod,
  type OpenApiProcedure,
  TRPC_ERROR_CODE_HTTP_STATUS,
  unwrapZodType,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod/v4';
import { errorBody } from '../error-body';
import type { FastifyContextFactory } from './adapters';
import { coerceQueryInput, type QueryCoercion, queryCoercion } from './query-coercion';

/**
 * The REST API: the procedures that carry `meta.openapi`, served at their method and path, as
 * trpc-to-openapi's Fastify plugin served them (its node-http handler, v3.3.0: the same matching, input,
 * coercion, statuses and headers; trpc-to-openapi still writes the OpenAPI document) but without what it
 * costs per call. Measured with node --cpu-prof under autocannon (GET /api/auth/profile): for
 * every call it built a fetch Request (a copy of every header, a URL and an AbortController aborted when
 * the response closed, a DOMException each time) only to put its signal in the context's `info`, which
 * nothing here reads (docs/decisions/request-cpu.md); it also copied Node's methods onto Fastify's
 * request and reply, built a URL and a tRPC caller proxy per call, and wrote its own error body for
 * app.ts to replace.
 *
 * What a call gets, in its order:
 * - the path after the prefix, normalised as a URL pathname (dot segments, escapes) without its
 *   trailing slash, matched case-insensitively against the procedures of its method in declaration order;
 *   a path parameter is the segment as sent, percent-escapes included; no match is a 404 (a HEAD a 204);
 * - a POST/PUT/PATCH must be JSON (a call without body and content type is an empty JSON call);
 * - the input: the JSON body (GET and DELETE: the query, a repeated key as an array and an empty value
 *   left out), with the path parameters over it; none for a void input;
 * - an object input's number, boolean, bigint and date fields convert from the text of the query and the
 *   path as trpc-to-openapi converts them; unlike it, a JSON body is taken as sent and the schemas are
 *   never marked (query-coercion.ts says why);
 * - the answer is the procedure's output as JSON with status 200, an error the shared error body
 *   (error-body.ts) with its code's status, and both carry the headers `responseMeta` gives.
 */

/** A tRPC procedure is callable: what its caller (createCaller) does for one call, without the proxy. */
type CallProcedure = (opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: TRPCRequestInfo['type'];
  signal: AbortSignal | undefined;
  batchIndex: number;
}) => Promise<unknown>;

type RestProcedure = {
  path: string;
  procedure: OpenApiProcedure;
  call: CallProcedure;
  pattern: RegExp;
  /** Set on the first call: how the input is read. */
  input?: InputPlan;
};

type InputPlan = {
  isVoid: boolean;
  /** The object input's fields that take an array: one query value becomes an array of one. */
  arrayKeys: string[];
  /** How the object input's query and path values convert to their fields' types. */
  coercion: QueryCoercion;
};

export type RestResponseMeta = (opts: {
  paths: string[] | undefined;
  errors: TRPCError[];
}) => { status?: number; headers?: Record<string, string | undefined> } | undefined;

export type RestRouteOptions<TRouter extends AnyRouter> = {
  /** Where the API lives, e.g. '/api'. */
  prefix: string;
  router: TRouter;
  createContext: FastifyContextFactory<TRouter>;
  responseMeta?: RestResponseMeta;
  onError?: (opts: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => void;
};

/** The procedures per method, in the order trpc-to-openapi tries them. */
function procedureTable(router: AnyRouter): Map<OpenApiMethod, RestProcedure[]> {
  const table = new Map<OpenApiMethod, RestProcedure[]>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure, meta: { openapi } }) => {
    if (procedure._def.type === 'subscription') return;
    const list = table.get(openapi.method) ?? [];
    list.push({
      path,
      procedure,
      call: procedure as unknown as CallProcedure,
      pattern: getPathRegExp(normalizePath(openapi.path)),
    });
    table.set(openapi.method, list);
  });
  return table;
}

function inputPlan(procedure: OpenApiProcedure): InputPlan {
  const { inputParser } = getInputOutputParsers(procedure);
  const schema = unwrapZodType(inputParser, true);
  const arrayKeys: string[] = [];
  let coercion: QueryCoercion = new Map();
  if (instanceofZodTypeObject(schema)) {
    const shape = (schema as { shape: Record<string, Parameters<typeof instanceofZodTypeOptional>[0]> })
      .shape;
    for (const [key, field] of Object.entries(shape)) {
      const isArray =
        field instanceof ZodArray ||
        (instanceofZodTypeOptional(field) && (field as { unwrap(): unknown }).unwrap() instanceof ZodArray);
      if (isArray) arrayKeys.push(key);
    }
    coercion = queryCoercion(shape);
  }
  return { isVoid: instanceofZodTypeLikeVoid(schema), arrayKeys, coercion };
}

/** Fastify's parsed query as trpc-to-openapi reads it: one value as itself, an empty one left out. */
function queryInput(query: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const q = (query ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(q)) {
    const value = q[key];
    if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return input;
}

/** A path with only these characters is its own URL pathname; any other is normalised by URL. */
const PLAIN_PATH = /^[A-Za-z0-9/_~!$&'()*+,;=:@-]*$/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

/** The request's path after the prefix, as trpc-to-openapi compares it. */
function routePath(url: string, prefix: string): string {
  // trpc-to-openapi cut the first occurrence of the prefix out of the whole URL.
  const rest = url.replace(prefix, '');
  const q = rest.indexOf('?');
  const raw = q === -1 ? rest : rest.slice(0, q);
  const pathname =
    raw.startsWith('/') && PLAIN_PATH.test(raw) && !DOT_SEGMENT.test(raw)
      ? raw
      : new URL(rest.startsWith('/') ? `http://127.0.0.1${rest}` : rest).pathname;
  return normalizePath(pathname);
}

/** The `info` tRPC's createContext receives; its URL and abort signal are only made when read. */
function requestInfo(
  req: FastifyRequest,
  reply: FastifyReply,
  type: TRPCRequestInfo['type'],
): TRPCRequestInfo {
  let url: URL | undefined;
  let signal: AbortSignal | undefined;
  return {
    isBatchCall: false,
    accept: null,
    calls: [],
    type,
    connectionParams: null,
    get url() {
      url ??= new URL(`http://127.0.0.1${req.url}`);
      return url;
    },
    get signal() {
      if (!signal) {
        const controller = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        signal = controller.signal;
      }
      return signal;
    },
  };
}

const asTRPCError = (cause: unknown): TRPCError => {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
};

export async function registerRestRoute<TRouter extends AnyRouter>(
  app: FastifyInstance,
  opts: RestRouteOptions<TRouter>,
) {
  const table = procedureTable(opts.router);
  const prefix = opts.prefix.endsWith('/') ? opts.prefix.slice(0, -1) : opts.prefix;

  const send = (
    reply: FastifyReply,
    status: number,
    headers: Record<string, string | undefined>,
    body: string | undefined,
  ) => {
    reply.code(status).header('content-type', 'application/json');
    for (const [key, value] of Object.entries(headers)) if (value !== undefined) reply.header(key, value);
    return reply.send(body);
  };

  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${prefix}/*`,
    handler: async (req, reply) => {
      const method = req.method;
      const path = routePath(req.url, prefix);
      let match: RestProcedure | undefined;
      let pathInput: Record<string, string> | undefined;
      for (const candidate of table.get(method as OpenApiMethod) ?? []) {
        const groups = candidate.pattern.exec(path);
        if (groups) {
          match = candidate;
          pathInput = groups.groups;
          break;
        }
      }
      try {
        if (!match) {
          // trpc-to-openapi's warm-up answer.
          if (method === 'HEAD') return send(reply, 204, {}, undefined);
          throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
        }
        const useBody = acceptsRequestBody(method as OpenApiMethod);
        const contentType = req.headers['content-type'];
        // A bodiless POST with only a bearer header (`POST /api/auth/resend-verification`) is an empty
        // JSON call, not a refused one: Fastify parsed nothing, so there is no body of another type.
        const bodiless = !contentType && req.body === undefined;
        if (useBody && !contentType?.startsWith('application/json') && !bodiless) {
          throw new TRPCError({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
          });
        }
        match.input ??= inputPlan(match.procedure);
        const plan = match.input;
        let input: Record<string, unknown> | undefined;
        if (!plan.isVoid) {
          input = { ...(useBody ? (req.body as object) : queryInput(req.query)), ...pathInput };
          if (!useBody) {
            for (const key of plan.arrayKeys)
              if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
            coerceQueryInput(input, Object.keys(input), plan.coercion);
          } else if (pathInput) coerceQueryInput(input, Object.keys(pathInput), plan.coercion);
        }
        const info = requestInfo(req, reply, match.procedure._def.type);
        const ctx = await opts.createContext({ req, res: reply, info });
        const data = await match.call({
          path: match.path,
          getRawInput: async () => input,
          ctx,
          type: match.procedure._def.type,
          signal: undefined,
          batchIndex: 0,
        });
        const meta = opts.responseMeta?.({ paths: [match.path], errors: [] });
        return send(reply, meta?.status ?? 200, meta?.headers ?? {}, JSON.stringify(data));
      } catch (cause) {
        const error = asTRPCError(cause);
        opts.onError?.({ error, path: match?.path, req });
        const meta = opts.responseMeta?.({ paths: match ? [match.path] : undefined, errors: [error] });
        const status = meta?.status ?? TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500;
        return send(reply, status, meta?.headers ?? {}, JSON.stringify(errorBody(error)));
      }
    },
  });
}
