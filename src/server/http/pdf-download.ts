import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { pdfMessages } from '../services/pdf/messages';
import { findDownload } from '../services/pdf/pdf-files';
import { findLinkedDownload, isPdfLinkToken } from '../services/pdf/pdf-links';
import { createRequestAuth, readQueryToken } from './request-auth';

export const PDF_DOWNLOAD_PATH = '/pdf/download/{filename}';

/**
 * The only names downloadFilename (pdf-files.ts) makes: letters, digits and '-', then '-', the
 * 32-character base32 token and '.pdf'. Anything else (a path, an encoded '../', a backslash) is
 * refused before the database is asked.
 */
const FILENAME = /^[A-Za-z0-9-]{1,120}-[a-z2-7]{32}\.pdf$/;

export const isDownloadFilename = (name: string) => FILENAME.test(name);

/** `attachment` with the readable name; the RFC 5987 form only when the name is not plain ASCII. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const plain = `attachment; filename="${ascii}"`;
  // RFC 5987 allows fewer characters than encodeURIComponent leaves alone.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === name ? plain : `${plain}; filename*=UTF-8''${encoded}`;
}

/** The app's own link to a stored file: its download path with a short-lived link token (pdf-links.ts). */
export const pdfLinkUrl = (filename: string, linkToken: string) =>
  `/api${PDF_DOWNLOAD_PATH.replace('{filename}', encodeURIComponent(filename))}?token=${encodeURIComponent(linkToken)}`;

/**
 * GET /api/pdf/download/:filename — a stored PDF of the signed-in user (spec §7). The browser opens it
 * by itself (a new tab, a link), so besides the bearer header and the cookie it takes `?token=`: a
 * session token (spec §7, for API clients), or the app's own link token, which opens only the file it
 * was made for (and decides alone: a link for another file is a 404 whoever else signs the request).
 * A static route, so it wins over the REST plugin's `/api/*`.
 */
export function registerPdfDownload(app: FastifyInstance, deps: AppDeps): void {
  const auth = createRequestAuth(deps);

  async function fileFor(req: FastifyRequest<{ Params: { filename: string } }>, reply: FastifyReply) {
    const { filename } = req.params;
    const queryToken = readQueryToken(req);
    if (queryToken && isPdfLinkToken(queryToken))
      return isDownloadFilename(filename)
        ? findLinkedDownload(deps.db, queryToken, filename, deps.now())
        : null;
    const { tenant } = await auth.requireUser(req, reply, { allowQueryToken: true });
    return isDownloadFilename(filename)
      ? findDownload(deps.db, tenant.organizationId, filename, deps.now())
      : null;
  }

  app.get<{ Params: { filename: string } }>('/api/pdf/download/:filename', async (req, reply) => {
    const file = await fileFor(req, reply);
    if (!file) throw notFound(pdfMessages.fileNotFound);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(file.downloadName))
      .header('content-length', file.content.length)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}

/** The download in the OpenAPI document, beside the procedures trpc-to-openapi describes. */
export function describePdfDownload(doc: OpenAPIObject): OpenAPIObject {
  const error = (code: string, description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
  });
  doc.paths = {
    ...doc.paths,
    [PDF_DOWNLOAD_PATH]: {
      get: {
        operationId: 'pdf-download',
        summary: 'PDF downloaden',
        description:
          'Het bestand dat GET /pdf/orders/{id} maakte, als bijlage. Naast `Authorization: Bearer` en de sessiecookie mag het token als `?token=` meegaan, zodat de browser de link zelf kan openen. Een onbekende, verlopen (ouder dan 24 uur) of andermans bestandsnaam geeft 404.',
        tags: ['pdf'],
        security: [{ Authorization: [] }],
        parameters: [
          {
            in: 'path',
            name: 'filename',
            required: true,
            description: 'De `filename` uit het antwoord van GET /pdf/orders/{id}',
            schema: { type: 'string' },
          },
          {
            in: 'query',
            name: 'token',
            required: false,
            description: 'Het sessietoken, voor een link die de browser zelf opent',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'De PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '401': error('UNAUTHORIZED', 'Niet ingelogd'),
          '404': error('NOT_FOUND', 'Bestand niet gevonden of verlopen'),
        },
      },
    },
  };
  return doc;
}
