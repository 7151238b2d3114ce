import type { OpenAPIObject } from 'trpc-to-openapi';
import { WEBHOOK_LIMIT } from '../../shared/schemas/webhook';

/**
 * What every operation of the REST API shares and trpc-to-openapi does not write: how to
 * authenticate (a session token or an API key), every error an operation can answer with its body,
 * the rate-limit headers, and that public operations need no authentication. The error bodies
 * themselves are the components `error.<CODE>` (http/error-body-schema.ts).
 */

type Responses = Record<string, ResponseObject>;
type ResponseObject = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown; example?: unknown }>;
};
type Parameter = { in: string; name: string };
export type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Responses;
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document with its method and path, e.g. ['post', '/orders', op]. */
export function operationsOf(doc: OpenAPIObject): [method: string, path: string, operation: Operation][] {
  const found: [string, string, Operation][] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (operation) found.push([method, path, operation]);
    }
  }
  return found;
}

const STATUS_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorStatus = keyof typeof STATUS_CODES;

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Ongeldige invoer: `details` noemt per veld wat er mis is',
  401: 'Niet ingelogd, sessie verlopen, of API-sleutel ingetrokken of verlopen',
  403: 'Niet toegestaan: bijvoorbeeld een wijziging met een API-sleutel die alleen mag lezen, een rol die dit niet mag, of (code `TWO_FACTOR_ENROLMENT_REQUIRED`) een sessie zonder tweestapsverificatie in een organisatie die die verplicht stelt',
  404: 'Niet gevonden (of van een ander account)',
  409: 'Conflict: een eerder verzoek met deze Idempotency-Key wordt nog verwerkt',
  413: 'De aanvraag is te groot (meer dan 1 MB)',
  415: 'Alleen JSON (Content-Type: application/json)',
  422: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek',
  429: 'Te veel verzoeken: probeer het opnieuw na `Retry-After` seconden',
  503: 'Tijdelijk niet beschikbaar: de database is even weg (probeer het na `Retry-After` seconden opnieuw), of — bij e-mail en PDF — de mailserver of de PDF-printer antwoordt niet',
};

/**
 * Public operations with a limit of their own (per IP and address): the sign-in, sign-up and mail
 * calls of routers/auth.ts and the client error report of routers/system.ts.
 */
const RATE_LIMITED_PUBLIC = new Set([
  'post /auth/register',
  'post /auth/login',
  'post /auth/login/two-factor',
  'post /auth/resend-verification-public',
  'post /auth/forgot-password',
  'post /client-errors',
]);

/** Who may decide on an order's approval, as its 403 says. */
const APPROVAL_DECISION_403 =
  'Niet toegestaan: alleen een eigenaar of beheerder met een sessie beslist (een API-sleutel nooit), en niet over een order die hij zelf schreef';

/**
 * Errors an operation answers for a reason of its own (a limit or a duplicate of its domain), with
 * what they mean there: added to the common ones, in these words instead of the common description.
 */
const OWN_ERRORS: Record<string, Partial<Record<ErrorStatus, string>>> = {
  'post /orders/{id}/send-email': {
    409: 'Conflict: de order moet eerst worden goedgekeurd (`code` APPROVAL_REQUIRED), of een eerder verzoek met deze Idempotency-Key wordt nog verwerkt (dan met `Retry-After`)',
  },
  'post /orders/{id}/approval/request': {
    403: 'Niet toegestaan: alleen wie de order schreef vraagt goedkeuring aan',
    409: 'De order heeft geen goedkeuring nodig, is al aangevraagd of al goedgekeurd, of er is geen andere eigenaar of beheerder die kan goedkeuren',
  },
  'post /orders/{id}/approval/approve': {
    403: APPROVAL_DECISION_403,
    409: 'Er is geen goedkeuring aangevraagd (of de order is sindsdien gewijzigd), of de order is al goedgekeurd',
  },
  'post /orders/{id}/approval/reject': {
    403: APPROVAL_DECISION_403,
    409: 'Er is geen goedkeuring aangevraagd (of de order is sindsdien gewijzigd), of de order is al goedgekeurd',
  },
  'post /auth/login/two-factor': {
    401: 'De code of herstelcode is onjuist of al gebruikt, of de `challenge` is onbekend, verlopen, al gebruikt of na 5 onjuiste codes vervallen: één antwoord voor al deze gevallen',
  },
  'post /auth/two-factor/setup': { 409: 'Tweestapsverificatie staat al aan' },
  'post /auth/two-factor/enable': {
    409: 'Er is geen sleutel ingesteld (of die is ouder dan 15 minuten), of tweestapsverificatie staat al aan',
  },
  'post /auth/two-factor/disable': { 409: 'Tweestapsverificatie staat niet aan' },
  'delete /organization/members/{userId}/two-factor': {
    409: 'Tweestapsverificatie staat bij dit lid niet aan',
  },
  'put /organization/settings': {
    409: 'U zet `twoFactorRequired` aan zonder zelf tweestapsverificatie te gebruiken (`details.twoFactorRequired`): stel die eerst voor uzelf in',
  },
  'post /webhooks': {
    409: `Het account heeft al ${WEBHOOK_LIMIT} webhooks (het maximum), of al een webhook voor dit adres met dezelfde gebeurtenissen (dan met \`details.url\`)`,
  },
  'put /webhooks/{id}': {
    409: 'Het account heeft al een webhook voor dit adres met dezelfde gebeurtenissen (`details.url`)',
  },
};

