import { createHash } from 'node:crypto';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { confirmationMessages } from '../../../shared/order-confirmation-states';
import type { PublicConfirmation } from '../../../shared/schemas/order-confirmation';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { toErrorResponse } from '../error-responses';
import { attachmentDisposition } from '../pdf-download';
import { formTokenFor, isFormTokenValid, isSameOriginPost, stableFormSecret } from './cross-site';
import {
  answerOfForm,
  emptyFormValues,
  type FieldKey,
  type FormValues,
  formErrorsOf,
  readForm,
} from './form';
import { fileHeaders, pageHeaders } from './headers';
import type { MessagePage, Notice } from './page';
import { confirmPath } from './paths';
import {
  type ConfirmationFileKind,
  type ConfirmationPage,
  type ConfirmPagePort,
  isConfirmationGone,
} from './port';
import { pageTexts } from './texts';
import { orderPageView } from './view';

/**
 * The customer's order page: GET (and HEAD) /confirm/:token shows the order as it was sent, POST
 * answers it once, /pdf and /ubl download that version, /logo shows the seller's logo. Only a POST that
 * passes both cross-site guards reaches the service that records an answer; a GET never does, since
 * mail scanners open every link they find.
 */

export const CONFIRM_PREFIX = '/confirm/';

/** The form's body: a change request of the longest order stays far below this. */
const FORM_BODY_LIMIT = 256 * 1024;

/** A token longer than any the app hands out is not looked up at all. */
const TOKEN_MAX = 256;

export type ConfirmPageOptions = {
  deps: AppDeps;
  port: ConfirmPagePort;
  /** The key of the form tokens (cross-site.ts); by default one of this process's own. */
  formSecret?: Buffer;
};

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

const isAppError = (err: unknown, code: AppError['code']): err is AppError =>
  err instanceof AppError && err.code === code;

/**
 * The page's renderer, loaded with the first page asked for: it brings react-dom/server, which the
 * server does not load at start-up (server-bundle.test.ts).
 */
const pageRenderer = () => import('./page');

async function sendMessage(reply: FastifyReply, status: number, page: MessagePage): Promise<FastifyReply> {
  const { renderMessagePage } = await pageRenderer();
  return pageHeaders(reply).code(status).send(renderMessagePage(page));
}

export const sendConfirmNotFound = (reply: FastifyReply) =>
  sendMessage(reply, 404, { title: pageTexts.notFoundTitle, message: confirmationMessages.notFound });

/** A link that no longer opens its order: replaced, expired, or its order cancelled. */
function sendGone(
  reply: FastifyReply,
  reason: 'replaced' | 'expired' | 'cancelled',
  view?: PublicConfirmation,
): Promise<FastifyReply> {
  return sendMessage(reply, 410, {
    title: reason === 'replaced' ? pageTexts.replacedTitle : pageTexts.goneTitle,
    message: confirmationMessages[reason],
    order: view && { orderNumber: view.orderNumber, sellerName: view.seller.company },
  });
}

/** Answers an unknown or gone link with its page; anything else is thrown on to the error handler. */
function sendLinkFailure(reply: FastifyReply, err: unknown): Promise<FastifyReply> {
  if (isAppError(err, 'NOT_FOUND')) return sendConfirmNotFound(reply);
  if (isConfirmationGone(err)) return sendGone(reply, err.reason);
  throw err;
}

/**
 * What a link's page shows depends only on the order as it was sent with it (fixed for the link), on
 * where the answer stands, and on the seller's logo: the key names all three. The token goes in hashed,
 * as everywhere it is kept.
 */
function pageCacheKey(token: string, view: PublicConfirmation, logoHash: string | null): string {
  const link = createHash('sha256').update(token).digest('base64url');
  return [link, view.state, view.response?.respondedAt ?? '', logoHash ?? ''].join('|');
}

