import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import {
  answerConfirmation,
  ConfirmationGoneError,
  readPublicConfirmation,
} from '../services/orders/confirmation/public';

export const PUBLIC_CONFIRM_ROUTE = '/api/public/confirm/:token';

/**
 * What every answer of the customer's side carries, errors included: no cache keeps it (it holds an
 * order and the token is in its URL), no page it links to learns the token from the Referer, and no
 * search engine lists it.
 */
export const PUBLIC_CONFIRM_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const;

export function sendGone(reply: FastifyReply, err: ConfirmationGoneError) {
  return reply.code(410).send({ message: err.message, code: 'GONE', reason: err.reason });
}

function publicHeaders(_req: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.headers(PUBLIC_CONFIRM_HEADERS);
  done();
}

/**
 * GET|HEAD and POST /api/public/confirm/{token}: the customer's answer to an order over JSON, for
 * their own tools (services/orders/confirmation/public.ts). No session or key: the token is the
 * credential. Plain routes, since a link that no longer works answers 410, which is no tRPC code.
 * GET and HEAD only read. The POST is a mutation under /api/, so the edge (app.ts) already refuses any
 * body that is not JSON (415): no cross-site HTML form can post it.
 */
export function registerPublicConfirm(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { token: string } }>(
    PUBLIC_CONFIRM_ROUTE,
    { onRequest: publicHeaders },
    async (req, reply) => {
      try {
        return reply.send(await readPublicConfirmation(deps, req.params.token));
      } catch (err) {
        if (err instanceof ConfirmationGoneError) return sendGone(reply, err);
        throw err;
      }
    },
  );
  app.post<{ Params: { token: string } }>(
    PUBLIC_CONFIRM_ROUTE,
    { onRequest: publicHeaders },
    async (req, reply) => {
      try {
        const response = await answerConfirmation(deps, req.params.token, req.body ?? {}, { ip: req.ip });
        return reply.code(201).send(response);
      } catch (err) {
        if (err instanceof ConfirmationGoneError) return sendGone(reply, err);
        throw err;
      }
    },
  );
}
