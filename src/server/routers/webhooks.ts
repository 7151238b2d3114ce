import { z } from 'zod';
import { idInput, successOutput } from '../../shared/schemas/common';
import {
  WEBHOOK_LIMIT,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_TEST_WINDOW_MINUTES,
  webhookDeliveryOutput,
  webhookInput,
  webhookOutput,
  webhookTestOutput,
  webhookWithSecretOutput,
} from '../../shared/schemas/webhook';
import { audited, auditedUpdate, auditScope, givenFields, recordAudit } from '../services/audit/audit-log';
import { deliveryPolicyOf } from '../services/webhooks/deliver';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  sendTestEvent,
  updateWebhook,
} from '../services/webhooks/subscriptions';
import { authedProcedure, router } from '../trpc';

const tags = ['webhooks'];

const notFoundWebhook = 'Een onbekende webhook, of die van een ander account, geeft 404.';

const aboutDelivery =
  'Elk bericht is een POST met `{id, type, createdAt, data}`; `data` is het object zoals GET /orders/{id} of GET /customers/{id} het geeft (bij verwijderen: zoals het laatst was). Ondertekend volgens Standard Webhooks: headers `webhook-id`, `webhook-timestamp` en `webhook-signature` (`v1,` + base64 HMAC-SHA256 van `id.timestamp.body` met het geheim). Zonder 2xx-antwoord binnen 10 seconden volgen nieuwe pogingen, steeds langer wachtend, ongeveer een dag lang; daarna staat de webhook op `failing`. Doorverwijzingen worden niet gevolgd. Adressen die naar localhost of een intern netwerk leiden worden geweigerd.';

const aboutLimits = `Een account heeft hoogstens ${WEBHOOK_LIMIT} webhooks; daarboven volgt 409 (verwijder er eerst een). Een tweede webhook voor hetzelfde adres met dezelfde gebeurtenissen wordt ook met 409 geweigerd, met \`details.url\`.`;

export const webhooksRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhooks',
        tags,
        summary: 'Alle webhooks',
        description:
          'De webhooks van het account, oudste eerst, zonder hun geheim. `failing` zegt of een bericht na alle pogingen niet kon worden afgeleverd; het afleverlog staat bij GET /webhooks/{id}/deliveries.',
      },
    })
    .input(z.void())
    .output(z.array(webhookOutput))
    .query(({ ctx }) => listWebhooks(ctx.db, ctx.tenant.organizationId)),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhooks/{id}',
        tags,
        summary: 'Eén webhook',
        description: `Adres, gebeurtenissen en toestand van de webhook; het geheim staat alleen in het antwoord van POST /webhooks. ${notFoundWebhook}`,
      },
    })
    .input(idInput)
    .output(webhookOutput)
    .query(({ ctx, input }) => getWebhook(ctx.db, ctx.tenant.organizationId, input.id)),

  create: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/webhooks',
        tags,
        summary: 'Webhook aanmaken (het geheim staat alleen in dit antwoord)',
        description: `${aboutDelivery} ${aboutLimits}`,
      },
    })
    .input(webhookInput)
    .output(webhookWithSecretOutput)
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        auditScope(ctx),
        (tx) => createWebhook(tx, ctx.tenant.organizationId, input, deliveryPolicyOf(ctx.config)),
        (webhook) => ({
          action: 'webhook.created',
          objectType: 'webhook',
          objectId: webhook._id,
          fields: givenFields(input),
        }),
      ),
    ),

  update: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'PUT',
        path: '/webhooks/{id}',
        tags,
        summary: 'Webhook bijwerken, pauzeren (`active: false`) of hervatten',
        description: `Vervangt adres, gebeurtenissen en \`active\`; het geheim blijft. Het adres wordt gecontroleerd zoals bij aanmaken: zonder https, of naar localhost of een intern netwerk, geeft het 400. Valt de webhook daarmee samen met een andere webhook van het account (hetzelfde adres, dezelfde gebeurtenissen), dan volgt 409 met \`details.url\`. Een gepauzeerde webhook krijgt geen berichten over nieuwe gebeurtenissen; hervatten zet \`failing\` weer op \`false\`. ${notFoundWebhook}`,
      },
    })
    .input(webhookInput.extend(idInput.shape))
    .output(webhookOutput)
    .mutation(async ({ ctx, input: { id, ...fields } }) => {
      return auditedUpdate(ctx.db, auditScope(ctx), {
        read: (tx) => getWebhook(tx, ctx.tenant.organizationId, id),
        write: (tx) => updateWebhook(tx, ctx.tenant.organizationId, id, fields, deliveryPolicyOf(ctx.config)),
        entry: { action: 'webhook.updated', objectType: 'webhook', objectId: id },
      });
    }),

  delete: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'DELETE',
        path: '/webhooks/{id}',
        tags,
        summary: 'Webhook verwijderen',
        description: `Verwijdert de webhook met zijn afleverlog; berichten die nog op aflevering wachten worden niet meer verstuurd. ${notFoundWebhook}`,
      },
    })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(ctx.db, auditScope(ctx), (tx) => deleteWebhook(tx, ctx.tenant.organizationId, input.id), {
        action: 'webhook.deleted',
        objectType: 'webhook',
        objectId: input.id,
      });
      return { success: true as const, message: 'Webhook is verwijderd.' };
    }),

  deliveries: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhooks/{id}/deliveries',
        tags,
        summary: 'De laatste 100 afleverpogingen, nieuwste eerst',
        description: `Het afleverlog: per poging het bericht, het tijdstip, de HTTP-status (of waarom er geen antwoord kwam), de duur en het begin van het antwoord. Alleen de 100 nieuwste pogingen worden bewaard. ${notFoundWebhook}`,
      },
    })
    .input(idInput)
    .output(z.array(webhookDeliveryOutput))
    .query(({ ctx, input }) => listDeliveries(ctx.db, ctx.tenant.organizationId, input.id)),

  test: authedProcedure
    .meta({
      capability: 'manage',
      openapi: {
        method: 'POST',
        path: '/webhooks/{id}/test',
        tags,
        summary: 'Testbericht versturen',
        description: `Zet een bericht van type \`webhook.test\` in de wachtrij, dat net als de echte berichten wordt ondertekend, afgeleverd en zo nodig opnieuw geprobeerd; ook naar een gepauzeerde webhook. Hoogstens ${WEBHOOK_TEST_LIMIT} testberichten per account per ${WEBHOOK_TEST_WINDOW_MINUTES} minuten; daarboven volgt 429 met Retry-After.`,
      },
    })
    .input(idInput)
    .output(webhookTestOutput)
    .mutation(async ({ ctx, input }) => {
      const { eventId } = await sendTestEvent(ctx.db, ctx.tenant.organizationId, input.id, ctx.now());
      // Outside sendTestEvent's own writes: a refused test (its rate limit) still counts as tried.
      await recordAudit(
        ctx.db,
        ctx.tenant.organizationId,
        ctx.actor,
        { action: 'webhook.test_sent', objectType: 'webhook', objectId: input.id },
        ctx.now(),
      );
      return { success: true as const, eventId, message: 'Testbericht staat klaar om te versturen.' };
    }),
});