/** Rendered pages kept per server, by their size (a 120-line order's page is about 180 KB). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export async function registerConfirmPage(app: FastifyInstance, options: ConfirmPageOptions): Promise<void> {
  const { deps, port } = options;
  const renderedPages = new LRUCache<string, string>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: (html) => Math.max(1, html.length * 2),
  });
  const secret = options.formSecret ?? stableFormSecret();
  const appOrigin = new URL(deps.config.appUrl).origin;

  type PageState = { values?: FormValues; errors?: Map<FieldKey, string>; notice?: Notice | null };

  /**
   * The order's page for a view that still opens it (waiting or answered); a replaced or expired link
   * gets its 410. The logo's meta comes with the view (readConfirmationPage), not from a read of its own.
   */
  async function sendOrderPage(
    reply: FastifyReply,
    token: string,
    { view, logo }: ConfirmationPage,
    status: number,
    state: PageState = {},
  ): Promise<FastifyReply> {
    if (view.state === 'replaced' || view.state === 'expired') return sendGone(reply, view.state, view);
    const waiting = view.state === 'waiting';
    // The page as it opens (no typed values, no messages) is the same for every visit while the link
    // stands where it stands: kept, not rendered again (a long order's page is most of its time).
    const plain = state.values === undefined && state.errors === undefined && state.notice === undefined;
    const key = plain ? pageCacheKey(token, view, logo?.hash ?? null) : null;
    const kept = key ? renderedPages.get(key) : undefined;
    if (kept) return pageHeaders(reply).code(status).send(kept);
    const { renderOrderPage } = await pageRenderer();
    const html = renderOrderPage({
      token,
      view: orderPageView(view),
      logo: logo && {
        src: `${confirmPath(token)}/logo?v=${encodeURIComponent(logo.hash)}`,
        width: logo.width,
        height: logo.height,
      },
      form: waiting
        ? {
            values: state.values ?? emptyFormValues(),
            errors: state.errors ?? new Map(),
            formToken: formTokenFor(secret, token),
          }
        : null,
      notice:
        state.notice !== undefined
          ? state.notice
          : waiting
            ? null
            : { kind: 'success', text: confirmationMessages.recorded },
    });
    if (key) renderedPages.set(key, html);
    return pageHeaders(reply).code(status).send(html);
  }

  /**
   * Reads the link and shows its page: on a visit (`state` empty), and again after a refused answer,
   * with what was typed and why.
   */
  async function readAndSendOrderPage(
    reply: FastifyReply,
    token: string,
    status: number,
    state: PageState = {},
  ): Promise<FastifyReply> {
    let page: ConfirmationPage;
    try {
      page = await port.readConfirmationPage(deps, token);
    } catch (err) {
      return sendLinkFailure(reply, err);
    }
    return sendOrderPage(reply, token, page, status, state);
  }

  await app.register(async (scope) => {
    // The form posts urlencoded; the JSON API for programs is /api/public/confirm/.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    // Answers in HTML, like the page: a body of another encoding is no post of the page's own form;
    // anything else says something went wrong, nothing internal. The log names no token.
    scope.setErrorHandler((err, req, reply) => {
      const { status } = toErrorResponse(err);
      if (status >= 500)
        deps.log.error({ err, method: req.method, url: CONFIRM_PREFIX }, 'confirm page error');
      const otherEncoding = status === 415;
      return sendMessage(reply, status, {
        title: otherEncoding ? pageTexts.crossSiteTitle : pageTexts.errorTitle,
        message: otherEncoding ? confirmationMessages.crossSite : pageTexts.errorMessage,
      });
    });

    scope.get('/confirm/:token', async (req: TokenRequest, reply) => {
      const { token } = req.params;
      if (token.length > TOKEN_MAX) return sendConfirmNotFound(reply);
      return readAndSendOrderPage(reply, token, 200);
    });

    scope.post('/confirm/:token', async (req: TokenRequest, reply) => {
      const { token } = req.params;
      if (token.length > TOKEN_MAX) return sendConfirmNotFound(reply);
      const crossSite = () =>
        sendMessage(reply, 403, {
          title: pageTexts.crossSiteTitle,
          message: confirmationMessages.crossSite,
          backTo: confirmPath(token),
        });
      if (typeof req.body !== 'string') return crossSite();
      const values = readForm(req.body);
      const sameOrigin = isSameOriginPost(
        {
          origin: req.headers.origin,
          secFetchSite: headerText(req.headers['sec-fetch-site']),
          host: req.headers.host,
        },
        appOrigin,
      );
      if (!sameOrigin || !isFormTokenValid(secret, token, values.formToken)) return crossSite();

      const answer = answerOfForm(values);
      try {
        await port.answerConfirmation(deps, token, answer.input, { ip: req.ip });
      } catch (err) {
        if (isAppError(err, 'BAD_REQUEST')) {
          const details = err.extra.details ?? { _: err.message };
          return readAndSendOrderPage(reply, token, 400, {
            values,
            errors: formErrorsOf(details, answer.lineIndexAt),
          });
        }
        if (isAppError(err, 'TOO_MANY_REQUESTS')) {
          reply.headers(err.headers);
          return readAndSendOrderPage(reply, token, 429, {
            values,
            notice: { kind: 'error', text: confirmationMessages.tooMany },
          });
        }
        if (isAppError(err, 'CONFLICT'))
          return readAndSendOrderPage(reply, token, 409, {
            notice: { kind: 'info', text: confirmationMessages.alreadyAnswered },
          });
        return sendLinkFailure(reply, err);
      }
      // Post/Redirect/Get: the page then shows what was recorded, and a reload posts nothing again.
      return reply
        .code(303)
        .header('location', confirmPath(token))
        .header('cache-control', 'no-store')
        .send();
    });

    const download = (kind: ConfirmationFileKind) => async (req: TokenRequest, reply: FastifyReply) => {
      const { token } = req.params;
      if (token.length > TOKEN_MAX) return sendConfirmNotFound(reply);
      try {
        const file = await port.confirmationFile(deps, token, kind);
        return fileHeaders(reply, file.contentType)
          .header('content-disposition', attachmentDisposition(file.filename))
          .header('content-length', file.content.length)
          .header('cache-control', 'no-store')
          .send(file.content);
      } catch (err) {
        // A file that cannot be made (a UBL order without the numbers Peppol needs) says why, in the
        // service's own words, with the way back to the order.
        if (err instanceof AppError && err.code !== 'NOT_FOUND' && getHTTPStatusCodeFromError(err) < 500) {
          reply.headers(err.headers);
          return sendMessage(reply, getHTTPStatusCodeFromError(err), {
            title: pageTexts.fileUnavailableTitle,
            message: err.message,
            backTo: confirmPath(token),
          });
        }
        return sendLinkFailure(reply, err);
      }
    };
    scope.get('/confirm/:token/pdf', download('pdf'));
    scope.get('/confirm/:token/ubl', download('ubl'));

    scope.get('/confirm/:token/logo', async (req: TokenRequest, reply) => {
      const { token } = req.params;
      const logo = token.length > TOKEN_MAX ? null : await port.confirmationLogo(deps, token);
      if (!logo) return sendConfirmNotFound(reply);
      const etag = `"${logo.hash}"`;
      // The page asks with ?v=<hash>: that address never changes its image, so the browser may keep it.
      const version = new URL(req.url, 'http://localhost').searchParams.get('v');
      fileHeaders(reply, logo.contentType)
        .header('cache-control', version === logo.hash ? 'private, max-age=31536000, immutable' : 'no-cache')
        .header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-length', logo.content.length).send(logo.content);
    });
  });
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
