import { z } from 'zod';
import { pdfSettingsInput, pdfSettingsOutput } from '../../shared/schemas/pdf-settings';
import { auditedUpdate, auditScope } from '../services/audit/audit-log';
import { getPdfSettings, updatePdfSettings } from '../services/pdf/pdf-settings';
import { authedProcedure, router } from '../trpc';

const tags = ['pdf-settings'];

/** PDF house style (spec §7): REST under /auth/… as the spec names the paths. */
export const pdfSettingsRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/pdf-settings',
        tags,
        summary: 'PDF-instellingen ophalen',
        description: 'Zonder opgeslagen instellingen komen de standaardwaarden terug.',
      },
    })
    .input(z.void())
    .output(pdfSettingsOutput)
    .query(({ ctx }) => getPdfSettings(ctx.db, ctx.tenant.organizationId)),

  update: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'PUT',
        path: '/auth/pdf-settings',
        tags,
        summary: 'PDF-instellingen opslaan',
        description:
          'Velden die ontbreken houden hun waarde. Een ongeldige waarde geeft 400 met `details` per veld en slaat niets op. De volgende PDF gebruikt de nieuwe instellingen.',
      },
    })
    .input(pdfSettingsInput)
    .output(pdfSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      return auditedUpdate(ctx.db, auditScope(ctx), {
        read: (tx) => getPdfSettings(tx, ctx.tenant.organizationId),
        write: (tx) => updatePdfSettings(tx, ctx.tenant.organizationId, input, ctx.now()),
        entry: {
          action: 'pdf_settings.updated',
          objectType: 'organization',
          objectId: ctx.tenant.organizationId,
        },
      });
    }),
});
