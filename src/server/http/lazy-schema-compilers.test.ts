import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './lazy-schema-compilers';

describe('lazySchemaCompilers', () => {
  it('still validates and serialises a route that declares schemas', async () => {
    const app = Fastify({ logger: false, schemaController: lazySchemaCompilers });
    app.post(
      '/',
      {
        schema: {
          body: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
          response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } },
        },
      },
      async (req) => ({ ...(req.body as object), extra: 'weg' }),
    );
    const bad = await app.inject({ method: 'POST', url: '/', payload: { b: 1 } });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({ method: 'POST', url: '/', payload: { a: '7' } });
    expect(good.statusCode).toBe(200);
    // ajv's coercion and fast-json-stringify's dropping of undeclared fields, as without the option.
    expect(good.json()).toEqual({ a: 7 });
    await app.close();
  });
});
