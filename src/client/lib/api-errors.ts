/**
 * What the auth screens need to know about a failed call, read from a TRPCClientError (or anything
 * else that was thrown). The server's error body is `err.shape`: `{message, code, data: {httpStatus},
 * details?, ...extra}` where extra carries e.g. `emailVerificationRequired`, `userId`, `email` or a
 * verification `status`. Only a body that came from the server counts as a "server message": a
 * network failure has no shape, and its English browser text is never shown.
 */

export type ApiErrorInfo = {
  /** The server's own (Dutch) message, or null when the server did not answer. */
  serverMessage: string | null;
  httpStatus: number | null;
  /** `{field: message}` of a refused input. */
  details: Record<string, string>;
  emailVerificationRequired: boolean;
  /** Verification status code ('expired_token', 'invalid_token', …). */
  status: string | null;
  email: string | null;
  userId: string | null;
  /** No answer at all (offline, server down, CORS). */
  isNetworkError: boolean;
};

export const NETWORK_ERROR_MESSAGE =
  'Kan de server niet bereiken. Controleer uw internetverbinding en probeer het opnieuw.';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

export function readApiError(err: unknown): ApiErrorInfo {
  const shape = isRecord(err) && isRecord(err.shape) ? err.shape : null;
  const data =
    isRecord(err) && isRecord(err.data) ? err.data : shape && isRecord(shape.data) ? shape.data : null;
  const httpStatus = data && typeof data.httpStatus === 'number' ? data.httpStatus : null;
  const details: Record<string, string> = {};
  if (shape && isRecord(shape.details)) {
    for (const [field, message] of Object.entries(shape.details)) {
      if (typeof message === 'string') details[field] = message;
    }
  }
  const rawMessage = isRecord(err) ? str(err.message) : null;
  const isNetworkError =
    !shape &&
    (err instanceof TypeError ||
      (rawMessage !== null &&
        /failed to fetch|networkerror|network error|load failed|fetch failed/i.test(rawMessage)));
  return {
    serverMessage: shape ? (str(shape.message) ?? rawMessage) : null,
    httpStatus,
    details,
    emailVerificationRequired: shape?.emailVerificationRequired === true,
    status: shape ? str(shape.status) : null,
    email: shape ? str(shape.email) : null,
    userId: shape ? str(shape.userId) : null,
    isNetworkError,
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
