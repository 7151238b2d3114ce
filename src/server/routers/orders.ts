import { z } from 'zod';
import { orderApiListQuery } from '../../shared/schemas/api-list';
import { idInput, successOutput } from '../../shared/schemas/common';
import { sendEmailInput } from '../../shared/schemas/email-template';
import { idempotencyHeaders } from '../../shared/schemas/idempotency';
import {
  checkOrderAmounts,
  orderInput,
  orderInputShape,
  orderListQuery,
  orderOutput,
  orderPage,
  orderStatsInput,
  orderStatsOutput,
} from '../../shared/schemas/order';
import { orderWithEmailsOutput, sendEmailOutput } from '../../shared/schemas/order-email';
import { revenueByMonthOutput } from '../../shared/schemas/revenue-by-month';
import { audited, auditedUpdate, auditScope, givenFields } from '../services/audit/audit-log';
import {
  idempotentCall,
  runIdempotent,
  runIdempotentInTransaction,
} from '../services/idempotency/idempotency';
import { orderApproval } from '../services/orders/approval/read';
import { approvalsWaitingFor } from '../services/orders/approval/waiting';
import { orderStats } from '../services/orders/dashboard-stats';
import { duplicateOrder } from '../services/orders/duplicate-order';
import {
  currentConfirmation,
  getOrder,
  listAllOrders,
  listOrderEmails,
} from '../services/orders/order-reads';
import {
  orderPageToWire,
  orderStatsToWire,
  orderToWire,
  orderWithEmailsToWire,
  revenueByMonthToWire,
} from '../services/orders/order-wire';
import { createOrder, deleteOrder, ORDER_DELETED_MESSAGE, updateOrder } from '../services/orders/orders';
import { listOrdersPageForApi, orderApiFilter, orderApiSort } from '../services/orders/orders-api-list';
import { listOrdersPage } from '../services/orders/orders-list';
import { orderBatches } from '../services/orders/orders-stream';
import { revenueByMonth } from '../services/orders/revenue-by-month';
import { sendOrderEmail } from '../services/orders/send-order-email';
import { companyOf } from '../services/organizations/company';
import { authedProcedure, router } from '../trpc';

const tags = ['orders'];

const notFoundOrder = 'Een onbekende order, of die van een ander account, geeft 404.';

