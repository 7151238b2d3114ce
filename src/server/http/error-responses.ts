import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { errorBody, errorHeaders } from './error-body';

/**
 * How each transport sends the shared error body (error-body.ts): plain Fastify routes and
 * Fastify's own refusals through `setErrorHandler`; REST sends it from its route (rest-route.ts), tRPC
 * from its errorFormatter (trpc.ts).
 */

/** Answers with the error's body and headers; the status is the code's unless a refusal gave its own. */
export function sendError(reply: FastifyReply, error: TRPCError, status = getHTTPStatusCodeFromError(error)) {
  return reply
    .code(status)
    .headers(errorHeaders([error]))
    .send(errorBody(error));
}

/** The codes of the statuses Fastify and its plugins refuse with; another 4xx keeps its status. */
const CODE_OF_STATUS: Partial<Record<number, TRPC_ERROR_CODE_KEY>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

const UNREADABLE_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

const fieldOf = (err: unknown, name: string): unknown =>
  typeof err === 'object' && err !== null && name in err ? Reflect.get(err, name) : undefined;

/** What a plain route threw, or what Fastify refused with, as a TRPCError and the status to send. */
export function toErrorResponse(err: unknown): { error: TRPCError; status: number } {
  if (err instanceof TRPCError) return { error: err, status: getHTTPStatusCodeFromError(err) };
  const statusCode = fieldOf(err, 'statusCode');
  const code = fieldOf(err, 'code');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const trpcCode =
      typeof code === 'string' && UNREADABLE_BODY.has(code)
        ? 'PARSE_ERROR'
        : (CODE_OF_STATUS[statusCode] ?? 'BAD_REQUEST');
    return { error: new TRPCError({ code: trpcCode, cause: err }), status: statusCode };
  }
  return { error: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err }), status: 500 };
}

/** Plain routes (the outbox viewer, downloads) and Fastify's own refusals answer with the shared body. */
export function registerErrorHandler(app: FastifyInstance, log: Logger): void {
  app.setErrorHandler((err, req, reply) => {
    const { error, status } = toErrorResponse(err);
    if (status >= 500) log.error({ err, method: req.method, url: req.url.split('?')[0] }, 'HTTP error');
    return sendError(reply, error, status);
  });
}
