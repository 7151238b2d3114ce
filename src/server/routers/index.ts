import { router } from '../trpc';
import { authRouter } from './auth';
import { systemRouter } from './system';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
