import { z } from 'zod';
import { apiKeyCreatedOutput, apiKeyCreateInput, apiKeyOutput } from '../../shared/schemas/api-key';
import { idInput, successOutput } from '../../shared/schemas/common';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys/api-keys';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { audited, auditScope, givenFields } from '../services/audit/audit-log';
import { router, sessionTenantProcedure } from '../trpc';

const tags = ['api-keys'];
const onlyWithSession =
  'Alleen met een sessie (inloggen), niet met een API-sleutel: een sleutel kan geen sleutels beheren (403).';

/** API keys of the signed-in account; only a session manages them (sessionTenantProcedure). */
export const apiKeysRouter = router({
  list: sessionTenantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api-keys',
        tags,
        summary: 'API-sleutels',
        description: `De sleutels van het account die niet zijn ingetrokken, nieuwste eerst; nooit de sleutel zelf. ${onlyWithSession}`,
      },
    })
    .input(z.void())
    .output(z.array(apiKeyOutput))
    .query(({ ctx }) => listApiKeys(ctx.db, ctx.tenant.organizationId)),

  create: sessionTenantProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/api-keys',
        tags,
        summary: 'API-sleutel aanmaken',
        description: `Maakt een sleutel en geeft hem één keer terug als \`secret\`; daarna is alleen het begin (\`prefix\`) nog te zien. Gebruik: \`Authorization: Bearer <secret>\`. ${onlyWithSession}`,
      },
    })
    .input(apiKeyCreateInput)
    .output(apiKeyCreatedOutput)
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        auditScope(ctx),
        (tx) => createApiKey(tx, ctx.tenant, input, ctx.now()),
        (key) => ({
          action: 'api_key.created',
          objectType: 'api_key',
          objectId: key._id,
          fields: givenFields(input),
        }),
      ),
    ),

  revoke: sessionTenantProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'DELETE',
        path: '/api-keys/{id}',
        tags,
        summary: 'API-sleutel intrekken',
        description: `Elk volgend verzoek met de sleutel krijgt 401. Een onbekende of andermans sleutel geeft 404. ${onlyWithSession}`,
      },
    })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => revokeApiKey(tx, ctx.tenant.organizationId, input.id, ctx.now()),
        { action: 'api_key.revoked', objectType: 'api_key', objectId: input.id },
      );
      return { success: true as const, message: apiKeyServiceMessages.revoked };
    }),
});
