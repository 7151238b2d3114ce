import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

type Document = Record<string, unknown>;

/** The app's icon (src/client/public/favicon.svg; api-docs.test.ts keeps the two equal), here so the reference needs no client build. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1E40AF"/><path d="M9 9h14v3H9zm0 5.5h14v3H9zM9 20h9v3H9z" fill="#fff"/></svg>';

/** The app's blue and type over swagger-ui's defaults; light and dark follow the reader's system. */
const DOCS_CSS = `
body { margin: 0; background: #f8fafc; }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag { font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.swagger-ui .wrapper { max-width: 1100px; }
.swagger-ui .info { margin: 32px 0 16px; }
.swagger-ui .info .title { color: #0f172a; }
.swagger-ui .info a, .swagger-ui a.nostyle { color: #1e40af; }
.swagger-ui .btn.authorize { color: #1e40af; border-color: #1e40af; }
.swagger-ui .btn.authorize svg { fill: #1e40af; }
.swagger-ui .scheme-container { box-shadow: none; border-bottom: 1px solid #e2e8f0; background: transparent; }
@media (prefers-color-scheme: dark) {
  body { background: #0b1120; }
  .swagger-ui { filter: invert(0.88) hue-rotate(180deg); }
  .swagger-ui .microlight, .swagger-ui img { filter: invert(1) hue-rotate(180deg); }
}
`;

/**
 * GET /api/openapi.json and the interactive reference under /api/docs (with its /json and /yaml).
 *
 * The document is made on the first request that needs it, not at start-up: generating it was a
 * noticeable part of a cold start (docs/decisions/start-up.md), for a page few visits ask for.
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
    // The product's reference, not the library's: no Swagger/Fastify top bar with its 'Explore' field
    // pointing at the raw document (the introduction links the download instead), our name in the
    // tab, our colours and our icon.
    uiConfig: {
      layout: 'BaseLayout',
      docExpansion: 'list',
      defaultModelsExpandDepth: -1,
      displayRequestDuration: true,
      persistAuthorization: true,
      tryItOutEnabled: false,
    },
    theme: {
      title: 'Inkooporders API — documentatie',
      css: [{ filename: 'inkooporders.css', content: DOCS_CSS }],
      favicon: [
        { filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: FAVICON_SVG },
      ],
    },
    staticCSP: true,
    // swagger-ui's own policy replaces helmet's; it must still refuse to be framed.
    // (Its own says frame-ancestors 'self'; a second directive would be ignored by the browser, with a
    // console error, so the one there is replaced.)
    // Its 'upgrade-insecure-requests' would have the browser fetch the reference's own CSS and
    // scripts over https: on a plain-http address other than localhost (a server in the office,
    // http://192.0.2.2:3000/api/docs/) every one failed and the page stayed blank. Only under https.
    transformStaticCSP: (header) => {
      const framed = header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
      return baseUrl.startsWith('https://') ? framed : framed.replace(/\s*upgrade-insecure-requests;?/, '');
    },
    // Every route of the reference but its static files (which do not read the document).
    uiHooks: {
      onRequest: async () => {
        await ensureDocument();
      },
    },
  });
}
