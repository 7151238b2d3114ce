import type { AnyRouter, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { OpenApiRouter } from 'trpc-to-openapi';
import { errorBody, errorHeaders } from '../error-body';

/**
 * tRPC (/trpc) and the REST API (/api) through the adapters their libraries ship: @trpc/server's
 * fastifyTRPCPlugin and trpc-to-openapi's fastifyTRPCOpenApiPlugin, set up through their own options
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

const responseMeta = ({ errors }: { errors: TRPCError[] }) => ({ headers: errorHeaders(errors) });

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

const isMutation = (method: string) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

export async function registerRest<TRouter extends AnyRouter>(
  app: FastifyInstance,
  { router, createContext, log }: AdapterOptions<TRouter>,
) {
  await app.register(async (api) => {
    // Fastify has parsed nothing of a call without body and content type, so this changes no body.
    api.addHook('preHandler', (req, _reply, done) => {
      if (isMutation(req.method) && !req.headers['content-type'] && req.body === undefined)
        req.headers['content-type'] = 'application/json';
      done();
    });
    // The plugin's handler sends through reply.send and resolves with nothing; Fastify, finding the
    // reply unfinished, would send it again, empty — a body the compressor streams then ended as
    // `content-length: 0`. Returning the reply tells Fastify the handler has answered.
    api.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = async function (this: FastifyInstance, req, reply) {
        await handler.call(this, req, reply);
        return reply;
      };
    });
    // The error the plugin reported for a request, whose body it then sends in its own shape.
    const errors = new WeakMap<FastifyRequest, TRPCError>();
    api.addHook('onSend', (req, _reply, payload, done) => {
      const error = errors.get(req);
      if (!error) return done(null, payload);
      errors.delete(req);
      done(null, JSON.stringify(errorBody(error)));
    });
    // Loaded here, not at the top: the plugin brings the OpenAPI generator (and validates the router
    // with it outside production), which a start-up that does not serve REST through it need not load.
    const { fastifyTRPCOpenApiPlugin } = await import('trpc-to-openapi');
    await api.register(fastifyTRPCOpenApiPlugin<OpenApiRouter>, {
      basePath: '/api',
      router: router as unknown as OpenApiRouter,
      createContext: createContext as never,
      responseMeta,
      onError: ({ error, path, req }) => {
        errors.set(req as unknown as FastifyRequest, error);
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error({ err: error.cause ?? error, path }, 'REST error');
      },
    });
  });
}
