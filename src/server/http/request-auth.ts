import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { type Capability, roleAllows, roleRequiredMessage } from '../../shared/roles';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import { type ApiKeyRate, authenticateApiKey } from '../services/api-keys/authenticate-api-key';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { isApiKeySecret } from '../services/api-keys/secret';
import { tooManyAttempts } from '../services/auth/rate-limit';
import { type ValidSession, validateSessionToken } from '../services/auth/sessions';
import { organizationMessages } from '../services/organizations/messages';
import type { Tenant } from '../services/organizations/tenant';
import { assertTwoFactorEnrolled } from './two-factor-enrolment';

/**
 * Who sent a request, for the tRPC context (trpc.ts) and for plain Fastify routes (a file download)
 * alike: one reading of the session token, one cookie policy, one 401.
 */

export const SESSION_COOKIE = 'session';
export type AuthOptions = {
  /**
   * Also accept `?token=`: only for a link the browser opens by itself (a PDF download in a new tab),
   * where no header can be set. Off everywhere else, so tokens do not end up in URLs and logs.
   */
  allowQueryToken?: boolean;
  /** What the route asks of the member's role, when more than assertRoleMay's default. */
  capability?: Capability;
};

/**
 * A request signed with an API key rather than a session: which key, what it may do, and whether
 * this request may go on (its budget; a read-only key asking for a change).
 */
export type ApiKeyAuth = {
  id: string;
  /** The key's name, as the audit log names who acted. */
  name: string;
  access: 'read' | 'write';
  rate: ApiKeyRate;
  /** The request's HTTP method changes something (anything but GET/HEAD/OPTIONS). */
  unsafeMethod: boolean;
};

export type RequestAuth = {
  /** The session; null for a request with an API key (keys are not sessions). */
  session: ValidSession | null;
  user: UserRow | null;
  /** The organisation the request acts in, and as whom: the session's active one, or the key's. */
  tenant: Tenant | null;
  organization: OrganizationRow | null;
  /** The raw token the request came with, for logout. */
  token: string | null;
  apiKey: ApiKeyAuth | null;
};

export type SignedIn = {
  session: ValidSession | null;
  user: UserRow;
  tenant: Tenant;
  organization: OrganizationRow;
  token: string;
  apiKey: ApiKeyAuth | null;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const readOnlyKey = () => new AppError('FORBIDDEN', apiKeyServiceMessages.readOnly);
export const sessionOnly = () => new AppError('FORBIDDEN', apiKeyServiceMessages.sessionOnly);
/** A signed-in user who belongs to no organisation has no business data to work on. */
export const noOrganization = () => new AppError('FORBIDDEN', organizationMessages.noOrganization);

/**
 * Whether a request with this key may run a call (`mutation`: the procedure changes something):
 * throws the 429 of a spent budget, or the 403 of a read-only key asked for a change — on every
 * transport, whatever the call, so no route can forget it.
 */
export function assertApiKeyMay(apiKey: ApiKeyAuth, mutation: boolean): void {
  if (apiKey.rate.exceeded)
    throw tooManyAttempts(apiKey.rate.resetSeconds, apiKeyServiceMessages.rateLimited);
  if (apiKey.access === 'read' && (mutation || apiKey.unsafeMethod)) throw readOnlyKey();
}

/**
 * The member's role against what a call needs (src/shared/roles.ts): a 403 naming the roles that may.
 * A call that does not say needs to read, or to do the daily work when it `changes` something (a tRPC
 * mutation, an HTTP method other than GET and HEAD). An API key acts with its creator's role
 * (services/api-keys/authenticate-api-key.ts).
 */
export function assertRoleMay(
  role: Tenant['role'],
  capability: Capability | undefined,
  changes: boolean,
): void {
  const needed = capability ?? (changes ? 'work' : 'read');
  if (!roleAllows(role, needed)) throw new AppError('FORBIDDEN', roleRequiredMessage(needed));
}

/** The `Authorization: Bearer` token of a request, if any. */
function readBearer(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const t = auth.slice(7).trim();
    if (t) return t;
  }
  return null;
}

