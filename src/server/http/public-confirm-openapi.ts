import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import {
  CONFIRMATION_LINK_DAYS,
  confirmationAnswerInput,
  confirmationMessages,
  customerResponseOutput,
  publicConfirmationOutput,
} from '../../shared/schemas/order-confirmation';
import { ANSWER_LIMIT_PER_IP, ANSWER_LIMIT_PER_TOKEN } from '../services/orders/confirmation/public';

/**
 * GET|HEAD and POST /api/public/confirm/{token} (public-confirm.ts) in the OpenAPI document. Its own
 * module, loaded with the document generator (openapi-document.ts), not at start-up.
 */

export const PUBLIC_CONFIRM_PATH = '/public/confirm/{token}';

/** The body of a 410: the shared error body with `code` GONE and why the link no longer works. */
export const goneBodySchema = z.object({
  message: z.string().meta({ description: 'Waarom de link niet meer werkt, in het Nederlands' }),
  code: z.literal('GONE'),
  reason: z.enum(['replaced', 'expired', 'cancelled']).meta({
    description:
      'replaced (er is een nieuwere versie van de order verstuurd), expired (de link is verlopen) of cancelled (de order is geannuleerd)',
  }),
});

const tokenParams = z.object({
  token: z.string().meta({
    description: 'Het token uit de link in de e-mail (`/confirm/{token}`); een onbekend token geeft 404',
  }),
});

const error = (code: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
});

const gone = {
  description: 'De link werkt niet meer: `reason` zegt waarom, `message` in het Nederlands',
  content: { 'application/json': { schema: goneBodySchema } },
};

const readOperation: ZodOpenApiOperationObject = {
  operationId: 'publicConfirm-get',
  summary: 'Een verstuurde order bekijken (klant, zonder inloggen)',
  description: `De order precies zoals hij met deze link werd verstuurd (niet zoals hij daarna is gewijzigd), met de verkoper, de regels en de totalen zoals op de PDF, en waar het antwoord staat (\`state\`: waiting, answered, replaced of expired). Zonder sessie of API-sleutel: het token uit de link is de toegang. Lezen verandert nooit iets (ook HEAD niet). Een link verloopt ${CONFIRMATION_LINK_DAYS} dagen na verzenden; een vervangen of verlopen link toont de order nog, met die \`state\`. Een geannuleerde order geeft 410.`,
  tags: ['public-confirm'],
  security: [],
  requestParams: { path: tokenParams },
  responses: {
    200: {
      description: 'De order zoals verstuurd',
      content: { 'application/json': { schema: publicConfirmationOutput } },
    },
    404: error('NOT_FOUND', confirmationMessages.notFound),
    410: gone,
  },
};

const answerOperation: ZodOpenApiOperationObject = {
  operationId: 'publicConfirm-answer',
  summary: 'Een verstuurde order beantwoorden: akkoord, afwijzen of wijziging aanvragen (klant)',
  description: `Het antwoord van de klant op de versie van de order die met deze link werd verstuurd: \`accept\` (akkoord, eventueel met een gewenste leverdag), \`reject\` (afwijzen; \`note\` met de reden is verplicht) of \`change\` (wijziging aanvragen; \`lines\` per regel, geteld vanaf 0: accepted, changed met \`quantity\` en/of \`deliveryDate\`, of rejected). \`name\` is verplicht. Dezelfde velden als het formulier op de orderpagina. Alleen \`Content-Type: application/json\` (anders 415). Eén antwoord per versie: een tweede geeft 409. De verkoper krijgt bericht per e-mail en via de webhooks \`order.accepted\`, \`order.rejected\` en \`order.changes_requested\`. Hoogstens ${ANSWER_LIMIT_PER_TOKEN} pogingen per link en ${ANSWER_LIMIT_PER_IP} per IP-adres per 15 minuten (daarna 429 met \`Retry-After\`).`,
  tags: ['public-confirm'],
  security: [],
  requestParams: { path: tokenParams },
  requestBody: { required: true, content: { 'application/json': { schema: confirmationAnswerInput } } },
  responses: {
    201: {
      description: 'Het vastgelegde antwoord',
      content: { 'application/json': { schema: customerResponseOutput } },
    },
    400: error(
      'BAD_REQUEST',
      'Ongeldige invoer: `details` noemt per veld wat er mis is, bijv. `note` of `lines.0.lineIndex`',
    ),
    404: error('NOT_FOUND', confirmationMessages.notFound),
    409: error('CONFLICT', confirmationMessages.alreadyAnswered),
    410: gone,
    415: error('UNSUPPORTED_MEDIA_TYPE', 'De body is geen JSON'),
    429: error('TOO_MANY_REQUESTS', confirmationMessages.tooMany),
  },
};

/** The two routes for the document generator (openapi-document.ts), beside the procedures' own paths. */
export const publicConfirmPaths: ZodOpenApiPathsObject = {
  [PUBLIC_CONFIRM_PATH]: { get: readOperation, post: answerOperation },
};
