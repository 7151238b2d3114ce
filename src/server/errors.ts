import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/** The domain's error codes, each with one HTTP status (applied once, in trpc.ts). */
export const appErrorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
} as const satisfies Partial<Record<TRPC_ERROR_CODE_KEY, number>>;

export type AppErrorCode = keyof typeof appErrorStatus;

/**
 * A failure the user should hear about, with a Dutch message. `extra` fields are copied onto the
 * top level of the error body (REST and tRPC alike), e.g. `emailVerificationRequired` or `details`.
 */
export class AppError extends TRPCError {
  readonly extra: Record<string, unknown>;
  constructor(code: AppErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super({ code, message });
    this.extra = extra;
  }
}

export const notFound = (message = 'Niet gevonden.') => new AppError('NOT_FOUND', message);

/** A 400 with `details: {field: message}`, the same shape as a refused zod input. */
export const invalidInput = (details: Record<string, string>, message = 'Ongeldige invoer.') =>
  new AppError('BAD_REQUEST', message, { details });
