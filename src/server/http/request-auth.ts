import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { type ValidSession, validateSessionToken } from '../services/auth/sessions';

/**
 * Who sent a request, for the tRPC context (trpc.ts) and for plain Fastify routes (a file download)
 * alike: one reading of the session token, one cookie policy, one 401.
 */

export const SESSION_COOKIE = 'session';
export const UNAUTHORIZED_MESSAGE = 'U bent niet ingelogd of uw sessie is verlopen. Log opnieuw in.';

export const unauthorized = () => new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);

export type AuthOptions = {
  /**
   * Also accept `?token=`: only for a link the browser opens by itself (a PDF download in a new tab),
   * where no header can be set. Off everywhere else, so tokens do not end up in URLs and logs.
   */
  allowQueryToken?: boolean;
};

export type RequestAuth = {
  session: ValidSession | null;
  user: UserRow | null;
  /** The raw token the request came with, for logout. */
  token: string | null;
};

export type SignedIn = { session: ValidSession; user: UserRow; token: string };

/** The token of a request: `Authorization: Bearer`, else the `session` cookie, else (when allowed) `?token=`. */
export function readSessionToken(req: FastifyRequest, opts: AuthOptions = {}): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const t = auth.slice(7).trim();
    if (t) return t;
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (cookie) return cookie;
  if (opts.allowQueryToken) return new URL(req.url, 'http://localhost').searchParams.get('token') || null;
  return null;
}

export function createRequestAuth(deps: Pick<AppDeps, 'db' | 'config'>) {
  const secure = deps.config.appUrl.startsWith('https://');
  const cookie = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { ...cookie, expires: expiresAt });
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookie);

  /** The request's session, or nulls; a session that was just extended gets its cookie extended too. */
  async function authenticate(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: AuthOptions = {},
  ): Promise<RequestAuth> {
    const token = readSessionToken(req, opts);
    const session = token ? await validateSessionToken(deps.db, token) : null;
    if (session && token && req.cookies?.[SESSION_COOKIE] === token) {
      setSessionCookie(reply, token, session.expiresAt);
    }
    return { session, user: session?.user ?? null, token };
  }

  /** For a plain route: the signed-in user, or the 401 every transport answers (thrown as an AppError). */
  async function requireUser(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: AuthOptions = {},
  ): Promise<SignedIn> {
    const { session, user, token } = await authenticate(req, reply, opts);
    if (!session || !user || !token) throw unauthorized();
    return { session, user, token };
  }

  return { authenticate, requireUser, setSessionCookie, clearSessionCookie };
}
