import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, LOGO_PATH, logoMessages } from '../../shared/logo';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { audited, auditScopeOf } from '../services/audit/audit-log';
import { deleteLogo, getLogo, saveLogo } from '../services/logo/logos';
import { sendError } from './error-responses';
import { createRequestAuth } from './request-auth';

/** The route as Fastify knows it; the edge (app.ts) lets its image bodies through. */
export const LOGO_ROUTE = `/api${LOGO_PATH}`;

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', logoMessages.tooLarge, { details: { logo: logoMessages.tooLarge } });

const fieldOf = (err: unknown, name: string): unknown =>
  typeof err === 'object' && err !== null && name in err ? Reflect.get(err, name) : undefined;

/**
 * PUT, GET and DELETE /api/auth/logo — the signed-in user's company logo (by session or API key; a
 * read-only key may only look). PUT takes the image itself as the body, with its own Content-Type:
 * plain routes, since a procedure takes JSON only. In a scope of their own, so the raw-body parser and
 * its 1 MB limit hold here and nowhere else.
 */
export async function registerCompanyLogo(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const auth = createRequestAuth(deps);

  await app.register(async (scope) => {
    // Every type arrives as bytes: the service decides what is an image (by its content), so a wrong
    // type gets the logo's own Dutch answer rather than Fastify's.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    // A body over the limit is refused while it arrives (by its Content-Length, if it gives one).
    scope.setErrorHandler((err, _req, reply) => {
      if (fieldOf(err, 'statusCode') === 413) return sendError(reply, tooLarge());
      throw err;
    });

    scope.put(LOGO_ROUTE, async (req, reply) => {
      const signedIn = await auth.requireUser(req, reply, { capability: 'manage' });
      const content = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const info = await saveLogo(
        deps.db,
        signedIn.tenant.organizationId,
        { content, contentType: req.headers['content-type'] ?? '' },
        deps.now(),
        auditScopeOf(signedIn, req.ip, deps.now),
      );
      return reply.send({ success: true, message: logoMessages.saved, ...info });
    });

    scope.get(LOGO_ROUTE, async (req: FastifyRequest, reply: FastifyReply) => {
      const { tenant } = await auth.requireUser(req, reply);
      const logo = await getLogo(deps.db, tenant.organizationId);
      const etag = `"${logo.hash}"`;
      // The app asks with ?v=<version>: that address never changes its image, so the browser may keep
      // it. Without it (or with an old version) the browser asks again each time, cheaply by ETag.
      const version = new URL(req.url, 'http://localhost').searchParams.get('v');
      reply
        .header(
          'cache-control',
          version === logo.hash ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        )
        .header('etag', etag)
        .header('vary', 'Authorization, Cookie')
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('content-type', logo.contentType)
        .header('content-disposition', 'inline; filename="logo.png"')
        .header('content-length', logo.content.length)
        .send(logo.content);
    });

    scope.delete(LOGO_ROUTE, async (req, reply) => {
      const signedIn = await auth.requireUser(req, reply, { capability: 'manage' });
      const organizationId = signedIn.tenant.organizationId;
      await audited(
        deps.db,
        auditScopeOf(signedIn, req.ip, deps.now),
        (tx) => deleteLogo(tx, organizationId),
        { action: 'logo.deleted', objectType: 'organization', objectId: organizationId },
      );
      return reply.send({ success: true, message: logoMessages.removed });
    });
  });
}

/** The three routes in the OpenAPI document, beside the procedures trpc-to-openapi describes. */
export function describeCompanyLogo(doc: OpenAPIObject): OpenAPIObject {
  const error = (code: string, description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
  });
  const image = { type: 'string', format: 'binary' } as const;
  const tags = ['pdf-settings'];
  const security = [{ Authorization: [] }];
  doc.paths = {
    ...doc.paths,
    [LOGO_PATH]: {
      get: {
        operationId: 'logo-get',
        summary: 'Logo ophalen',
        description:
          'Het logo van uw eigen bedrijf als PNG, zoals de server het na het uploaden opsloeg. Zonder logo 404. Met `?v=` gelijk aan de `version` uit PUT mag de browser het bewaren; anders vraagt hij het opnieuw (met `ETag`).',
        tags,
        security,
        parameters: [
          {
            in: 'query',
            name: 'v',
            required: false,
            description: 'De `version` van het logo, voor een adres dat de browser mag bewaren',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'Het logo', content: { 'image/png': { schema: image } } },
          '304': { description: 'Ongewijzigd sinds de meegestuurde `If-None-Match`' },
          '401': error('UNAUTHORIZED', 'Niet ingelogd'),
          '404': error('NOT_FOUND', 'Nog geen logo ingesteld'),
        },
      },
      put: {
        operationId: 'logo-put',
        summary: 'Logo uploaden',
        description:
          'Stuur de afbeelding zelf als body, met haar eigen `Content-Type`: `image/png`, `image/jpeg` of `image/webp`, hoogstens 1 MB. Het type wordt aan de inhoud herkend; SVG en andere typen geven 415. De server verkleint het logo tot binnen 800 × 400 pixels (verhouding blijft), slaat het op als PNG en verwijdert metadata zoals EXIF. Een bestaand logo wordt vervangen. Het logo staat daarna op elke PDF en in de e-mails aan klanten.',
        tags,
        security,
        requestBody: {
          required: true,
          content: Object.fromEntries(LOGO_CONTENT_TYPES.map((type) => [type, { schema: image }])),
        },
        responses: {
          '200': {
            description: 'Opgeslagen',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['success', 'message', 'version', 'width', 'height'],
                  properties: {
                    success: { type: 'boolean', const: true, description: 'Altijd true' },
                    message: { type: 'string', example: logoMessages.saved, description: 'De bevestiging' },
                    version: { type: 'string', description: 'SHA-256 van het opgeslagen logo' },
                    width: { type: 'integer', description: 'Breedte in pixels, hoogstens 800' },
                    height: { type: 'integer', description: 'Hoogte in pixels, hoogstens 400' },
                  },
                },
              },
            },
          },
          '400': error('BAD_REQUEST', 'Geen leesbare afbeelding, of te veel pixels (`details.logo`)'),
          '401': error('UNAUTHORIZED', 'Niet ingelogd'),
          '403': error('FORBIDDEN', 'Een API-sleutel die alleen mag lezen'),
          '413': error('PAYLOAD_TOO_LARGE', 'Groter dan 1 MB (`details.logo`)'),
          '415': error('UNSUPPORTED_MEDIA_TYPE', 'Geen PNG, JPEG of WebP (`details.logo`)'),
        },
      },
      delete: {
        operationId: 'logo-delete',
        summary: 'Logo verwijderen',
        description: 'PDF’s en e-mails verschijnen daarna weer zonder logo. Zonder logo 404.',
        tags,
        security,
        responses: {
          '200': {
            description: 'Verwijderd',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['success', 'message'],
                  properties: {
                    success: { type: 'boolean', const: true, description: 'Altijd true' },
                    message: { type: 'string', example: logoMessages.removed, description: 'De bevestiging' },
                  },
                },
              },
            },
          },
          '401': error('UNAUTHORIZED', 'Niet ingelogd'),
          '403': error('FORBIDDEN', 'Een API-sleutel die alleen mag lezen'),
          '404': error('NOT_FOUND', 'Nog geen logo ingesteld'),
        },
      },
    },
  };
  return doc;
}
