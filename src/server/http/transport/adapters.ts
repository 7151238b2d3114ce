import type { AnyRouter, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { errorHeaders } from '../error-body';

/**
 * tRPC (/trpc) and the REST API (/api) through the adapters their libraries ship: @trpc/server's
 * fastifyTRPCPlugin here, trpc-to-openapi's fastifyTRPCOpenApiPlugin in stock-rest.ts (measured against
 * the app's own REST route, rest-route.ts, which serves /api), set up through their own options
 * (createContext, responseMeta, onError) and Fastify hooks of their own scope, never by changing how
 * they work. What the app adds on top:
 *
 * - every error's headers (Retry-After, the rate-limit headers) through responseMeta;
 * - internal errors logged (their message never reaches the client: error-body.ts);
 * - REST errors answer the app's body `{message, code, details?}` (error-body.ts) instead of
 *   trpc-to-openapi's, which repeats zod's English issues;
 * - a REST mutation without body and content type (`POST /api/auth/resend-verification` with only a
 *   bearer header) is an empty JSON call, which trpc-to-openapi would refuse with a 415.
 *
 * The JSON-only, cross-site and body-size checks before either adapter are app.ts's.
 */

/** The app's context from Fastify's request and reply: one factory for tRPC and REST. */
export type FastifyContextFactory<TRouter extends AnyRouter> = (opts: {
  req: FastifyRequest;
  res: FastifyReply;
  info: TRPCRequestInfo;
}) => Promise<TRouter['_def']['_config']['$types']['ctx']>;

export type AdapterOptions<TRouter extends AnyRouter> = {
  router: TRouter;
  createContext: FastifyContextFactory<TRouter>;
  log: Pick<Logger, 'error'>;
};

export const responseMeta = ({ errors }: { errors: TRPCError[] }) => ({ headers: errorHeaders(errors) });

export async function registerTrpc<TRouter extends AnyRouter>(
  app: FastifyInstance,
  { router, createContext, log }: AdapterOptions<TRouter>,
) {
  await app.register(fastifyTRPCPlugin<TRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router,
      createContext,
      responseMeta,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error({ err: error.cause ?? error, path }, 'tRPC error');
      },
    },
  });
}
