import { idInput } from '../../shared/schemas/common';
import { orderWithEmailsOutput } from '../../shared/schemas/order-email';
import { auditScope } from '../services/audit/audit-log';
import { orderApproval } from '../services/orders/approval/read';
import { applyCustomerChanges } from '../services/orders/confirmation/apply-changes';
import { currentConfirmation, listOrderEmails } from '../services/orders/order-reads';
import { orderWithEmailsToWire } from '../services/orders/order-wire';
import { authedProcedure, router } from '../trpc';

const tags = ['orders'];

/**
 * The customer's answer as the seller acts on it. The answer itself arrives on the public page or the
 * public JSON call; here the seller takes a change request over into the order.
 */
export const orderCustomerResponseRouter = router({
  takeOver: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/customer-response/apply',
        tags,
        summary: 'Wijzigingen van de klant overnemen',
        description: `Zet de wijziging die de klant vroeg op de link van de laatste verzending (\`customerResponse.decision\` = \`changes_requested\`) in de order: regels met een ander aantal krijgen dat aantal, regels die de klant niet wil vervallen, en de leverdag wordt de gevraagde leverdag (die voor de hele order, anders de laatste die bij een regel is gevraagd). Zonder body. Dezelfde rollen als voor het bijwerken van een order. Het is een gewone wijziging: de bedragen worden opnieuw berekend, een goedkeuring voor de oude inhoud vervalt, de webhook \`order.updated\` gaat uit en het auditlog legt het vast. \`confirmation.changesAppliedAt\` zegt daarna wanneer; verstuur de order opnieuw om de klant om een nieuw antwoord te vragen. 409 als er geen wijzigingsverzoek is, als het al is overgenomen, of als er dan geen regel overblijft. Antwoordt de order zoals GET /orders/{id}. Een onbekende order, of die van een ander account, geeft 404.`,
      },
    })
    .input(idInput)
    .output(orderWithEmailsOutput)
    .mutation(async ({ ctx, input }) => {
      const { organizationId } = ctx.tenant;
      const order = await applyCustomerChanges(
        ctx.db,
        { tenant: ctx.tenant, audit: auditScope(ctx) },
        input.id,
      );
      const [emails, approval, link] = await Promise.all([
        listOrderEmails(ctx.db, organizationId, order.id),
        orderApproval(ctx.db, organizationId, order),
        currentConfirmation(ctx.db, organizationId, order.id),
      ]);
      return orderWithEmailsToWire(order, emails, approval, link, ctx.now());
    }),
});
