import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from '../routers';
import { describeErrorBodies } from './error-body-schema';
import { describePdfDownload } from './pdf-download';

/**
 * The REST API's OpenAPI document. Its own module, imported only when the document is first asked
 * for (api-docs.ts): generating it, and loading zod-openapi to do so, is no part of start-up.
 */
export function buildOpenApiDocument(baseUrl: string) {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Inkooporders API',
    description:
      'REST-toegang tot Inkooporders. Log in met POST /auth/login en stuur het ontvangen `token` mee als `Authorization: Bearer <token>` (of gebruik de sessiecookie).',
    version: '1.0.0',
    baseUrl: `${baseUrl}/api`,
  });
  return describePdfDownload(describeErrorBodies(doc));
}
