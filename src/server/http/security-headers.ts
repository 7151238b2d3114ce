import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { lazySchemaCompilers } from './lazy-schema-compilers';

/**
 * The security headers (helmet's), worked out once at start-up and set on every answer.
 *
 * @fastify/helmet calls helmet(options) inside an onRequest hook, i.e. it parses the CSP directives,
 * dashifies names and builds each middleware again for every request, behind a second, async hook
 * (docs/decisions/request-cpu.md).
 * Our options are static (no nonces, no per-request functions), so the headers are the same on every
 * answer: they are taken once from @fastify/helmet itself, on a throw-away instance, and replayed per
 * request with res.setHeader exactly as helmet sets them (same names, values and order, set on the raw
 * response, so that a route's own header, e.g. the API docs' CSP, still replaces helmet's).
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<ReadonlyArray<readonly [string, string]>> {
  const probe = Fastify({ logger: false, schemaController: lazySchemaCompilers });
  await probe.register(fastifyHelmet, options);
  // Only helmet's onRequest hook has set anything on the raw response when the handler runs.
  probe.get('/', (_req, reply) => {
    // getRawHeaderNames (node ≥ 15, not in our @types/node) keeps helmet's spelling of the names.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    return raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
  });
  const res = await probe.inject('/');
  await probe.close();
  const headers = (res.json() as [string, string][]).map(([n, v]) => Object.freeze([n, v] as const));
  return Object.freeze(headers);
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