export const ordersRouter = router({
  /**
   * The list over tRPC. Over REST, GET /api/orders is a plain route that streams it
   * (http/orders-stream.ts), described in the OpenAPI document by http/list-operations.ts.
   */
  list: authedProcedure
    .input(orderApiListQuery.optional())
    .output(z.array(orderOutput))
    .query(async ({ ctx, input }) => {
      if (!input) return (await listAllOrders(ctx.db, ctx.tenant.organizationId)).map(orderToWire);
      if (input.limit !== undefined) {
        const page = await listOrdersPageForApi(
          ctx.db,
          ctx.tenant,
          { ...input, limit: input.limit },
          ctx.now(),
        );
        return page.records.map(orderToWire);
      }
      const records = [];
      const batches = orderBatches(ctx.db, ctx.tenant.organizationId, {
        where: orderApiFilter(input, ctx.tenant, ctx.now()),
        sort: orderApiSort(input),
      });
      for await (const batch of batches) records.push(...batch);
      return records.map(orderToWire);
    }),

  /**
   * The screens' list: search, status, period, 'Wacht op goedkeuring' and paging in SQL, each row with
   * its approval state (not part of the REST contract).
   */
  page: authedProcedure
    .input(orderListQuery)
    .output(orderPage)
    .query(async ({ ctx, input }) =>
      orderPageToWire(
        await listOrdersPage(ctx.db, ctx.tenant.organizationId, {
          ...input,
          now: ctx.now(),
          userId: ctx.tenant.userId,
        }),
      ),
    ),

  /** The dashboard cards, and the approvals waiting for the caller (not part of the REST contract). */
  stats: authedProcedure
    .input(orderStatsInput)
    .output(orderStatsOutput)
    .query(async ({ ctx, input }) => {
      const [stats, waiting] = await Promise.all([
        orderStats(ctx.db, ctx.tenant.organizationId, input.period, ctx.now()),
        approvalsWaitingFor(ctx.db, ctx.tenant),
      ]);
      return orderStatsToWire(stats, waiting);
    }),

  /** The dashboard's chart: revenue excl. VAT per month, this year beside last (not in the REST contract). */
  revenueByMonth: authedProcedure
    .output(revenueByMonthOutput)
    .query(async ({ ctx }) =>
      revenueByMonthToWire(await revenueByMonth(ctx.db, ctx.tenant.organizationId, ctx.now())),
    ),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/{id}',
        tags,
        summary: 'Eén order met regels en verzonden e-mails',
        description: `De order met zijn regels, bedragen, de klantgegevens zoals bij het opslaan, in \`emails\` elke verzending per e-mail (nieuwste eerst), en in \`approval\` of hij goedkeuring nodig heeft en hoe het daarmee staat. Webhooks dragen de order in precies deze vorm. ${notFoundOrder}`,
      },
    })
    .input(idInput)
    .output(orderWithEmailsOutput)
    .query(async ({ ctx, input }) => {
      // getOrder first: it answers 404 for a missing or foreign order before the history is read.
      const { organizationId } = ctx.tenant;
      const order = await getOrder(ctx.db, organizationId, input.id);
      const [emails, approval, link] = await Promise.all([
        listOrderEmails(ctx.db, organizationId, order.id),
        orderApproval(ctx.db, organizationId, order),
        currentConfirmation(ctx.db, organizationId, order.id),
      ]);
      return orderWithEmailsToWire(order, emails, approval, link, ctx.now());
    }),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders',
        tags,
        summary: 'Order aanmaken',
        description:
          'Het ordernummer wordt bij het opslaan toegekend. `customer` is het _id van een eigen klant (een object met `_id`/`id` mag ook). Prijzen in euro als getal of tekst met punt of komma.',
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(orderInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) =>
      runIdempotentInTransaction(ctx.db, idempotentCall(ctx, 'orders.create', input), (db) =>
        audited(
          db,
          auditScope(ctx),
          async (tx) =>
            orderToWire(
              await createOrder(tx, ctx.tenant.organizationId, input, ctx.now(), ctx.tenant.userId),
            ),
          (order) => ({
            action: 'order.created',
            objectType: 'order',
            objectId: order._id,
            fields: givenFields(input),
          }),
        ),
      ),
    ),

  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/orders/{id}',
        tags,
        summary: 'Order bijwerken (het ordernummer blijft)',
        description: `Vervangt velden en regels met dezelfde regels als POST /orders; wat ontbreekt krijgt zijn standaardwaarde (zonder \`status\` wordt de order weer concept), behalve \`date\`, dat dan blijft staan. De klantgegevens worden opnieuw overgenomen van de klant zoals hij nu is (is die klant intussen verwijderd, dan blijven de oude staan) en de bedragen opnieuw berekend. Verstuurt de webhook \`order.updated\`. ${notFoundOrder} Een onbekende \`customer\` geeft ook 404.`,
      },
    })
    .input(z.object({ ...orderInputShape, ...idInput.shape }).superRefine(checkOrderAmounts))
    .output(orderOutput)
    .mutation(async ({ ctx, input: { id, ...fields } }) => {
      return auditedUpdate(ctx.db, auditScope(ctx), {
        read: async (tx) => orderToWire(await getOrder(tx, ctx.tenant.organizationId, id)),
        write: async (tx) =>
          orderToWire(
            await updateOrder(tx, ctx.tenant.organizationId, id, fields, ctx.now(), ctx.tenant.userId),
          ),
        entry: { action: 'order.updated', objectType: 'order', objectId: id },
      });
    }),

  duplicate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/duplicate',
        tags,
        summary: 'Order dupliceren',
        description: `Maakt een nieuwe order als kopie: status \`concept\`, een nieuw ordernummer (de gewone nummering) en de datum van vandaag; dezelfde klant (met de klantgegevens zoals die nu zijn), dezelfde regels en alle andere velden van de order. Zonder body. Verstuurt de webhook \`order.created\`. ${notFoundOrder}`,
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(idInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) =>
      runIdempotentInTransaction(ctx.db, idempotentCall(ctx, 'orders.duplicate', input), (db) =>
        audited(
          db,
          auditScope(ctx),
          async (tx) =>
            orderToWire(
              await duplicateOrder(tx, ctx.tenant.organizationId, input.id, ctx.now(), ctx.tenant.userId),
            ),
          (copy) => ({ action: 'order.duplicated', objectType: 'order', objectId: copy._id }),
        ),
      ),
    ),

  sendEmail: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/send-email',
        tags,
        summary: 'Order per e-mail versturen',
        description:
          "Verstuurt `subject` en `message` (HTML) naar `recipient`, met `ccEmail` in CC en — met `includePdf` (standaard `true`) — de PDF van de order als `{orderNumber}.pdf`; met `includeUbl` (standaard `false`) gaat ook de order als Peppol UBL-bestand mee als `{orderNumber}.xml` (hetzelfde bestand als GET /orders/{id}/ubl). Kan de order niet als UBL worden uitgedrukt (geen KVK- of btw-nummer bij een partij), dan volgt 409 met een melding die zegt wat ontbreekt, en wordt er niets verzonden. Variabelen als {{customer.name}} en {{order.total}} worden ingevuld (waarden ge-escaped; onbekende blijven staan) en onveilige HTML wordt verwijderd. Afzender: de naam van uw bedrijf met 'via Inkooporders' (zonder tekens als @, < en > die op een e-mailadres lijken), vanaf het adres van de app; antwoorden gaan naar uw eigen e-mailadres. `templateId` (optioneel) moet een eigen template zijn en wordt in de verzendgeschiedenis bewaard; de tekst komt uit `subject` en `message`. Pas als de mailserver het bericht heeft aangenomen wordt de order 'sent' en komt de verzending in `emails` van GET /orders/{id}. Weigert de mailserver het bericht of de ontvanger, of is hij onbereikbaar, dan volgt 503 en verandert er niets; de melding zegt wat te doen. Weigert hij alleen het CC-adres, dan is de order verzonden en zegt `message` dat het CC-adres het bericht niet kreeg. Hooguit 30 berichten per 10 minuten (daarna 429 met Retry-After). Een order die goedkeuring nodig heeft en die voor zijn huidige inhoud niet heeft, wordt niet verzonden: 409 met `code` APPROVAL_REQUIRED (zie POST /orders/{id}/approval/request).",
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(z.object({ ...idInput.shape, ...sendEmailInput.shape }))
    .output(sendEmailOutput)
    .mutation(({ ctx, input: { id, ...payload } }) =>
      runIdempotent(ctx.db, idempotentCall(ctx, 'orders.sendEmail', { id, ...payload }), () =>
        sendOrderEmail(ctx, companyOf(ctx.organization, ctx.user), id, payload, { audit: auditScope(ctx) }),
      ),
    ),

  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/orders/{id}',
        tags,
        summary: 'Order verwijderen',
        description: `Verwijdert de order met zijn regels en verzendgeschiedenis; het ordernummer wordt niet opnieuw uitgegeven. Verstuurt de webhook \`order.deleted\` met de order zoals hij was. ${notFoundOrder}`,
      },
    })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => deleteOrder(tx, ctx.tenant.organizationId, input.id, ctx.now()),
        { action: 'order.deleted', objectType: 'order', objectId: input.id },
      );
      return { success: true as const, message: ORDER_DELETED_MESSAGE };
    }),
});
