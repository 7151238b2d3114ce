import { z } from 'zod';
import { idInput, successOutput } from '../../shared/schemas/common';
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
import { orderStats } from '../services/orders/dashboard-stats';
import {
  createOrder,
  deleteOrder,
  getOrder,
  listAllOrders,
  ORDER_DELETED_MESSAGE,
  updateOrder,
} from '../services/orders/orders';
import { listOrdersPage } from '../services/orders/orders-list';
import { authedProcedure, router } from '../trpc';
import { orderPageToWire, orderStatsToWire, orderToWire } from './order-wire';

const tags = ['orders'];

export const ordersRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/orders', tags, summary: 'Alle orders, nieuwste eerst' } })
    .input(z.void())
    .output(z.array(orderOutput))
    .query(async ({ ctx }) => (await listAllOrders(ctx.db, ctx.user.id)).map(orderToWire)),

  /** The screens' list: search, status, period and paging in SQL (not part of the REST contract). */
  page: authedProcedure
    .input(orderListQuery)
    .output(orderPage)
    .query(async ({ ctx, input }) => orderPageToWire(await listOrdersPage(ctx.db, ctx.user.id, input))),

  /** The dashboard cards (not part of the REST contract). */
  stats: authedProcedure
    .input(orderStatsInput)
    .output(orderStatsOutput)
    .query(async ({ ctx, input }) => orderStatsToWire(await orderStats(ctx.db, ctx.user.id, input.period))),

  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/orders/{id}', tags, summary: 'Eén order met regels' } })
    .input(idInput)
    .output(orderOutput)
    .query(async ({ ctx, input }) => orderToWire(await getOrder(ctx.db, ctx.user.id, input.id))),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders',
        tags,
        summary: 'Order aanmaken',
        description:
          'Het ordernummer wordt bij het opslaan toegekend. `customer` is het _id van een eigen klant (een object met `_id`/`id` mag ook). Prijzen in euro als getal of tekst met punt of komma.',
      },
    })
    .input(orderInput)
    .output(orderOutput)
    .mutation(async ({ ctx, input }) => orderToWire(await createOrder(ctx.db, ctx.user.id, input))),

  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/orders/{id}',
        tags,
        summary: 'Order bijwerken (het ordernummer blijft)',
      },
    })
    .input(z.object({ ...orderInputShape, ...idInput.shape }).superRefine(checkOrderAmounts))
    .output(orderOutput)
    .mutation(async ({ ctx, input: { id, ...fields } }) =>
      orderToWire(await updateOrder(ctx.db, ctx.user.id, id, fields)),
    ),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/orders/{id}', tags, summary: 'Order verwijderen' } })
    .input(idInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteOrder(ctx.db, ctx.user.id, input.id);
      return { success: true as const, message: ORDER_DELETED_MESSAGE };
    }),
});
