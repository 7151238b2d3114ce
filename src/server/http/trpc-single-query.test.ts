import type { TRPCError } from '@trpc/server';
import { resolveResponse } from '@trpc/server/http';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { authedProcedure, type Context, publicProcedure, router } from '../trpc';
import { errorHeaders } from './error-body';
import { lightRequest, registerTrpcRoute, sendTrpcResponse } from './trpc-route';

/**
 * A single tRPC query skips resolveResponse (trpc-single-query.ts); every call must still be answered
 * byte for byte as resolveResponse answers it. The same calls go to the route and to a reference that
 * hands every call to resolveResponse; status, headers and body must match. The procedures are built
 * with the app's own builders (trpc.ts), so the app's error formatter and session middleware take part.
 */

const testRouter = router({
  profile: authedProcedure.query(({ ctx }) => ({ id: ctx.user.id })),
  echo: publicProcedure
    .input(z.object({ id: z.string(), n: z.number().optional() }))
    .query(({ input }) => input),
  optional: publicProcedure.input(z.object({ q: z.string() }).optional()).query(({ input }) => input ?? null),
  empty: publicProcedure.query(() => undefined),
  limited: publicProcedure.query(() => {
    throw new AppError('TOO_MANY_REQUESTS', 'Te veel pogingen.', {}, { headers: { 'Retry-After': '60' } });
  }),
  broken: publicProcedure.query(() => {
    throw new Error('select * from secrets');
  }),
  badOutput: publicProcedure.output(z.object({ n: z.number() })).query(() => ({ n: 'x' }) as never),
  streamLike: publicProcedure.query(() => ({ later: Promise.resolve(1) })),
  nested: router({ deep: publicProcedure.query(() => 'diep') }),
  change: publicProcedure.input(z.object({ v: z.string() })).mutation(({ input }) => input),
});

// A context with just what the procedures read: the session middleware looks at user and session.
const createContext = async ({ req }: { req: { headers: Record<string, unknown> } }): Promise<Context> => {
  if (req.headers['x-context'] === 'fails') throw new Error('database down');
  const signedIn = req.headers.authorization === 'Bearer goed';
  return {
    user: signedIn ? { id: 'u1' } : null,
    session: signedIn ? { id: 's1' } : null,
  } as unknown as Context;
};
const responseMeta = ({ errors }: { errors: TRPCError[] }) => ({ headers: errorHeaders(errors) });

function recordErrors(into: string[]) {
  return ({ error, path, input }: { error: TRPCError; path?: string; input?: unknown }) => {
    into.push(JSON.stringify({ code: error.code, message: error.message, path, input }));
  };
}

