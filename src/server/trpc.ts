import { initTRPC } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { OrganizationRow, UserRow } from '../db/schema';
import type { Capability } from '../shared/roles';
import { asDatabaseOutage } from './database-unavailable';
import type { AppDeps } from './deps';
import { AppError, unauthorized } from './errors';
import { isCrossSiteCookieGet } from './http/cross-site';
import { JSON_ONLY_MESSAGE, trpcErrorShape } from './http/error-body';
import {
  type ApiKeyAuth,
  assertApiKeyMay,
  assertRoleMay,
  createRequestAuth,
  noOrganization,
  sessionOnly,
} from './http/request-auth';
import { assertTwoFactorEnrolled } from './http/two-factor-enrolment';
import { type AuditActor, auditActor } from './services/audit/audit-log';
import type { ValidSession } from './services/auth/sessions';
import type { Tenant } from './services/organizations/tenant';

export type Context = AppDeps & {
  ip: string;
  /** Who acts, for the audit log: the person or the API key, and the client's address; null when signed out. */
  actor: AuditActor | null;
  /** The session of a signed-in browser or bearer token; null for an API key. */
  session: ValidSession | null;
  user: UserRow | null;
  /**
   * The organisation the request acts in, the user and their role there: every business procedure
   * takes its tenant from here (the session's active organisation, or the API key's), never from input.
   */
  tenant: Tenant | null;
  organization: OrganizationRow | null;
  /** The API key a request came with (`Authorization: Bearer ik_…`); null for a session. */
  apiKey: ApiKeyAuth | null;
  /** The raw token the request came with (cookie or bearer), for logout. */
  token: string | null;
  setSessionCookie: (token: string, expiresAt: Date) => void;
  clearSessionCookie: () => void;
  /** The `Idempotency-Key` header, for the calls that honour it (services/idempotency). */
  idempotencyKey: string | undefined;
  /** A GET on the session cookie that another site started (http/cross-site.ts): no GET logout then. */
  crossSiteGet: boolean;
};

/** A header sent twice arrives as a list: it is then one comma-joined text, as HTTP reads it. */
const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;

/** Shared by the tRPC and the REST adapter: both hand us Fastify's request and reply. */
export function createContextFactory(deps: AppDeps) {
  const requestAuth = createRequestAuth(deps);
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    let auth: Awaited<ReturnType<typeof requestAuth.authenticate>>;
    try {
      auth = await requestAuth.authenticate(req, res);
    } catch (err) {
      // The session or key is looked up first: with the database gone this is where a call fails.
      throw asDatabaseOutage(err);
    }
    return {
      ...deps,
      ip: req.ip,
      ...auth,
      actor: auditActor(auth, req.ip),
      setSessionCookie: (token, expiresAt) => requestAuth.setSessionCookie(res, token, expiresAt),
      clearSessionCookie: () => requestAuth.clearSessionCookie(res),
      idempotencyKey: headerText(req.headers['idempotency-key']),
      crossSiteGet: isCrossSiteCookieGet(req),
    };
  };
}

/**
 * What a procedure asks of the member's role (src/shared/roles.ts). Without it: a query reads, a
 * mutation is daily work — so a viewer changes nothing unless a procedure says it only reads.
 */
type RoleMeta = {
  capability?: Capability;
  /**
   * On a sessionTenantProcedure: the refusal of an API key in the call's own words (a key never
   * approves an order), instead of the general one. A read-only key or a spent budget still hears that.
   */
  apiKeyRefusal?: string;
};

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta & RoleMeta>()
  .create({
    isDev: false,
    // The shared body (http/error-body.ts) inside tRPC's envelope: the client needs the JSON-RPC
    // number as `code` and finds the status and the code's name under `data`.
    errorFormatter({ shape, error }) {
      return trpcErrorShape(error, shape.data.httpStatus, shape.data.path);
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
/**
 * A procedure's outcome as the client should hear it: one that failed because the database is gone
 * for the moment answers the 503 of database-unavailable.ts instead of a 500. Checked in the three
 * middlewares every procedure already passes, not in a level of its own (each level costs, see
 * authedProcedure).
 */
function answered<R extends { ok: boolean }>(result: R): R {
  if (!result.ok && 'error' in result) {
    const outage = asDatabaseOutage(result.error);
    if (outage !== result.error) throw outage;
  }
  return result;
}

/**
 * tRPC v11 hands FormData, files and streams to a procedure as its input. Every procedure here takes
 * JSON, so anything else is refused before a procedure runs — also on a transport that skipped the
 * HTTP edge's JSON-only check (app.ts).
 */
async function refuseBinaryInput(getRawInput: () => Promise<unknown>) {
  const raw = await getRawInput();
  const isBinary =
    (typeof FormData !== 'undefined' && raw instanceof FormData) ||
    (typeof Blob !== 'undefined' && raw instanceof Blob) ||
    raw instanceof Uint8Array ||
    (typeof ReadableStream !== 'undefined' && raw instanceof ReadableStream);
  if (isBinary) throw new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE);
}

/**
 * A public call with an API key is still held to the key: its budget, and no change with a read-only
 * key (the sign-in calls, a client error report) — "a read-only key never changes anything" has no
 * exceptions to remember.
 */
const jsonInputOnly = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  await refuseBinaryInput(getRawInput);
  if (ctx.apiKey) assertApiKeyMay(ctx.apiKey, type === 'mutation');
  return answered(await next());
});

