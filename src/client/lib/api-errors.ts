import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/routers';
import type { ErrorDetails } from '../../shared/field-errors';

/**
 * What a screen needs to know about a failed call. The server's error body (server/http/error-body.ts)
 * reaches us as `err.shape`, typed by the server's errorFormatter: `{message, code, data: {code,
 * httpStatus, path}, details?}` plus the auth fields (`emailVerificationRequired`, `userId`, `email`,
 * a verification `status`). Only a body that came from the server counts as a "server message": a
 * network failure has no shape, and its English browser text is never shown.
 */

export type ApiError = TRPCClientError<AppRouter>;

/** tRPC's client error, typed with our router (the guard tRPC's documentation gives). */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof TRPCClientError;
}

export type ApiErrorInfo = {
  /** The server's own (Dutch) message, or null when the server did not answer. */
  serverMessage: string | null;
  httpStatus: number | null;
  /**
   * The domain's own code when the server gave one (`APPROVAL_REQUIRED`: the order may not be sent
   * before it is approved), to tell that refusal from others with the same status.
   */
  domainCode: string | null;
  /** `{field: message}` of a refused input. */
  details: ErrorDetails;
  emailVerificationRequired: boolean;
  /** Verification status code ('expired_token', 'invalid_token'). */
  status: string | null;
  email: string | null;
  userId: string | null;
  /** No answer at all (offline, server down, CORS). */
  isNetworkError: boolean;
};

export const NETWORK_ERROR_MESSAGE =
  'Kan de server niet bereiken. Controleer uw internetverbinding en probeer het opnieuw.';

const NETWORK_FAILURE = /failed to fetch|networkerror|network error|load failed|fetch failed/i;

/** A body from another server version (or a proxy) may hold anything: keep the string messages only. */
function stringsOnly(details: ErrorDetails | undefined): ErrorDetails {
  const out: ErrorDetails = {};
  for (const [field, message] of Object.entries(details ?? {})) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

export function readApiError(err: unknown): ApiErrorInfo {
  const apiError = isApiError(err) ? err : null;
  const shape = apiError?.shape;
  const rawMessage = err instanceof Error && err.message ? err.message : null;
  return {
    serverMessage: shape ? shape.message || rawMessage : null,
    httpStatus: apiError?.data?.httpStatus ?? null,
    domainCode: apiError?.data?.domainCode ?? null,
    details: stringsOnly(shape?.details),
    emailVerificationRequired: shape?.emailVerificationRequired === true,
    status: shape?.status || null,
    email: shape?.email || null,
    userId: shape?.userId || null,
    isNetworkError:
      !shape &&
      (err instanceof TypeError ||
        apiError?.cause instanceof TypeError ||
        (rawMessage !== null && NETWORK_FAILURE.test(rawMessage))),
  };
}

/**
 * The message to show for a failure: the server's own message when it gave one, a Dutch network
 * hint when there was no answer, else the screen's fallback.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const info = readApiError(err);
  if (info.serverMessage) return info.serverMessage;
  if (info.isNetworkError) return NETWORK_ERROR_MESSAGE;
  return fallback;
}
