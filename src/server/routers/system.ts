import { z } from 'zod';
import { databaseUnavailable } from '../database-unavailable';
import { assertWithinRateLimit } from '../services/auth/rate-limit';
import { publicProcedure, router } from '../trpc';

/** Reports per IP in 15 minutes: a crash loop reports a handful, a flood is cut off. */
export const CLIENT_ERROR_REPORTS_PER_WINDOW = 30;

const clientErrorInput = z.object({
  message: z.string().max(2000).describe('De foutmelding'),
  stack: z.string().max(10000).optional().describe('De stack trace (optioneel)'),
  route: z.string().max(500).describe('Het pad van het scherm waar de fout optrad'),
  componentStack: z.string().max(10000).optional().describe('De React-componentenstack (optioneel)'),
});

export const systemRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        tags: ['system'],
        protect: false,
        summary: 'Gezondheid',
        description:
          'Antwoordt `{"status":"ok"}` zodra de server verzoeken aanneemt en de database antwoordt; is de database even weg, dan 503 met `Retry-After`. Zonder inloggen, voor load balancers en monitoring.',
      },
    })
    .input(z.void())
    .output(
      z.object({
        status: z.literal('ok').describe("Altijd 'ok'; antwoordt 503 als de database niet bereikbaar is"),
      }),
    )
    .query(async ({ ctx }) => {
      try {
        await ctx.dbPing();
      } catch {
        throw databaseUnavailable();
      }
      return { status: 'ok' as const };
    }),

  /** The error fallback reports here: logged with the route and the user, never shown to anyone. */
  reportClientError: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/client-errors',
        tags: ['system'],
        protect: false,
        summary: 'Clientfout melden',
        description: `Hier meldt de app in de browser een fout die hij niet kon afhandelen: de server logt de melding met het scherm en, als er iemand is ingelogd, de gebruiker, en laat haar aan niemand zien. Zonder inloggen; hooguit ${CLIENT_ERROR_REPORTS_PER_WINDOW} meldingen per IP-adres per kwartier, daarboven 429 met \`Retry-After\`.`,
      },
    })
    .input(clientErrorInput)
    .output(z.object({ success: z.literal(true).describe('Altijd `true`: de melding is gelogd') }))
    .mutation(async ({ ctx, input }) => {
      await assertWithinRateLimit(ctx.db, `client-error:ip:${ctx.ip}`, {
        limit: CLIENT_ERROR_REPORTS_PER_WINDOW,
        now: ctx.now(),
      });
      ctx.log.error(
        {
          clientError: input.message,
          stack: input.stack,
          componentStack: input.componentStack,
          route: input.route,
          userId: ctx.user?.id ?? null,
        },
        'client error',
      );
      return { success: true as const };
    }),
});
