import { z } from '../zod-nl';

/**
 * Field pieces that several domains' schemas share. Every field carries a description: it becomes the
 * field's description in the OpenAPI document (GET /api/openapi.json).
 */

/** The id in a path such as /customers/{id}; a malformed id is simply "not found" (404). */
export const idInput = z.object({
  id: z.string().max(100).describe('Het `_id` van het object (uuid)'),
});

/** The `_id` every stored object answers with. */
export const idOutput = () => z.string().describe('Unieke id (uuid)');

/** An instant in a response: ISO 8601 in UTC, e.g. '2026-03-07T09:15:00.000Z'. */
export const instantOutput = (description: string) => z.string().describe(`${description} (ISO 8601, UTC)`);

/** When the object was created and last changed. */
export const timestampsOutput = () => ({
  createdAt: instantOutput('Aangemaakt op'),
  updatedAt: instantOutput('Laatst gewijzigd op'),
});

/**
 * Who created an object and who changed it last: a member of the organisation (for a call with an API
 * key, the key's creator). Null for objects from before this was kept, and once that account is gone.
 */
export const actorsOutput = () => {
  const person = (description: string) =>
    z
      .object({
        id: z.string().describe('Id van de gebruiker (uuid)'),
        name: z.string().describe('Naam van de gebruiker'),
      })
      .nullable()
      .describe(
        `${description}: de gebruiker, bij een API-sleutel de gebruiker die de sleutel aanmaakte. null bij wat eerder is aangemaakt of gewijzigd dan dit werd bijgehouden, en als dat account is verwijderd.`,
      );
  return { createdBy: person('Aangemaakt door'), updatedBy: person('Laatst gewijzigd door') };
};

/** The plain acknowledgement many calls answer with. */
export const successOutput = z.object({
  success: z.literal(true).describe('Altijd `true` bij een geslaagde aanroep'),
  message: z.string().describe('Bevestiging in het Nederlands, bedoeld om te tonen'),
});
export type SuccessOutput = z.infer<typeof successOutput>;

/** One page of a list the screens read page by page (tRPC only; the REST lists are plain arrays). */
export const pageOutput = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).describe('De objecten op deze pagina'),
    total: z.number().int().describe('Het aantal objecten over alle pagina’s'),
    page: z.number().int().describe('Het paginanummer, vanaf 1'),
    pageSize: z.number().int().describe('Het aantal objecten per pagina'),
  });
