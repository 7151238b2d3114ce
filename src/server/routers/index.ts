import { router } from '../trpc';
import { authRouter } from './auth';
import { customersRouter } from './customers';
import { orderSettingsRouter } from './order-settings';
import { ordersRouter } from './orders';
import { systemRouter } from './system';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  customers: customersRouter,
  orders: ordersRouter,
  orderSettings: orderSettingsRouter,
});

export type AppRouter = typeof appRouter;
