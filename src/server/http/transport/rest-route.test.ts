import { initTRPC, type TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorHeaders } from '../error-body';
import { registerErrorHandler } from '../error-responses';
import { registerRestRoute } from './rest-route';
import { registerRest } from './stock-rest';

/**
 * The REST route answers every call exactly as trpc-to-openapi's Fastify plugin answers it, set up as
 * the app would set it up (adapters.ts, with the app's error body): the same requests go to both, and
 * status, headers and body must match byte for byte. The router covers what the app's procedures do with a call: path
 * parameters, query input with coercion and arrays, JSON bodies, void inputs, errors with headers.
 */

type Ctx = { user: string | null };
const t = initTRPC.context<Ctx>().meta<OpenApiMeta>().create({ isDev: false });
const authed = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Log in.');
  return next();
});

// Each adapter gets routers of its own: trpc-to-openapi marks the schemas it serves as coercing.
const createRouter = () =>
  t.router({
    profile: authed
      .meta({ openapi: { method: 'GET', path: '/auth/profile' } })
      .input(z.void())
      .output(z.object({ user: z.string().nullable() }))
      .query(({ ctx }) => ({ user: ctx.user })),
    search: t.procedure
      .meta({ openapi: { method: 'GET', path: '/things/{id}' } })
      .input(
        z.object({
          id: z.string(),
          count: z.number().int().optional(),
          flag: z.boolean().optional(),
          when: z.date().optional(),
          tags: z.array(z.string()).optional(),
          text: z.string().optional(),
        }),
      )
      .output(z.unknown())
      .query(({ input }) => ({ ...input, when: input.when?.toISOString() })),
    nested: t.procedure
      .meta({ openapi: { method: 'GET', path: '/things/{id}/parts/{part}' } })
      .input(z.object({ id: z.string(), part: z.string() }))
      .output(z.unknown())
      .query(({ input }) => input),
    create: t.procedure
      .meta({ openapi: { method: 'POST', path: '/things' } })
      .input(z.object({ name: z.string().min(1), size: z.number().optional() }).optional())
      .output(z.unknown())
      .mutation(({ input }) => ({ created: input ?? null })),
    update: t.procedure
      .meta({ openapi: { method: 'PUT', path: '/things/{id}' } })
      .input(z.object({ id: z.string(), name: z.string() }))
      .output(z.unknown())
      .mutation(({ input }) => input),
    remove: t.procedure
      .meta({ openapi: { method: 'DELETE', path: '/things/{id}' } })
      .input(z.object({ id: z.string(), hard: z.boolean().optional() }))
      .output(z.unknown())
      .mutation(({ input }) => ({ removed: input })),
    limited: t.procedure
      .meta({ openapi: { method: 'POST', path: '/limited' } })
      .input(z.void())
      .output(z.unknown())
      .mutation(() => {
        throw new AppError(
          'TOO_MANY_REQUESTS',
          'Te veel pogingen.',
          {},
          { headers: { 'Retry-After': '60' } },
        );
      }),
    broken: t.procedure
      .meta({ openapi: { method: 'GET', path: '/broken' } })
      .input(z.void())
      .output(z.unknown())
      .query(() => {
        throw new Error('select * from secrets');
      }),
    badOutput: t.procedure
      .meta({ openapi: { method: 'GET', path: '/bad-output' } })
      .input(z.void())
      .output(z.object({ n: z.number() }))
      .query(() => ({ n: 'x' }) as unknown as { n: number }),
    hidden: t.procedure.input(z.void()).query(() => 'not over REST'),
  });
type TestRouter = ReturnType<typeof createRouter>;

const createContext = async ({ req }: { req: { headers: Record<string, unknown> } }) => ({
  user: typeof req.headers.authorization === 'string' ? req.headers.authorization : null,
});
const responseMeta = ({ errors }: { errors: TRPCError[] }) => ({ headers: errorHeaders(errors) });
const log = pino({ level: 'silent' });

/** REST through trpc-to-openapi's own Fastify plugin, set up as the app sets it up (adapters.ts). */
async function viaTrpcToOpenApi(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app, log);
  await registerRest(app, { router: createRouter(), createContext: createContext as never, log });
  return app;
}

async function viaRestRoute(
  onError: (error: TRPCError) => void,
  router: TestRouter = createRouter(),
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app, log);
  await registerRestRoute(app, {
    prefix: '/api',
    router,
    createContext,
    responseMeta,
    onError: ({ error }) => onError(error),
  });
  return app;
}

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
};
const json = { 'content-type': 'application/json' };

const calls: Call[] = [
  // Void input, a session or not; a query string is no input.
  { method: 'GET', url: '/api/auth/profile', headers: { authorization: 'jan' } },
  { method: 'GET', url: '/api/auth/profile?x=1', headers: { authorization: 'jan' } },
  { method: 'GET', url: '/api/auth/profile' },
  // Trailing slash, case, dot segments and escapes in the path.
  { method: 'GET', url: '/api/auth/profile/', headers: { authorization: 'jan' } },
  { method: 'GET', url: '/api/AUTH/Profile', headers: { authorization: 'jan' } },
  { method: 'GET', url: '/api/things/../auth/profile', headers: { authorization: 'jan' } },
  { method: 'GET', url: '/api/auth/./profile', headers: { authorization: 'jan' } },
  { method: 'GET', url: '/api/auth/%70rofile', headers: { authorization: 'jan' } },
  // Path parameters: as sent, escapes included; a space or non-ASCII as URL escapes it.
  { method: 'GET', url: '/api/things/abc' },
  { method: 'GET', url: '/api/things/a%20b%2Fc' },
  { method: 'GET', url: '/api/things/caf%C3%A9' },
  { method: 'GET', url: '/api/things/a%2e%2e' },
  { method: 'GET', url: "/api/things/a:b@c!$&'()*+,;=~_-" },
  { method: 'GET', url: '/api/things/abc/parts/x%3Fy' },
  // Query input: coercion of numbers, booleans and dates, arrays, empty values, repeated keys.
  { method: 'GET', url: '/api/things/abc?count=42&flag=true&text=hallo' },
  { method: 'GET', url: '/api/things/abc?count=4.5' },
  { method: 'GET', url: '/api/things/abc?count=veel' },
  { method: 'GET', url: '/api/things/abc?flag=false' },
  { method: 'GET', url: '/api/things/abc?flag=' },
  { method: 'GET', url: '/api/things/abc?when=2026-01-31' },
  { method: 'GET', url: '/api/things/abc?tags=a' },
  { method: 'GET', url: '/api/things/abc?tags=a&tags=b' },
  { method: 'GET', url: '/api/things/abc?text=a&text=b' },
  { method: 'GET', url: '/api/things/abc?id=other' },
  { method: 'GET', url: '/api/things/abc?text=%C3%A9%20x&unknown=1' },
  // JSON bodies; the path parameter wins over the body's field.
  { method: 'POST', url: '/api/things', headers: json, payload: '{"name":"schroef","size":3}' },
  { method: 'POST', url: '/api/things', headers: json, payload: '{"name":""}' },
  { method: 'POST', url: '/api/things' },
  { method: 'POST', url: '/api/things', headers: { 'content-type': '' } },
  { method: 'POST', url: '/api/things', headers: { 'content-type': 'text/plain' } },
  { method: 'POST', url: '/api/things', headers: json, payload: '{"name":' },
  { method: 'PUT', url: '/api/things/abc', headers: json, payload: '{"id":"body","name":"moer"}' },
  { method: 'PATCH', url: '/api/things/abc', headers: json, payload: '{"name":"moer"}' },
  // DELETE reads the query, as GET.
  { method: 'DELETE', url: '/api/things/abc?hard=1' },
  { method: 'DELETE', url: '/api/things/abc', headers: json, payload: '{"hard":true}' },
  // Unknown paths and methods; HEAD; a procedure without REST meta.
  { method: 'GET', url: '/api/nothing-here' },
  { method: 'GET', url: '/api/' },
  { method: 'GET', url: '/api/things' },
  { method: 'DELETE', url: '/api/auth/profile' },
  { method: 'PUT', url: '/api/things', headers: json, payload: '{}' },
  { method: 'HEAD', url: '/api/auth/profile' },
  { method: 'HEAD', url: '/api/nothing-here' },
  { method: 'OPTIONS', url: '/api/auth/profile' },
  { method: 'GET', url: '/api/hidden' },
  // Errors: headers from responseMeta, the shared body, no internals.
  { method: 'POST', url: '/api/limited' },
  { method: 'GET', url: '/api/broken' },
  { method: 'GET', url: '/api/bad-output' },
];

const shape = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

describe('the REST adapter', () => {
  let before: FastifyInstance;
  let after: FastifyInstance;
  const errors: TRPCError[] = [];
  const router = createRouter();

  beforeAll(async () => {
    before = await viaTrpcToOpenApi();
    after = await viaRestRoute((error) => errors.push(error), router);
  });
  afterAll(async () => {
    await before.close();
    await after.close();
  });

  it.each(calls)('answers $method $url as trpc-to-openapi does', async (call) => {
    const now = shape(await after.inject(call));
    const then = shape(await before.inject(call));
    expect(now).toEqual(then);
  });

  // What the comparison above holds, spelled out, so that a change on both sides cannot go unnoticed.
  it('coerces query values, makes one value an array where the input takes one, and drops empty ones', async () => {
    const res = await after.inject({ method: 'GET', url: '/api/things/abc?count=42&flag=true&tags=a&text=' });
    expect(res.json()).toEqual({ id: 'abc', count: 42, flag: true, tags: ['a'] });
  });

  // Where it differs from trpc-to-openapi on purpose (query-coercion.ts): a JSON body is not coerced,
  // and the procedure's schema, shared with tRPC and the forms, stays as written.
  it('takes a JSON body as sent: text where a number or boolean belongs is refused, not converted', async () => {
    const res = await after.inject({
      method: 'POST',
      url: '/api/things',
      headers: json,
      payload: '{"name":"schroef","size":"3"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', details: { size: expect.any(String) } });
    const stock = await before.inject({
      method: 'POST',
      url: '/api/things',
      headers: json,
      payload: '{"name":"schroef","size":"3"}',
    });
    expect(stock.json()).toEqual({ created: { name: 'schroef', size: 3 } });
  });

  it('leaves the procedures’ schemas as written after serving query and body calls', async () => {
    await after.inject({ method: 'GET', url: '/api/things/abc?count=42&flag=true&when=2026-01-31' });
    await after.inject({
      method: 'POST',
      url: '/api/things',
      headers: json,
      payload: '{"name":"a","size":1}',
    });
    const search = router._def.procedures.search._def.inputs[0] as z.ZodType;
    const create = router._def.procedures.create._def.inputs[0] as z.ZodType;
    expect(search.safeParse({ id: 'abc', count: '42' }).success).toBe(false);
    expect(search.safeParse({ id: 'abc', flag: 'false' }).success).toBe(false);
    expect(create.safeParse({ name: 'a', size: '3' }).success).toBe(false);
  });

  it('passes a path parameter on as sent, percent-escapes included', async () => {
    const res = await after.inject({ method: 'GET', url: '/api/things/a%20b%2Fc' });
    expect(res.json()).toEqual({ id: 'a%20b%2Fc' });
  });

  it('answers an unknown path and a wrong method with the shared 404 body', async () => {
    for (const call of [
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'DELETE', url: '/api/auth/profile' },
    ] as const) {
      const res = await after.inject(call);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Niet gevonden.', code: 'NOT_FOUND' });
    }
  });

  it('sends the headers an error asks for, and hides what an internal error says', async () => {
    const limited = await after.inject({ method: 'POST', url: '/api/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    const broken = await after.inject({ method: 'GET', url: '/api/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('secrets');
    expect(
      errors.some((e) => e.code === 'INTERNAL_SERVER_ERROR' && String(e.cause).includes('secrets')),
    ).toBe(true);
  });

  it('refuses a POST with a body of another type, and takes one without body or type as JSON', async () => {
    const plain = await after.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    const bare = await after.inject({ method: 'POST', url: '/api/things' });
    // Past the type check: the input's own validation answers.
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'BAD_REQUEST', details: { name: expect.any(String) } });
  });
});
