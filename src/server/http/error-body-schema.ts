import type { OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { createSchema } from 'zod-openapi';
import { type ErrorBody, GENERIC_INTERNAL_MESSAGE, VALIDATION_MESSAGE } from './error-body';
import { UNAUTHORIZED_MESSAGE } from './request-auth';

/** ErrorBody as the OpenAPI document describes it. */
export const errorBodySchema = z.object({
  message: z.string().meta({ description: 'Wat er misging, in het Nederlands' }),
  code: z.string().meta({ description: 'De foutcode, bijv. BAD_REQUEST, UNAUTHORIZED, NOT_FOUND' }),
  details: z.record(z.string(), z.string()).optional().meta({
    description:
      'Bij ongeldige invoer: per veld de eerste melding, {veld: melding}; geneste velden met punten (items.0.price)',
  }),
  success: z.literal(false).optional(),
  status: z
    .enum(['invalid_token', 'expired_token'])
    .optional()
    .meta({ description: 'Bij e-mailverificatie: de toestand van de link' }),
  email: z.string().optional(),
  userId: z.string().optional(),
  emailVerificationRequired: z.literal(true).optional(),
});

// The schema and the body the server sends must not drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inStep: Same<Omit<z.output<typeof errorBodySchema>, 'code'>, Omit<ErrorBody, 'code'>> = true;
void inStep;

/** An example body per error code the document names (`error.<CODE>`). */
const EXAMPLES: Record<string, Omit<ErrorBody, 'code'>> = {
  BAD_REQUEST: { message: VALIDATION_MESSAGE, details: { email: 'Voer een geldig email adres in' } },
  UNAUTHORIZED: { message: UNAUTHORIZED_MESSAGE },
  NOT_FOUND: { message: 'Niet gevonden.' },
  INTERNAL_SERVER_ERROR: { message: GENERIC_INTERNAL_MESSAGE },
};

/**
 * trpc-to-openapi describes every error response as `{message, code, issues}`, its own body; ours
 * is ErrorBody. Its schemas are the components named `error.<CODE>`: each is replaced.
 */
export function describeErrorBodies(doc: OpenAPIObject): OpenAPIObject {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const { schema } = createSchema(errorBodySchema);
  for (const name of Object.keys(schemas)) {
    if (!name.startsWith('error.')) continue;
    const code = name.slice('error.'.length);
    const example = Object.hasOwn(EXAMPLES, code) ? EXAMPLES[code] : undefined;
    schemas[name] = { ...schema, ...(example ? { example: { ...example, code } } : {}) };
  }
  return doc;
}
