import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers';

/** End-to-end typed hooks for every procedure of the server's appRouter. */
export const trpc = createTRPCReact<AppRouter>();