const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Met een API-sleutel: hoeveel verzoeken per minuut deze sleutel mag doen',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Met een API-sleutel: hoeveel verzoeken er in deze minuut nog over zijn',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Met een API-sleutel: over hoeveel seconden de teller weer vol is',
    schema: { type: 'integer' },
  },
};

const retryAfter = {
  'Retry-After': { description: 'Na zoveel seconden mag het opnieuw', schema: { type: 'integer' } },
};

const errorResponse = (
  status: ErrorStatus,
  own: string | undefined,
  idempotent: boolean,
): ResponseObject => ({
  description: own ?? DESCRIPTIONS[status],
  // A busy Idempotency-Key says when to try again; a conflict of an operation's own does not.
  ...(status === 429 || (status === 409 && (!own || idempotent)) || status === 503
    ? { headers: retryAfter }
    : {}),
  content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${STATUS_CODES[status]}` } } },
});

/** What trpc-to-openapi writes on the responses it adds. */
const GENERATED_DESCRIPTIONS = new Set([
  'Successful response',
  'Invalid input data',
  'Authorization not provided',
  'Insufficient access',
  'Not found',
  'Internal server error',
]);

/** Whether the operation takes an Idempotency-Key (whose repeat may answer a busy 409). */
const isIdempotent = (operation: Operation) =>
  operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') ?? false;

/** The error statuses one operation can answer, from what it is: authenticated, with input, with an id … */
export function errorStatusesOf(method: string, path: string, operation: Operation): ErrorStatus[] {
  const key = `${method} ${path}`;
  const authenticated = (operation.security?.length ?? 0) > 0;
  const hasInput = Boolean(operation.requestBody) || (operation.parameters?.length ?? 0) > 0;
  const takesBody = method === 'post' || method === 'put' || method === 'patch';
  const idempotent = isIdempotent(operation);
  const statuses = new Set<ErrorStatus>();
  if (hasInput || takesBody) statuses.add(400);
  if (authenticated) statuses.add(401).add(403).add(429);
  if (/\{[^}]+\}/.test(path)) statuses.add(404);
  if (takesBody) statuses.add(413).add(415);
  if (idempotent) statuses.add(409).add(422);
  if (RATE_LIMITED_PUBLIC.has(key)) statuses.add(429);
  for (const status of Object.keys(OWN_ERRORS[key] ?? {})) statuses.add(Number(status) as ErrorStatus);
  // Every operation reads the database (the health check too): while it is away, 503 (database-unavailable.ts).
  statuses.add(503);
  // Described by its own module in Dutch (a download's 404, say): kept as it is. trpc-to-openapi's own
  // English descriptions are replaced.
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!GENERATED_DESCRIPTIONS.has(response.description)) statuses.delete(Number(status) as ErrorStatus);
  }
  return [...statuses].sort((a, b) => a - b);
}

export const SECURITY_SCHEME = 'Authorization';

export function describeApiConventions(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  const schemes = doc.components.securitySchemes ?? {};
  schemes[SECURITY_SCHEME] = {
    type: 'http',
    scheme: 'bearer',
    description:
      'Een API-sleutel (`ik_…`, aan te maken in Bedrijfsinstellingen › Beveiliging of met POST /api-keys) of het `token` van POST /auth/login, als `Authorization: Bearer <sleutel of token>`. De browser gebruikt in plaats daarvan de sessiecookie.',
  };
  doc.components.securitySchemes = schemes;

  for (const [method, path, operation] of operationsOf(doc)) {
    // An explicit empty list says "no authentication needed", rather than "forgot to say".
    operation.security ??= [];
    for (const status of errorStatusesOf(method, path, operation)) {
      operation.responses[String(status)] = errorResponse(
        status,
        OWN_ERRORS[`${method} ${path}`]?.[status],
        isIdempotent(operation),
      );
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status === '200' && response.description === 'Successful response') response.description = 'Gelukt';
      if (status === '500' && response.description === 'Internal server error')
        response.description = 'Interne fout: er is niets veranderd; probeer het later opnieuw';
    }
    if ((operation.security?.length ?? 0) > 0) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) response.headers = { ...rateLimitHeaders, ...response.headers };
      }
    }
  }
  return doc;
}
