import { z } from 'zod';
import { idInput } from '../../shared/schemas/common';
import { pdfLinkUrl } from '../http/pdf-download';
import { orderPdf } from '../services/pdf/order-pdf';
import { createPdfLink } from '../services/pdf/pdf-links';
import { authedProcedure, router } from '../trpc';

const tags = ['pdf'];

const orderPdfOutput = z.object({
  success: z.literal(true).describe('Altijd `true` bij een geslaagde aanroep'),
  filename: z
    .string()
    .describe(
      'De bestandsnaam voor GET /pdf/download/{filename}; het bestand blijft 24 uur te downloaden, alleen door deze gebruiker',
    ),
});

/** The PDF of an order (spec §7): made here, fetched by the plain download route (http/pdf-download.ts). */
export const pdfRouter = router({
  order: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/pdf/orders/{id}',
        tags,
        summary: 'PDF van een order maken',
        description:
          'Maakt de PDF van de order (of geeft het bestaande bestand terug zolang order, klantgegevens, bedrijfsprofiel en PDF-instellingen niet veranderd zijn). Download het bestand met GET /pdf/download/{filename}. Lukt het maken niet, dan volgt 503 met een Nederlandse melding.',
      },
    })
    .input(idInput)
    .output(orderPdfOutput)
    .query(async ({ ctx, input }) => {
      const pdf = await orderPdf(ctx, ctx.tenant.organizationId, input.id);
      return { success: true as const, filename: pdf.filename };
    }),

  /**
   * The app's own download (tRPC only): the PDF as `order` makes it, and a link that opens that one
   * file for a few minutes (pdf-links.ts), so the browser's download URL carries no session token.
   */
  orderLink: authedProcedure
    .input(idInput)
    .output(z.object({ filename: z.string(), url: z.string() }))
    .query(async ({ ctx, input }) => {
      const pdf = await orderPdf(ctx, ctx.tenant.organizationId, input.id);
      const token = await createPdfLink(ctx.db, pdf.id, ctx.now());
      return { filename: pdf.filename, url: pdfLinkUrl(pdf.filename, token) };
    }),
});