/**
 * `?token=` as the server reads it: URLSearchParams, so its name may be percent-encoded (`%74oken=`),
 * the first of several counts, and the value runs to the next `&`. log.ts redacts by the same reading.
 */
export function readQueryToken(req: FastifyRequest): string | null {
  return new URL(req.url, 'http://localhost').searchParams.get('token') || null;
}

/** The token of a request: `Authorization: Bearer`, else the `session` cookie, else (when allowed) `?token=`. */
export function readSessionToken(req: FastifyRequest, opts: AuthOptions = {}): string | null {
  const bearer = readBearer(req);
  if (bearer) return bearer;
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (cookie) return cookie;
  if (opts.allowQueryToken) return readQueryToken(req);
  return null;
}

export function createRequestAuth(deps: Pick<AppDeps, 'db' | 'config' | 'now'>) {
  const secure = deps.config.appUrl.startsWith('https://');
  const cookie = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { ...cookie, expires: expiresAt });
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookie);

  /**
   * An API key, only ever from the Authorization header (never a cookie, never `?token=`: a key in a
   * URL ends up in logs). Every answer to a request with a valid key carries its budget.
   */
  async function authenticateKey(req: FastifyRequest, reply: FastifyReply, secret: string) {
    const found = await authenticateApiKey(deps.db, secret, {
      limit: deps.config.apiKeyRateLimit,
      now: deps.now(),
    });
    if (!found)
      return { session: null, user: null, tenant: null, organization: null, token: secret, apiKey: null };
    const { rate } = found;
    reply.header('RateLimit-Limit', String(rate.limit));
    reply.header('RateLimit-Remaining', String(rate.remaining));
    reply.header('RateLimit-Reset', String(rate.resetSeconds));
    const apiKey: ApiKeyAuth = { ...found.apiKey, rate, unsafeMethod: !SAFE_METHODS.has(req.method) };
    return {
      session: null,
      user: found.user,
      tenant: found.tenant,
      organization: found.organization,
      token: secret,
      apiKey,
    };
  }

  /**
   * The request's session or API key, or nulls; a session that was just extended gets its cookie
   * extended too.
   */
  async function authenticate(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: AuthOptions = {},
  ): Promise<RequestAuth> {
    const bearer = readBearer(req);
    if (bearer && isApiKeySecret(bearer)) return authenticateKey(req, reply, bearer);
    const token = readSessionToken(req, opts);
    const session = token ? await validateSessionToken(deps.db, token, deps.now()) : null;
    if (session && token && req.cookies?.[SESSION_COOKIE] === token) {
      setSessionCookie(reply, token, session.expiresAt);
    }
    return {
      session,
      user: session?.user ?? null,
      tenant: session?.tenant ?? null,
      organization: session?.organization ?? null,
      token,
      apiKey: null,
    };
  }

  /**
   * For a plain route: the signed-in user (by session or API key), or the 401 every transport answers
   * (thrown as an AppError); a key past its budget, or a read-only key on a change, is refused here as
   * in every procedure.
   */
  async function requireUser(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: AuthOptions = {},
  ): Promise<SignedIn> {
    const { session, user, tenant, organization, token, apiKey } = await authenticate(req, reply, opts);
    if (!user || !token || !(session || apiKey)) throw unauthorized();
    if (!tenant || !organization) throw noOrganization();
    // No plain route is part of enrolling: a file, a list or the logo waits until it is done.
    assertTwoFactorEnrolled({ session, user, organization });
    if (apiKey) assertApiKeyMay(apiKey, false);
    assertRoleMay(tenant.role, opts.capability, !SAFE_METHODS.has(req.method));
    return { session, user, tenant, organization, token, apiKey };
  }

  return { authenticate, requireUser, setSessionCookie, clearSessionCookie };
}
