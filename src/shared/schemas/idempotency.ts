import { z } from 'zod';

export const IDEMPOTENCY_KEY_MESSAGE =
  'Idempotency-Key moet 1 tot 255 zichtbare tekens zijn (letters, cijfers en leestekens, zonder spaties), bijvoorbeeld een uuid.';

/** The `Idempotency-Key` header: what integrators send is usually a uuid; anything printable is accepted. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_KEY_MESSAGE)
  .describe(
    'Optioneel. Een eigen, unieke sleutel per verzoek (bijvoorbeeld een uuid). Een herhaling met dezelfde sleutel en dezelfde body binnen 24 uur geeft het eerste antwoord terug en verandert niets; dezelfde sleutel met een andere body geeft 422.',
  );

/** For the OpenAPI document: the header the idempotent calls take. */
export const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });
