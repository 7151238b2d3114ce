import { z } from 'zod';
import { profileOutput } from '../../shared/schemas/profile';
import { toProfile } from '../services/profile-view';
import { authedProcedure, router } from '../trpc';

export const authRouter = router({
  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/profile', tags: ['auth'], summary: 'Profiel ophalen' } })
    .input(z.void())
    .output(profileOutput)
    .query(({ ctx }) => toProfile(ctx.user)),
});