export const publicProcedure = t.procedure.use(jsonInputOnly);

/**
 * The JSON-only check and the sign-in check (a session or an API key) in one middleware, in that
 * order (a binary body is a 415 before it is a 401). Every tRPC middleware level copies the call's options and the context with
 * Babel's _objectSpread2 (defineProperty per key), a measurable share of a light call's CPU
 * (docs/decisions/request-cpu.md). One level instead of two, and a `ctx` of only the narrowed field
 * (tRPC merges it over the context itself), halves that. Procedures that need the
 * session itself use sessionProcedure.
 */
export const authedProcedure = t.procedure.use(async ({ ctx, type, meta, path, getRawInput, next }) => {
  await refuseBinaryInput(getRawInput);
  if (!ctx.user || !(ctx.session || ctx.apiKey)) throw unauthorized();
  if (!ctx.tenant || !ctx.organization) throw noOrganization();
  // Before the role: someone who must enrol hears that first, whatever the role would allow.
  assertTwoFactorEnrolled(ctx, path);
  // Before the input is read: a refused call is a 403 whatever it sent, and nothing of it runs.
  assertRoleMay(ctx.tenant.role, meta?.capability, type === 'mutation');
  // A key's budget and its access level, for every procedure at once (request-auth.ts).
  if (ctx.apiKey) assertApiKeyMay(ctx.apiKey, type === 'mutation');
  return answered(
    await next({
      ctx: { user: ctx.user, tenant: ctx.tenant, organization: ctx.organization, actor: ctx.actor! },
    }),
  );
});

/**
 * Calls only a signed-in person may make, never an API key (403): managing keys (so a leaked key
 * cannot mint more or hide itself), the password, and ending sessions. They guard the account
 * itself, not its business data, and a key holder is a program, not the account's owner.
 */
export const sessionProcedure = t.procedure.use(async ({ ctx, path, getRawInput, next }) => {
  await refuseBinaryInput(getRawInput);
  if (ctx.apiKey) throw sessionOnly();
  if (!ctx.user || !ctx.session) throw unauthorized();
  assertTwoFactorEnrolled(ctx, path);
  return answered(
    await next({ ctx: { user: ctx.user, session: ctx.session, tenant: ctx.tenant, actor: ctx.actor! } }),
  );
});

/** sessionProcedure for calls about the active organisation (its API keys, switching it). */
export const sessionTenantProcedure = t.procedure.use(
  async ({ ctx, type, meta, path, getRawInput, next }) => {
    await refuseBinaryInput(getRawInput);
    if (ctx.apiKey) {
      if (!meta?.apiKeyRefusal) throw sessionOnly();
      assertApiKeyMay(ctx.apiKey, type === 'mutation');
      throw new AppError('FORBIDDEN', meta.apiKeyRefusal);
    }
    if (!ctx.user || !ctx.session) throw unauthorized();
    if (!ctx.tenant || !ctx.organization) throw noOrganization();
    assertTwoFactorEnrolled(ctx, path);
    // Before the input is read: a refused call is a 403 whatever it sent, and nothing of it runs.
    assertRoleMay(ctx.tenant.role, meta?.capability, type === 'mutation');
    return answered(
      await next({
        ctx: {
          user: ctx.user,
          session: ctx.session,
          tenant: ctx.tenant,
          organization: ctx.organization,
          actor: ctx.actor!,
        },
      }),
    );
  },
);
