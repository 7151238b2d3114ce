import { z } from 'zod';
import { customerApiListQuery } from '../../shared/schemas/api-list';
import { idInput, successOutput } from '../../shared/schemas/common';
import {
  customerInput,
  customerListQuery,
  customerOutput,
  customerPage,
} from '../../shared/schemas/customer';
import { idempotencyHeaders } from '../../shared/schemas/idempotency';
import { audited, auditedUpdate, auditScope, givenFields } from '../services/audit/audit-log';
import {
  countCustomerOrders,
  createCustomer,
  deleteCustomer,
  getCustomer,
  listAllCustomers,
  listCustomers,
  updateCustomer,
} from '../services/customers/customers';
import { listCustomersForApi } from '../services/customers/customers-api-list';
import { idempotentCall, runIdempotentInTransaction } from '../services/idempotency/idempotency';
import { authedProcedure, router } from '../trpc';

const tags = ['customers'];

const notFoundCustomer = 'Een onbekende klant, of die van een ander account, geeft 404.';

export const customersRouter = router({
  /**
   * The list over tRPC. Over REST, GET /api/customers is a plain route (http/customers-list.ts),
   * described in the OpenAPI document by http/list-operations.ts.
   */
  list: authedProcedure
    .input(customerApiListQuery.optional())
    .output(z.array(customerOutput))
    .query(async ({ ctx, input }) =>
      input
        ? (await listCustomersForApi(ctx.db, ctx.tenant.organizationId, input)).customers
        : listAllCustomers(ctx.db, ctx.tenant.organizationId),
    ),

  /** The screens' list: search, active filter and paging in SQL (not part of the REST contract). */
  page: authedProcedure
    .input(customerListQuery)
    .output(customerPage)
    .query(({ ctx, input }) => listCustomers(ctx.db, ctx.tenant.organizationId, input)),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customers/{id}',
        tags,
        summary: 'Eén klant',
        description: `Eén klant van het account, zoals de lijst en de webhooks hem geven. ${notFoundCustomer}`,
      },
    })
    .input(idInput)
    .output(customerOutput)
    .query(({ ctx, input }) => getCustomer(ctx.db, ctx.tenant.organizationId, input.id)),

  /** The delete confirmation: how many orders were written for this customer (not part of the REST contract). */
  orderCount: authedProcedure
    .input(idInput)
    .output(z.object({ count: z.number().int().min(0) }))
    .query(async ({ ctx, input }) => ({
      count: await countCustomerOrders(ctx.db, ctx.tenant.organizationId, input.id),
    })),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customers',
        tags,
        summary: 'Klant aanmaken',
        description:
          '`name`, `company` en `email` zijn verplicht; de andere velden mogen ontbreken of leeg zijn. Elk veld wordt gecontroleerd met de regels van de app en genormaliseerd opgeslagen (e-mail in kleine letters, telefoon als +31…, postcode als `1234 AB`); postcode en BTW-nummer volgen het land van de klant (`country`): een Belgische klant heeft een postcode van 4 cijfers en een BE-nummer, elk BTW-nummer wordt gecontroleerd op het formaat van zijn land en, buiten Nederland, op het controlegetal, en een nummer zonder landcode krijgt de landcode van de klant; een ongeldig veld geeft 400 met `details` en slaat niets op. Verstuurt de webhook `customer.created`. Met een `Idempotency-Key` maakt een herhaling geen tweede klant.',
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(customerInput)
    .output(customerOutput)
    .mutation(({ ctx, input }) =>
      runIdempotentInTransaction(ctx.db, idempotentCall(ctx, 'customers.create', input), (db) =>
        audited(
          db,
          auditScope(ctx),
          (tx) => createCustomer(tx, ctx.tenant.organizationId, input, ctx.now(), ctx.tenant.userId),
          (customer) => ({
            action: 'customer.created',
            objectType: 'customer',
            objectId: customer._id,
            fields: givenFields(input),
          }),
        ),
      ),
    ),

  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/customers/{id}',
        tags,
        summary: 'Klant bijwerken',
        description: `Vervangt de klant: dezelfde velden en regels als POST /customers, en wat ontbreekt wordt leeg (\`country\` Nederland, \`active\` true). Bestaande orders houden de klantgegevens van toen ze werden opgeslagen, tot ze opnieuw worden opgeslagen. Verstuurt de webhook \`customer.updated\`. ${notFoundCustomer}`,
      },
    })
    .input(customerInput.extend(idInput.shape))
    .output(customerOutput)
    .mutation(async ({ ctx, input: { id, ...fields } }) => {
      return auditedUpdate(ctx.db, auditScope(ctx), {
        read: (tx) => getCustomer(tx, ctx.tenant.organizationId, id),
        write: (tx) =>
          updateCustomer(tx, ctx.tenant.organizationId, id, fields, ctx.now(), ctx.tenant.userId),
        entry: { action: 'customer.updated', objectType: 'customer', objectId: id },
      });
    }),

  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/customers/{id}',
        tags,
        summary: 'Klant verwijderen',
        description: `Verwijdert de klant. Zijn orders blijven bestaan en tonen de klantgegevens van toen ze werden opgeslagen. Verstuurt de webhook \`customer.deleted\` met de klant zoals hij was. ${notFoundCustomer}`,
      },
    })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => deleteCustomer(tx, ctx.tenant.organizationId, input.id, ctx.now()),
        { action: 'customer.deleted', objectType: 'customer', objectId: input.id },
      );
      return { success: true as const, message: 'Klant is verwijderd.' };
    }),
});
