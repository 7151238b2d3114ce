import { z } from 'zod';
import { DEFAULT_ORDER_PREFIX, DEFAULT_STARTING_NUMBER } from '../../shared/constants';
import {
  nextOrderNumberOutput,
  orderSettingsInput,
  orderSettingsOutput,
} from '../../shared/schemas/order-settings';
import { auditedUpdate, auditScope } from '../services/audit/audit-log';
import {
  getOrderSettings,
  previewNextOrderNumber,
  updateOrderSettings,
} from '../services/orders/order-numbering';
import { authedProcedure, router } from '../trpc';

const tags = ['order-settings'];

/** Order numbering (spec §7): REST under /auth/… as the spec names the paths. */
export const orderSettingsRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/order-settings',
        tags,
        summary: 'Ordernummering ophalen',
        description: `Hoe nieuwe orders hun nummer krijgen: voorvoegsel (\`prefix\`), eventueel het jaartal, dan het volgnummer (bijv. INK-2026-1001). Zonder opgeslagen instellingen de standaard: voorvoegsel ${DEFAULT_ORDER_PREFIX}, met jaartal, vanaf ${DEFAULT_STARTING_NUMBER}.`,
      },
    })
    .input(z.void())
    .output(orderSettingsOutput)
    .query(({ ctx }) => getOrderSettings(ctx.db, ctx.tenant.organizationId)),

  update: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'PUT',
        path: '/auth/order-settings',
        tags,
        summary: 'Ordernummering opslaan',
        description:
          'Velden die ontbreken houden hun waarde. `includeYear` bepaalt of het jaartal in het nummer staat; `format` (year | sequential) is daar een synoniem van.',
      },
    })
    .input(orderSettingsInput)
    .output(orderSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      return auditedUpdate(ctx.db, auditScope(ctx), {
        read: (tx) => getOrderSettings(tx, ctx.tenant.organizationId),
        write: (tx) => updateOrderSettings(tx, ctx.tenant.organizationId, input, ctx.now()),
        entry: {
          action: 'order_settings.updated',
          objectType: 'organization',
          objectId: ctx.tenant.organizationId,
        },
      });
    }),

  nextNumber: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/next-order-number',
        tags,
        summary: 'Voorbeeld van het volgende ordernummer',
        description: 'Alleen een voorbeeld: het nummer wordt pas bij het opslaan van de order toegekend.',
      },
    })
    .input(z.void())
    .output(nextOrderNumberOutput)
    .query(async ({ ctx }) => ({
      nextNumber: await previewNextOrderNumber(ctx.db, ctx.tenant.organizationId, ctx.now()),
    })),
});
