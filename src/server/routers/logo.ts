import { z } from 'zod';
import { logoInfo } from '../services/logo/logos';
import { authedProcedure, router } from '../trpc';

/**
 * What the app needs to show the company logo (tRPC only: REST has the image itself at
 * /api/auth/logo, http/company-logo.ts): whether there is one, and its version for the image's URL.
 */
export const logoRouter = router({
  info: authedProcedure
    .input(z.void())
    .output(z.object({ version: z.string(), width: z.number(), height: z.number() }).nullable())
    .query(({ ctx }) => logoInfo(ctx.db, ctx.tenant.organizationId)),
});
