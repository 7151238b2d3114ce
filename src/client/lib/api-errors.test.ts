import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, NETWORK_ERROR_MESSAGE, readApiError } from './api-errors';

/** A TRPCClientError as the client builds it from an error body of our errorFormatter. */
function serverError(shape: Record<string, unknown>) {
  return TRPCClientError.from({ error: shape } as never);
}

describe('readApiError', () => {
  it('reads the unverified-login answer', () => {
    const err = serverError({
      message: 'Uw e-mailadres is nog niet geverifieerd.',
      code: -32003,
      data: { code: 'FORBIDDEN', httpStatus: 403 },
      emailVerificationRequired: true,
      userId: 'u1',
      email: 'jan@voorbeeld.nl',
    });
    expect(readApiError(err)).toMatchObject({
      serverMessage: 'Uw e-mailadres is nog niet geverifieerd.',
      httpStatus: 403,
      emailVerificationRequired: true,
      userId: 'u1',
      email: 'jan@voorbeeld.nl',
      isNetworkError: false,
    });
  });

  it('reads validation details and a verification status', () => {
    const err = serverError({
      message: 'Ongeldige invoer.',
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400 },
      details: { email: 'Voer een geldig email adres in', bogus: 3 },
      status: 'expired_token',
    });
    const info = readApiError(err);
    expect(info.details).toEqual({ email: 'Voer een geldig email adres in' });
    expect(info.status).toBe('expired_token');
    expect(info.emailVerificationRequired).toBe(false);
  });

  it('reads the domain code that tells a refusal from others of its status', () => {
    const err = serverError({
      message: 'Deze order moet eerst worden goedgekeurd.',
      code: -32009,
      data: { code: 'CONFLICT', httpStatus: 409, domainCode: 'APPROVAL_REQUIRED' },
    });
    expect(readApiError(err)).toMatchObject({ httpStatus: 409, domainCode: 'APPROVAL_REQUIRED' });
    const plain = serverError({
      message: 'Bestaat al.',
      code: -32009,
      data: { code: 'CONFLICT', httpStatus: 409 },
    });
    expect(readApiError(plain).domainCode).toBeNull();
  });

  it('treats a failed fetch as a network error without a server message', () => {
    const err = TRPCClientError.from(new TypeError('Failed to fetch'));
    const info = readApiError(err);
    expect(info.serverMessage).toBeNull();
    expect(info.isNetworkError).toBe(true);
    expect(errorMessage(err, 'fallback')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('falls back for anything else', () => {
    expect(errorMessage(new Error('boom'), 'Er is een fout opgetreden. Probeer het opnieuw.')).toBe(
      'Er is een fout opgetreden. Probeer het opnieuw.',
    );
    expect(readApiError(undefined).httpStatus).toBeNull();
  });
});
