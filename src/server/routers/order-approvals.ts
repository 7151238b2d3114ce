import { z } from 'zod';
import {
  approvalActionOutput,
  approvalMessages,
  approvalRejectInput,
  approvalRequestInput,
} from '../../shared/schemas/approval';
import { idInput } from '../../shared/schemas/common';
import { auditScope } from '../services/audit/audit-log';
import { approveOrder, rejectOrder, requestApproval } from '../services/orders/approval/actions';
import { approvalToWire } from '../services/orders/order-wire';
import { authedProcedure, router, sessionTenantProcedure } from '../trpc';

const tags = ['orders'];

const notFoundOrder = 'Een onbekende order, of die van een ander account, geeft 404.';
const voided =
  'Een wijziging van klant, regels, aantallen, prijzen, btw of verlegd daarna zet de order terug op `required`; een wijziging van project of referentie niet.';
const decidedBy =
  'Alleen een eigenaar of beheerder, met een sessie (inloggen): een API-sleutel keurt nooit goed of af (403), en niemand beslist over een order die hij zelf schreef, welke rol hij ook heeft (403).';

const answer = (message: string) => (approval: Parameters<typeof approvalToWire>[0]) => ({
  success: true as const,
  message,
  approval: approvalToWire(approval),
});

/**
 * Four eyes on large orders (shared/schemas/approval.ts): the author asks, an owner or admin other
 * than the author approves or rejects. The rules of the order are in services/orders/approval; who
 * may call is settled here first: the role, and for a decision a person's own session.
 */
export const orderApprovalsRouter = router({
  request: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/approval/request',
        tags,
        summary: 'Goedkeuring aanvragen',
        description: `Vraagt goedkeuring voor een order die dat nodig heeft: een totaal exclusief btw vanaf het bedrag dat de organisatie instelde, geschreven door een rol waarvoor dat geldt. Alleen wie de order schreef (403 voor anderen; is die geen lid meer, dan mag ieder die orders bewerkt het in zijn plaats). Elke eigenaar en beheerder behalve de aanvrager krijgt een e-mail met de toelichting (\`note\`, optioneel) en een link naar de order. 409 als de order geen goedkeuring nodig heeft, al is aangevraagd of al is goedgekeurd, of als er geen andere eigenaar of beheerder is. Na een afwijzing kan opnieuw worden aangevraagd. Verstuurt de webhook \`order.approval_requested\`. ${notFoundOrder}`,
      },
    })
    .input(z.object({ ...idInput.shape, ...approvalRequestInput.shape }))
    .output(approvalActionOutput)
    .mutation(async ({ ctx, input: { id, ...body } }) =>
      answer(approvalMessages.requested)(
        await requestApproval(ctx.db, { tenant: ctx.tenant, audit: auditScope(ctx) }, id, body),
      ),
    ),

  approve: sessionTenantProcedure
    .meta({
      capability: 'manage',
      apiKeyRefusal: approvalMessages.apiKeyNoDecision,
      openapi: {
        method: 'POST',
        path: '/orders/{id}/approval/approve',
        tags,
        summary: 'Order goedkeuren',
        description: `Keurt de order goed zoals hij nu is: daarna kan hij worden verzonden. Zonder body. Alleen als goedkeuring is aangevraagd (anders 409, ook als hij al is goedgekeurd). ${decidedBy} ${voided} Verstuurt de webhook \`order.approved\`. ${notFoundOrder}`,
      },
    })
    .input(idInput)
    .output(approvalActionOutput)
    .mutation(async ({ ctx, input }) =>
      answer(approvalMessages.approved)(
        await approveOrder(ctx.db, { tenant: ctx.tenant, audit: auditScope(ctx) }, input.id),
      ),
    ),

  reject: sessionTenantProcedure
    .meta({
      capability: 'manage',
      apiKeyRefusal: approvalMessages.apiKeyNoDecision,
      openapi: {
        method: 'POST',
        path: '/orders/{id}/approval/reject',
        tags,
        summary: 'Order afwijzen',
        description: `Wijst de order af met een reden (\`reason\`, verplicht), die de auteur bij de order ziet. Alleen als goedkeuring is aangevraagd (anders 409). ${decidedBy} Een afgewezen order kan worden gewijzigd en opnieuw ter goedkeuring worden aangeboden. Verstuurt de webhook \`order.approval_rejected\`. ${notFoundOrder}`,
      },
    })
    .input(z.object({ ...idInput.shape, ...approvalRejectInput.shape }))
    .output(approvalActionOutput)
    .mutation(async ({ ctx, input: { id, ...body } }) =>
      answer(approvalMessages.rejected)(
        await rejectOrder(ctx.db, { tenant: ctx.tenant, audit: auditScope(ctx) }, id, body),
      ),
    ),
});
