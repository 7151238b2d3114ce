import type { AnyRouter, TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fastifyTRPCOpenApiPlugin, type OpenApiRouter } from 'trpc-to-openapi';
import { errorBody } from '../error-body';
import { type AdapterOptions, responseMeta } from './adapters';

/**
 * REST (/api) through trpc-to-openapi's own Fastify plugin, set up as adapters.ts describes. A module
 * of its own, which app.ts loads only when asked for it (the bench, the REST route's comparison test):
 * the plugin brings the OpenAPI generator and, outside production, builds the whole document at start
 * to validate the router — no part of the app's start-up while its own REST route serves /api.
 */

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