async function viaRoute(errors: string[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerTrpcRoute(app, {
    prefix: '/trpc',
    router: testRouter,
    createContext,
    responseMeta,
    onError: recordErrors(errors),
  });
  return app;
}

/** Every call through resolveResponse, sent as the route sends its answers. */
async function viaResolveResponse(errors: string[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.all<{ Params: { path: string } }>('/trpc/:path', async (req, reply) => {
    const res = await resolveResponse({
      router: testRouter,
      req: lightRequest(req, reply),
      path: req.params.path,
      error: null,
      createContext: ({ info }) => createContext({ req, res: reply, info } as never),
      responseMeta,
      onError: recordErrors(errors),
    });
    // As the route sends them: a jsonl batch or an event stream as a stream, one JSON document whole.
    return sendTrpcResponse(reply, res);
  });
  return app;
}

type Call = {
  method?: 'GET' | 'POST' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
};
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const signedIn = { authorization: 'Bearer goed' };

const calls: Call[] = [
  { method: 'GET', url: '/trpc/profile', headers: signedIn },
  { method: 'GET', url: '/trpc/profile' },
  { method: 'GET', url: '/trpc/profile', headers: { ...signedIn, 'x-context': 'fails' } },
  { method: 'GET', url: `/trpc/echo?input=${input({ id: 'a' })}` },
  { method: 'GET', url: `/trpc/echo?input=${input({ id: 'é ü', n: 3 })}` },
  { method: 'GET', url: `/trpc/echo?input=${input({ id: 'a', n: '3' })}` },
  { method: 'GET', url: '/trpc/echo?input={"id":"a+b"}' },
  { method: 'GET', url: '/trpc/echo?input=%7B%22id%22%3A%22x%22%7D&input=%7B%7D' },
  { method: 'GET', url: '/trpc/echo?input={' },
  { method: 'GET', url: '/trpc/echo?input=' },
  { method: 'GET', url: '/trpc/echo' },
  { method: 'GET', url: `/trpc/echo?input=${input({ id: 1 })}` },
  { method: 'GET', url: '/trpc/optional' },
  { method: 'GET', url: `/trpc/optional?input=${input({ q: 'x' })}&other=1` },
  { method: 'GET', url: '/trpc/empty' },
  { method: 'GET', url: '/trpc/limited' },
  { method: 'GET', url: '/trpc/broken' },
  { method: 'GET', url: '/trpc/badOutput' },
  { method: 'GET', url: '/trpc/streamLike' },
  { method: 'GET', url: '/trpc/nested.deep' },
  { method: 'GET', url: '/trpc/nested' },
  { method: 'GET', url: '/trpc/nothing' },
  { method: 'GET', url: '/trpc/toString' },
  { method: 'GET', url: '/trpc/%65cho?input=%7B%22id%22%3A%22x%22%7D' },
  { method: 'GET', url: '/trpc/change?input=%7B%22v%22%3A%22x%22%7D' },
  {
    method: 'POST',
    url: '/trpc/change',
    headers: { 'content-type': 'application/json' },
    payload: '{"v":"x"}',
  },
  {
    method: 'POST',
    url: '/trpc/echo',
    headers: { 'content-type': 'application/json' },
    payload: '{"id":"x"}',
  },
  { method: 'HEAD', url: '/trpc/profile' },
  // The calls the fast path leaves to resolveResponse.
  { method: 'GET', url: `/trpc/profile,echo?batch=1&input=${input({ 1: { id: 'a' } })}`, headers: signedIn },
  { method: 'GET', url: '/trpc/profile?batch=0', headers: signedIn },
  { method: 'GET', url: '/trpc/profile', headers: { ...signedIn, 'trpc-accept': 'application/jsonl' } },
  { method: 'GET', url: '/trpc/profile', headers: { ...signedIn, accept: 'text/html, application/jsonl' } },
  { method: 'GET', url: '/trpc/profile', headers: { ...signedIn, accept: 'application/json' } },
  { method: 'GET', url: '/trpc/profile', headers: { ...signedIn, 'content-type': 'text/plain' } },
  { method: 'GET', url: '/trpc/profile', headers: { ...signedIn, 'content-type': 'application/json' } },
  {
    method: 'GET',
    url: '/trpc/profile',
    headers: { ...signedIn, 'content-type': 'multipart/form-data; boundary=x' },
  },
  { method: 'GET', url: '/trpc/profile?connectionParams=%7B%7D', headers: signedIn },
  { method: 'GET', url: '/trpc/echo?input={"id":"<x>"}' },
];

const shape = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers: Object.entries(headers), body: res.body };
};

describe('a single tRPC query', () => {
  let reference: FastifyInstance;
  let route: FastifyInstance;
  const referenceErrors: string[] = [];
  const routeErrors: string[] = [];

  beforeAll(async () => {
    reference = await viaResolveResponse(referenceErrors);
    route = await viaRoute(routeErrors);
  });
  afterAll(async () => {
    await reference.close();
    await route.close();
  });

  it.each(calls)(
    'answers $method $url as resolveResponse does, and reports the same errors',
    async (call) => {
      referenceErrors.length = 0;
      routeErrors.length = 0;
      const now = shape(await route.inject(call));
      const then = shape(await reference.inject(call));
      expect(now).toEqual(then);
      expect(routeErrors).toEqual(referenceErrors);
    },
  );

  it('answers a signed-in query with its data, and a refusal with its status and headers', async () => {
    const ok = await route.inject({ url: '/trpc/profile', headers: signedIn });
    expect(ok.json()).toEqual({ result: { data: { id: 'u1' } } });
    const limited = await route.inject({ url: '/trpc/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toMatchObject({ error: { message: 'Te veel pogingen.' } });
  });
});
