import { TRPCError } from '@trpc/server';
import { AppError } from '../server/errors';

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(
  promise: Promise<unknown>,
): Promise<TRPCError & { extra?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err as TRPCError & { extra?: Record<string, unknown> };
    throw err;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** The extra body fields of an AppError ({} for other errors). */
export const extraOf = (err: unknown) => (err instanceof AppError ? err.extra : {});

let counter = 0;
/** A unique address per test, so tests never share accounts (nor rate-limit budgets per address). */
export function uniqueEmail(prefix = 'gebruiker'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@voorbeeld.nl`;
}

export const STRONG_PASSWORD = 'Geheim123!';
