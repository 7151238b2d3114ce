import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type Factories = NonNullable<SchemaController['compilersFactory']>;
/** What both factories are: (the shared schemas, the server's ajv or serializer options) → a compiler. */
type Factory = (externalSchemas: unknown, options?: unknown) => unknown;

// Fastify's own copies, resolved from where fastify is, as Fastify itself requires them.
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** A factory that requires the real one (and makes its pool, as Fastify does) on its first call. */
function loadOnFirstCall(name: string): Factory {
  let factory: Factory | undefined;
  return (externalSchemas, options) => {
    factory ??= (requireFromFastify(name) as () => Factory)();
    return factory(externalSchemas, options);
  };
}

/**
 * Fastify's schema compilers (ajv and fast-json-stringify), loaded when a route first declares a
 * schema rather than in every Fastify(): Fastify requires @fastify/ajv-compiler, and with it ajv,
 * as it is constructed, a sizeable part of a cold start (docs/decisions/start-up.md), while the app's
 * routes declare no schema (tRPC and zod validate). The compilers are the ones Fastify would make.
 */
export const lazySchemaCompilers: SchemaController = {
  compilersFactory: {
    buildValidator: loadOnFirstCall('@fastify/ajv-compiler') as Factories['buildValidator'],
    buildSerializer: loadOnFirstCall('@fastify/fast-json-stringify-compiler') as Factories['buildSerializer'],
  },
};
