import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { errorBody, errorHeaders, GENERIC_INTERNAL_MESSAGE, VALIDATION_MESSAGE } from './error-body';

const zodError = () =>
  z.object({ email: z.string().regex(/^\S+@\S+$/, 'Ongeldig') }).safeParse({ email: 'x' }).error!;

describe('errorBody', () => {
  it('an AppError: its own message, code and extra fields', () => {
    const err = new AppError('FORBIDDEN', 'Niet geverifieerd.', {
      emailVerificationRequired: true,
      userId: 'u1',
    });
    expect(errorBody(err)).toEqual({
      message: 'Niet geverifieerd.',
      code: 'FORBIDDEN',
      emailVerificationRequired: true,
      userId: 'u1',
    });
  });

  it('a refused input: the Dutch message and {field: message}, never the issues', () => {
    const body = errorBody(new TRPCError({ code: 'BAD_REQUEST', cause: zodError() }));
    expect(body).toEqual({
      message: VALIDATION_MESSAGE,
      code: 'BAD_REQUEST',
      details: { email: 'Ongeldig' },
    });
    expect(JSON.stringify(body)).not.toMatch(/issues|pattern|\\\\S/);
  });

  it('output that failed its own schema is an internal error, not the user’s fields', () => {
    const body = errorBody(
      new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Output validation failed',
        cause: zodError(),
      }),
    );
    expect(body).toEqual({ message: GENERIC_INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
  });

  it("the framework's English is replaced; the code stays with its status", () => {
    expect(
      errorBody(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "x"' })),
    ).toEqual({
      message: 'Niet gevonden.',
      code: 'NOT_FOUND',
    });
    expect(errorBody(new TRPCError({ code: 'PRECONDITION_FAILED', message: 'internal detail' }))).toEqual({
      message: 'De aanvraag kon niet worden verwerkt.',
      code: 'PRECONDITION_FAILED',
    });
    expect(errorBody(new TRPCError({ code: 'BAD_GATEWAY', message: 'upstream 10.0.0.3' }))).toEqual({
      message: GENERIC_INTERNAL_MESSAGE,
      code: 'BAD_GATEWAY',
    });
  });
});

describe('errorHeaders', () => {
  it("collects the AppErrors' headers of a response", () => {
    const limited = new AppError('TOO_MANY_REQUESTS', 'Te veel.', {}, { headers: { 'Retry-After': '60' } });
    expect(errorHeaders([new TRPCError({ code: 'NOT_FOUND' }), limited])).toEqual({ 'Retry-After': '60' });
    expect(errorHeaders([new AppError('NOT_FOUND', 'Weg.')])).toEqual({});
  });
});
