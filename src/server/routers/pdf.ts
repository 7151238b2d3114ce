import { z } from 'zod';
import { idInput } from '../../shared/schemas/common';
import { orderPdf } from '../services/pdf/order-pdf';
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
      const pdf = await orderPdf(ctx, ctx.user.id, input.id);
      return { success: true as const, filename: pdf.filename };
    }),
});
