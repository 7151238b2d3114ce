import { initTRPC } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import type { UserRow } from '../db/schema';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { type ValidSession, validateSessionToken } from './services/auth/sessions';

export const SESSION_COOKIE = 'session';

export type Context = AppDeps & {
  ip: string;
  session: ValidSession | null;
  user: UserRow | null;
  /** The raw token the request came with (cookie or bearer), for logout. */
  token: string | null;
  setSessionCookie: (token: string, expiresAt: Date) => void;
  clearSessionCookie: () => void;
};

function readToken(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const t = auth.slice(7).trim();
    if (t) return t;
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  return cookie ? cookie : null;
}

/** Shared by the tRPC and the REST adapter: both hand us Fastify's request and reply. */
export function createContextFactory(deps: AppDeps) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const token = readToken(req);
    const session = token ? await validateSessionToken(deps.db, token) : null;
    const secure = deps.config.appUrl.startsWith('https://');
    if (session && token && req.cookies?.[SESSION_COOKIE] === token) {
      // Keep the cookie's lifetime in step with a session that was just extended.
      res.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: session.expiresAt,
      });
    }
    return {
      ...deps,
      ip: req.ip,
      session,
      user: session?.user ?? null,
      token,
      setSessionCookie: (t, expiresAt) =>
        res.setCookie(SESSION_COOKIE, t, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
          expires: expiresAt,
        }),
      clearSessionCookie: () =>
        res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' }),
    };
  };
}

/** `{field: message}`, the first message per field, as the order form shows after 'Validatiefout:'. */
export function zodDetails(error: ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in details)) details[key] = issue.message;
  }
  return details;
}

export const GENERIC_INTERNAL_MESSAGE = 'Er is een interne fout opgetreden. Probeer het later opnieuw.';
export const VALIDATION_MESSAGE = 'Ongeldige invoer. Controleer de gemarkeerde velden.';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const details = error.cause instanceof ZodError ? zodDetails(error.cause) : undefined;
      const extra = error instanceof AppError ? error.extra : {};
      let message = error.message;
      if (details) message = VALIDATION_MESSAGE;
      else if (error.code === 'INTERNAL_SERVER_ERROR' && !(error instanceof AppError))
        message = GENERIC_INTERNAL_MESSAGE;
      return {
        message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
        ...(details ? { details } : {}),
        ...extra,
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const UNAUTHORIZED_MESSAGE = 'U bent niet ingelogd of uw sessie is verlopen. Log opnieuw in.';

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
