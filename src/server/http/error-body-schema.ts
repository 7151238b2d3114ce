import type { OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { createSchema } from 'zod-openapi';
import { UNAUTHORIZED_MESSAGE } from '../errors';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { RATE_LIMIT_MESSAGE } from '../services/auth/rate-limit';
import { KEY_BUSY_MESSAGE, KEY_REUSED_MESSAGE } from '../services/idempotency/idempotency';
import { sendEmailMessages } from '../services/orders/send-order-email';
import {
  type ErrorBody,
  GENERIC_INTERNAL_MESSAGE,
  JSON_ONLY_MESSAGE,
  VALIDATION_MESSAGE,
} from './error-body';

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
  FORBIDDEN: { message: apiKeyServiceMessages.readOnly },
  NOT_FOUND: { message: 'Niet gevonden.' },
  CONFLICT: { message: KEY_BUSY_MESSAGE },
  PAYLOAD_TOO_LARGE: { message: 'De aanvraag is te groot.' },
  UNSUPPORTED_MEDIA_TYPE: { message: JSON_ONLY_MESSAGE },
  UNPROCESSABLE_CONTENT: { message: KEY_REUSED_MESSAGE },
  TOO_MANY_REQUESTS: { message: RATE_LIMIT_MESSAGE },
  SERVICE_UNAVAILABLE: { message: sendEmailMessages.unreachable },
  INTERNAL_SERVER_ERROR: { message: GENERIC_INTERNAL_MESSAGE },
};

/**
 * trpc-to-openapi describes every error response as `{message, code, issues}`, its own body; ours
 * is ErrorBody. Its schemas are the components named `error.<CODE>`: each is replaced, and one is
 * added for every other code the API answers with (openapi/api-conventions.ts refers to them).
 */
export function describeErrorBodies(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  doc.components.schemas ??= {};
  const schemas = doc.components.schemas;
  const { schema } = createSchema(errorBodySchema);
  const names = new Set([...Object.keys(schemas), ...Object.keys(EXAMPLES).map((code) => `error.${code}`)]);
  for (const name of names) {
    if (!name.startsWith('error.')) continue;
    const code = name.slice('error.'.length);
    const example = Object.hasOwn(EXAMPLES, code) ? EXAMPLES[code] : undefined;
    schemas[name] = { ...schema, ...(example ? { example: { ...example, code } } : {}) };
  }
  return doc;
}
