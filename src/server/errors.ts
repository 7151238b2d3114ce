import { TRPCError } from '@trpc/server';
import type { ErrorDetails } from '../shared/field-errors';

/** The codes the domain answers with; each has one HTTP status, the one tRPC gives it. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_CONTENT'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

/**
 * Fields an error body carries beside `message` and `code` (REST and tRPC alike). The auth screens
 * read the last five; every field a response may carry is listed here, so nothing else can leak.
 */
export type ErrorExtra = {
  /** `{field: message}` of refused input. */
  details?: ErrorDetails;
  success?: false;
  /** A verification link's state. */
  status?: 'invalid_token' | 'expired_token';
  email?: string;
  userId?: string;
  emailVerificationRequired?: true;
};

/**
 * Codes of the domain that say more than the status does; the body's `code` carries one instead of
 * the status's name, so a client can tell this 409 or 403 from any other.
 */
export type DomainErrorCode = 'APPROVAL_REQUIRED' | 'TWO_FACTOR_ENROLMENT_REQUIRED';

export type AppErrorOptions = {
  /** Response headers, e.g. `Retry-After` on a 429; both transports send them. */
  headers?: Record<string, string>;
  /** The body's `code` instead of the status's name (the HTTP status stays that of `code`). */
  domainCode?: DomainErrorCode;
};

/** A failure the user should hear about, with a Dutch message. */
export class AppError extends TRPCError {
  readonly extra: ErrorExtra;
  readonly headers: Record<string, string>;
  readonly domainCode: DomainErrorCode | undefined;
  constructor(code: AppErrorCode, message: string, extra: ErrorExtra = {}, options: AppErrorOptions = {}) {
    super({ code, message });
    this.extra = extra;
    this.headers = options.headers ?? {};
    this.domainCode = options.domainCode;
  }
}

export const notFound = (message = 'Niet gevonden.') => new AppError('NOT_FOUND', message);

export const UNAUTHORIZED_MESSAGE = 'U bent niet ingelogd of uw sessie is verlopen. Log opnieuw in.';

/** No valid session or key; also a service's answer when the signed-in account is gone meanwhile. */
export const unauthorized = () => new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);

/** A 400 with `details: {field: message}`, the same shape as a refused zod input. */
export const invalidInput = (details: ErrorDetails, message = 'Ongeldige invoer.') =>
  new AppError('BAD_REQUEST', message, { details });
