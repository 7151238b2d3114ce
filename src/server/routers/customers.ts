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
import { idempotentCall, runIdempotent } from '../services/idempotency/idempotency';
import { authedProcedure, router } from '../trpc';

const tags = ['customers'];

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
        ? (await listCustomersForApi(ctx.db, ctx.user.id, input)).customers
        : listAllCustomers(ctx.db, ctx.user.id),
    ),

  /** The screens' list: search, active filter and paging in SQL (not part of the REST contract). */
  page: authedProcedure
    .input(customerListQuery)
    .output(customerPage)
    .query(({ ctx, input }) => listCustomers(ctx.db, ctx.user.id, input)),

  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/customers/{id}', tags, summary: 'Eén klant' } })
    .input(idInput)
    .output(customerOutput)
    .query(({ ctx, input }) => getCustomer(ctx.db, ctx.user.id, input.id)),

  /** The delete confirmation: how many orders were written for this customer (not part of the REST contract). */
  orderCount: authedProcedure
    .input(idInput)
    .output(z.object({ count: z.number().int().min(0) }))
    .query(async ({ ctx, input }) => ({ count: await countCustomerOrders(ctx.db, ctx.user.id, input.id) })),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customers',
        tags,
        summary: 'Klant aanmaken',
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(customerInput)
    .output(customerOutput)
    .mutation(({ ctx, input }) =>
      runIdempotent(ctx.db, idempotentCall(ctx, 'customers.create', input), () =>
        createCustomer(ctx.db, ctx.user.id, input),
      ),
    ),

  update: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/customers/{id}', tags, summary: 'Klant bijwerken' } })
    .input(customerInput.extend(idInput.shape))
    .output(customerOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => updateCustomer(ctx.db, ctx.user.id, id, fields)),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/customers/{id}', tags, summary: 'Klant verwijderen' } })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteCustomer(ctx.db, ctx.user.id, input.id);
      return { success: true as const, message: 'Klant is verwijderd.' };
    }),
});
