import http from 'node:http';
import type { Duplex } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { asDatabaseOutage } from '../database-unavailable';
import { AppError } from '../errors';
import { errorBody, errorHeaders, trpcErrorShape } from './error-body';

/** Where app.ts mounts tRPC. */
export const TRPC_ROUTE_PREFIX = '/trpc/';

/**
 * How each transport sends the shared error body (error-body.ts): plain Fastify routes and
 * Fastify's own refusals through `setErrorHandler`; REST sends it from its route (rest-route.ts), tRPC
 * from its errorFormatter (trpc.ts).
 */

/**
 * Answers with the error's body and headers; the status is the code's unless a refusal gave its own.
 * On a tRPC route (a refusal before tRPC ran: too large, not JSON) the body goes inside tRPC's
 * envelope, so the app's tRPC client reads its message as it reads any other error.
 */
export function sendError(reply: FastifyReply, error: TRPCError, status = getHTTPStatusCodeFromError(error)) {
  const req = reply.request;
  const body = (req.routeOptions.url ?? '').startsWith(TRPC_ROUTE_PREFIX)
    ? { error: trpcErrorShape(error, status, (req.params as { path?: string } | undefined)?.path) }
    : errorBody(error);
  return reply
    .code(status)
    .headers(errorHeaders([error]))
    .send(body);
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
export function toErrorResponse(thrown: unknown): { error: TRPCError; status: number } {
  // A database that is gone for the moment is a 503 with its own message, on these routes too.
  const err = asDatabaseOutage(thrown);
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

/**
 * Fastify's refusals before routing (`frameworkErrors`: a path whose percent-encoding is not UTF-8,
 * such as `/api/customers/%ED%A0%80`) answer with the shared body too, not Fastify's English one
 * that repeats the URL back.
 */
export function sendFrameworkError(err: Error, _req: FastifyRequest, reply: FastifyReply) {
  const { error, status } = toErrorResponse(err);
  return sendError(reply, error, status);
}

/** Plain routes (the outbox viewer, downloads) and Fastify's own refusals answer with the shared body. */
export function registerErrorHandler(app: FastifyInstance, log: Logger): void {
  app.setErrorHandler((err, req, reply) => {
    const { error, status } = toErrorResponse(err);
    const where = { method: req.method, url: req.url.split('?')[0] };
    // A database that is away answers every request with this 503 until it is back: one short line
    // each, not an error with a stack per request.
    if (isDatabaseUnavailable(err)) log.warn(where, 'database unavailable');
    else if (status >= 500) log.error({ err, ...where }, 'HTTP error');
    return sendError(reply, error, status);
  });
}

export const HEADERS_TOO_LARGE_MESSAGE = 'De headers van de aanvraag zijn te groot.';

/** What Node's HTTP parser refuses, by its error code: the status and the shared body. */
function clientErrorAnswer(code: string | undefined): { status: number; error: TRPCError } {
  // 431 keeps its status under the nearest code, as Fastify's other refusals do (toErrorResponse).
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, error: new AppError('BAD_REQUEST', HEADERS_TOO_LARGE_MESSAGE) };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: new TRPCError({ code: 'TIMEOUT' }) };
  return { status: 400, error: new TRPCError({ code: 'BAD_REQUEST' }) };
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request to route
 * (headers larger than it reads, a request that does not arrive in time, bytes that are no HTTP)
 * answers with the shared body in Dutch, not Fastify's English `{error, message, statusCode}`. Written
 * to the socket as Fastify's own handler does (there is no reply object yet), then the connection ends.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error } = clientErrorAnswer(err.code);
  const body = JSON.stringify(errorBody(error));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}
