import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

type Document = Record<string, unknown>;

/**
 * GET /api/openapi.json and the interactive reference under /api/docs (with its /json and /yaml).
 *
 * The document is made on the first request that needs it, not at start-up: generating it was ~5 %
 * of a cold start's CPU (node --cpu-prof, issue 12), for a page few visits ask for.
 * @fastify/swagger (static mode) keeps the object it is given and serves that very object, and
 * the YAML it makes of it on first use: it gets an empty object, filled in place by a hook before
 * any of the reference's routes answers.
 */
export async function registerApiDocs(app: FastifyInstance, baseUrl: string): Promise<void> {
  const document: Document = {};
  let filled: Promise<Document> | undefined;
  const ensureDocument = () => {
    filled ??= import('./openapi-document')
      .then(({ buildOpenApiDocument }) => Object.assign(document, buildOpenApiDocument(baseUrl)))
      .catch((err: unknown) => {
        // The next request tries again.
        filled = undefined;
        throw err;
      });
    return filled;
  };

  app.get('/api/openapi.json', () => ensureDocument());
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui's own policy replaces helmet's; it must still refuse to be framed.
    transformStaticCSP: (header) => `${header}; frame-ancestors 'none'`,
    // Every route of the reference but its static files (which do not read the document).
    uiHooks: {
      onRequest: async () => {
        await ensureDocument();
      },
    },
  });
}
