import { initTRPC } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { UserRow } from '../db/schema';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { errorBody, JSON_ONLY_MESSAGE } from './http/error-body';
import { createRequestAuth, unauthorized } from './http/request-auth';
import type { ValidSession } from './services/auth/sessions';

export type Context = AppDeps & {
  ip: string;
  session: ValidSession | null;
  user: UserRow | null;
  /** The raw token the request came with (cookie or bearer), for logout. */
  token: string | null;
  setSessionCookie: (token: string, expiresAt: Date) => void;
  clearSessionCookie: () => void;
  /** The `Idempotency-Key` header, for the calls that honour it (services/idempotency). */
  idempotencyKey: string | undefined;
};

/** A header sent twice arrives as a list: it is then one comma-joined text, as HTTP reads it. */
const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;

/** Shared by the tRPC and the REST adapter: both hand us Fastify's request and reply. */
export function createContextFactory(deps: AppDeps) {
  const requestAuth = createRequestAuth(deps);
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const auth = await requestAuth.authenticate(req, res);
    return {
      ...deps,
      ip: req.ip,
      ...auth,
      setSessionCookie: (token, expiresAt) => requestAuth.setSessionCookie(res, token, expiresAt),
      clearSessionCookie: () => requestAuth.clearSessionCookie(res),
      idempotencyKey: headerText(req.headers['idempotency-key']),
    };
  };
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    // The shared body (http/error-body.ts) inside tRPC's envelope: the client needs the JSON-RPC
    // number as `code` and finds the status and the code's name under `data`.
    errorFormatter({ shape, error }) {
      return {
        ...errorBody(error),
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
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

const jsonInputOnly = t.middleware(async ({ getRawInput, next }) => {
  await refuseBinaryInput(getRawInput);
  return next();
});

export const publicProcedure = t.procedure.use(jsonInputOnly);

/**
 * The JSON-only check and the session check in one middleware, in that order (a binary body is a 415
 * before it is a 401). Every tRPC middleware level copies the call's options and the context with
 * Babel's _objectSpread2 (defineProperty per key): 4.6 % of the CPU on GET /trpc/auth.profile under
 * autocannon (node --cpu-prof, issue 12). One level instead of two, and a `ctx` of only the two
 * narrowed fields (tRPC merges it over the context itself), halves that.
 */
export const authedProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  await refuseBinaryInput(getRawInput);
  if (!ctx.user || !ctx.session) throw unauthorized();
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});
