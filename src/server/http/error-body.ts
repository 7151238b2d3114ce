import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { fieldErrors } from '../../shared/field-errors';
import { AppError, type DomainErrorCode, type ErrorExtra } from '../errors';

/**
 * The one error body, for tRPC (inside its envelope, see trpc.ts), REST and the plain routes alike:
 * `{message, code, details?}` plus the few fields of ErrorExtra. Only an AppError's own message
 * reaches the user; anything else (a stack, SQL, zod's issues and regex patterns, a library's English
 * text) is replaced by a Dutch message for its code.
 */
export type ErrorBody = ErrorExtra & { message: string; code: TRPC_ERROR_CODE_KEY | DomainErrorCode };

export const VALIDATION_MESSAGE = 'Ongeldige invoer. Controleer de gemarkeerde velden.';
export const GENERIC_INTERNAL_MESSAGE = 'Er is een interne fout opgetreden. Probeer het later opnieuw.';
const UNPROCESSABLE_MESSAGE = 'De aanvraag kon niet worden verwerkt.';
export const JSON_ONLY_MESSAGE = 'Alleen JSON wordt geaccepteerd (Content-Type: application/json).';

/** What the framework's own refusals (tRPC, trpc-to-openapi, Fastify) say instead of their English. */
const FRAMEWORK_MESSAGES: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  PARSE_ERROR: 'De aanvraag bevat geen geldige JSON.',
  BAD_REQUEST: 'Ongeldige aanvraag.',
  NOT_FOUND: 'Niet gevonden.',
  METHOD_NOT_SUPPORTED: 'Deze methode wordt hier niet ondersteund.',
  TIMEOUT: 'De aanvraag kwam niet op tijd binnen.',
  PAYLOAD_TOO_LARGE: 'De aanvraag is te groot.',
  UNSUPPORTED_MEDIA_TYPE: JSON_ONLY_MESSAGE,
};

const isInputRefusal = (error: TRPCError): error is TRPCError & { cause: ZodError } =>
  error.code === 'BAD_REQUEST' && error.cause instanceof ZodError;

export function errorBody(error: TRPCError): ErrorBody {
  if (error instanceof AppError) {
    // ErrorExtra first: it cannot hold message or code, but the body's own fields win regardless.
    return { ...error.extra, message: error.message, code: error.domainCode ?? error.code };
  }
  if (isInputRefusal(error)) {
    return { message: VALIDATION_MESSAGE, code: 'BAD_REQUEST', details: fieldErrors(error.cause) };
  }
  // The code stays (it matches the status); only the words are ours.
  const message =
    FRAMEWORK_MESSAGES[error.code] ??
    (getHTTPStatusCodeFromError(error) < 500 ? UNPROCESSABLE_MESSAGE : GENERIC_INTERNAL_MESSAGE);
  return { message, code: error.code };
}

/**
 * The body inside tRPC's envelope (`{error: …}`): the client needs the JSON-RPC number as `code` and
 * finds the status and the code's name under `data`. The errorFormatter (trpc.ts) gives every error a
 * procedure throws this shape; sendError (error-responses.ts) gives it to a refusal on a tRPC route
 * made before tRPC ran (a body too large, a form encoding), which the tRPC client could not read
 * otherwise.
 */
export function trpcErrorShape(error: TRPCError, httpStatus: number, path: string | undefined) {
  return {
    ...errorBody(error),
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: {
      code: error.code,
      httpStatus,
      path,
      ...(error instanceof AppError && error.domainCode ? { domainCode: error.domainCode } : {}),
    },
  };
}

/** The response headers the errors of one response ask for (a batch may hold several). */
export function errorHeaders(errors: readonly TRPCError[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const error of errors) if (error instanceof AppError) Object.assign(headers, error.headers);
  return headers;
}
