import { router } from '../trpc';
import { authRouter } from './auth';
import { customersRouter } from './customers';
import { systemRouter } from './system';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  customers: customersRouter,
});

export type AppRouter = typeof appRouter;
