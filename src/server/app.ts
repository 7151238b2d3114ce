import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { TRPCError } from '@trpc/server';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { projectRoot } from '../project-root';
import type { AppDeps } from './deps';
import { AppError, notFound } from './errors';
import { registerApiDocs } from './http/api-docs';
import { registerAuditLogList } from './http/audit-log-list';
import { LOGO_ROUTE, registerCompanyLogo } from './http/company-logo';
import { registerCompression } from './http/compression';
import type { ConfirmPagePort } from './http/confirm-page/port';
import { CONFIRM_PREFIX, registerConfirmPage, sendConfirmNotFound } from './http/confirm-page/routes';
import { servicesPort } from './http/confirm-page/services-port';
import { crossSiteRefused, isCrossSiteCookieRequest } from './http/cross-site';
import { registerCustomersList } from './http/customers-list';
import { registerDevMail } from './http/dev-mail';
import { errorHeaders, JSON_ONLY_MESSAGE } from './http/error-body';
import {
  answerClientError,
  registerErrorHandler,
  sendError,
  sendFrameworkError,
} from './http/error-responses';
import { registerGracefulClose } from './http/graceful-close';
import { jsonBodyProblem } from './http/json-body';
import { lazySchemaCompilers } from './http/lazy-schema-compilers';
import { registerOrderUbl } from './http/order-ubl';
import { type OrdersStreamOptions, registerOrdersStream } from './http/orders-stream';
import { registerPdfDownload } from './http/pdf-download';
import { registerPublicConfirm } from './http/public-confirm';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTrpc } from './http/transport/adapters';
import { registerRestRoute } from './http/transport/rest-route';
import { type AppRouter, appRouter } from './routers';
import { createContextFactory } from './trpc';

/** The built client; CLIENT_DIST_DIR lets parallel test runs each serve their own build. */
export const clientDistDir = process.env.CLIENT_DIST_DIR
  ? path.resolve(process.env.CLIENT_DIST_DIR)
  : path.join(projectRoot(import.meta.url), 'dist/client');

export type BuildAppOptions = {
  deps: AppDeps;
  /** Serve the built client (off in API-only tests). */
  serveClient?: boolean;
  /** Where the built client is; defaults to clientDistDir. */
  clientDir?: string;
  logger?: FastifyBaseLogger | false;
  /** The streamed GET /api/orders (tests set a small batch size). */
  ordersStream?: OrdersStreamOptions;
  /**
   * What serves /api: the app's own REST route (default), or trpc-to-openapi's stock plugin, which the
   * bench and the route's comparison test measure it against (docs/decisions/transport.md).
   */
  transport?: { rest?: 'stock' | 'custom' };
  /** The customer's order page (http/confirm-page/): tests hand it a fake of the services. */
  confirmPage?: { port?: ConfirmPagePort; formSecret?: Buffer };
};

/** The largest client error report body: its capped fields (22.5 K characters) as JSON, with room. */
const CLIENT_ERROR_BODY_LIMIT = 64 * 1024;

const isMutation = (method: string) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/**
 * What the HTTP edge refuses before routing on: a change asked with the session cookie from a page of
 * another origin, a non-JSON mutation, an oversized error report.
 */
function edgeProblem(req: FastifyRequest, appOrigin: string): TRPCError | null {
  const route = req.routeOptions.url ?? '';
  if ((route.startsWith('/api/') || route.startsWith('/trpc/')) && isMutation(req.method)) {
    if (isCrossSiteCookieRequest(req, appOrigin)) return crossSiteRefused();
    // Any other type than JSON, also with an empty body: an empty form posts nothing but still says
    // what it is (a bodiless call sends no Content-Type and is an empty JSON call).
    // The logo upload is the one body that is an image (http/company-logo.ts); no HTML form can
    // send an image/* type, so this opens nothing to another site's form.
    const type = req.headers['content-type'];
    const logoUpload = route === LOGO_ROUTE && req.method === 'PUT' && type?.startsWith('image/') === true;
    if (type !== undefined && !type.startsWith('application/json') && !logoUpload)
      return new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE);
  }
  // The router's decoded parameters, so that an encoded spelling is the same report.
  const params = req.params as Record<string, string | undefined>;
  const isReport =
    (route === '/trpc/:path' && params.path === 'system.reportClientError') ||
    (route === '/api/*' && params['*'] === 'client-errors');
  if (isReport && Number(req.headers['content-length'] ?? 0) > CLIENT_ERROR_BODY_LIMIT)
    return new TRPCError({ code: 'PAYLOAD_TOO_LARGE' });
  return null;
}

export async function buildApp({
  deps,
  serveClient = true,
  clientDir = clientDistDir,
  logger = false,
  ordersStream,
  transport = {},
  confirmPage = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  // TRUST_PROXY decides whose X-Forwarded-For sets req.ip, the key of the per-IP rate limits.
  const { trustProxy } = deps.config;
  const options = {
    bodyLimit: 1024 * 1024,
    // A tRPC batch names its procedures in one path parameter (/trpc/a.get,b.list,…): a screen that
    // asks several at once passes Fastify's default of 100 characters, and a longer parameter is a 404.
    routerOptions: { maxParamLength: 5000 },
    schemaController: lazySchemaCompilers,
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
    // A hop count n trusts the n proxies nearest to this server (as proxy-addr counts hops).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  };
  const app = logger
    ? Fastify({ ...options, loggerInstance: logger })
    : Fastify({ ...options, logger: false });
  const createContext = createContextFactory(deps);
  const appOrigin = new URL(deps.config.appUrl).origin;
  registerErrorHandler(app, deps.log);
  registerGracefulClose(app);

  await app.register(fastifyCookie);
  // helmet's headers, worked out once (security-headers.ts says why).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The HTTPS upgrade would break plain-http local use; Secure cookies follow APP_URL instead.
    hsts: deps.config.appUrl.startsWith('https://'),
  });
  // Before every route: it hooks into each route as it is declared (see compression.ts).
  await registerCompression(app);

  // The hooks below run on every request; they are callback hooks, not async ones: an async hook costs
  // a promise and a microtask round per request (fastify's hooks.js handleResolve) even when it does
  // nothing, and the two onRequest checks are one hook. A hook that answers does not call done.

  // A cross-site HTML form can only post form encodings: every mutation must be JSON; and no page of
  // another origin may change anything on the session cookie (http/cross-site.ts). The route the
  // router matched decides, not the raw URL: '/%74rpc/…' reaches the same procedure as '/trpc/…'.
  // A client error report is a few KB at most (its fields are capped); a bigger body is not one.
  app.addHook('onRequest', (req, reply, done) => {
    const problem = edgeProblem(req, appOrigin);
    if (problem) sendError(reply, problem);
    else done();
  });

  // API answers are personal (and login's carries a session token): no cache may keep them.
  app.addHook('onSend', (req, reply, payload, done) => {
    const route = req.routeOptions.url ?? '';
    if ((route.startsWith('/api/') || route.startsWith('/trpc/')) && !route.startsWith('/api/docs'))
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Bodies too deep to handle, and REST bodies that are not objects, are a 400 before any adapter.
  app.addHook('preHandler', (req, reply, done) => {
    const route = req.routeOptions.url ?? '';
    const problem =
      (route.startsWith('/api/') || route.startsWith('/trpc/')) &&
      isMutation(req.method) &&
      route !== LOGO_ROUTE
        ? jsonBodyProblem(route, req.body)
        : null;
    if (problem) sendError(reply, problem);
    else done();
  });

  await registerTrpc(app, { router: appRouter, createContext, log: deps.log });

  await registerApiDocs(app, deps.config.appUrl);

  // The REST route stays while the bench shows it pays for itself over the stock plugin
  // (http/transport/README.md, docs/decisions/transport.md).
  if (transport.rest === 'stock') {
    const { registerRest } = await import('./http/transport/stock-rest');
    await registerRest(app, { router: appRouter, createContext, log: deps.log });
  } else
    await registerRestRoute<AppRouter>(app, {
      prefix: '/api',
      router: appRouter,
      createContext,
      responseMeta: ({ errors }) => ({ headers: errorHeaders(errors) }),
      onError: ({ error, path: p }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          deps.log.error({ err: error.cause ?? error, path: p }, 'REST error');
      },
    });

  registerOrdersStream(app, deps, ordersStream);
  registerCustomersList(app, deps);
  registerAuditLogList(app, deps);
  registerDevMail(app, deps);
  registerPdfDownload(app, deps);
  registerOrderUbl(app, deps);
  registerPublicConfirm(app, deps);
  await registerCompanyLogo(app, deps);
  await registerConfirmPage(app, {
    deps,
    port: confirmPage.port ?? servicesPort,
    formSecret: confirmPage.formSecret,
  });

  if (serveClient && fs.existsSync(path.join(clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // One wildcard route that looks for the file per request, not a route per file found at start-up:
      // with hundreds of files (maps, .br/.gz copies) registering those slowed the cold start.
      // A missing file falls through to the not-found handler below (the SPA page or a 404).
      wildcard: true,
      index: false,
      // The build writes `name.br`/`name.gz` beside each asset: served as they are when the client
      // takes that encoding (no compressing per request), else the file, compressed on the fly.
      preCompressed: true,
      // The compressed copies are no addresses of their own (the wildcard route would serve them).
      allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
      // Vite names every built asset after its content hash: a browser may keep it for good, since a
      // change gets a new name. Other files (the favicon) are checked again each time.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(clientDir, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    app.get('/', (_req, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml),
    );
    app.setNotFoundHandler((req, reply) => {
      const p = req.url.split('?')[0] ?? '';
      // The customer's page is the server's own, never the app's: an address under it that names
      // nothing is its own 'unknown link' page, not the sign-in screen.
      if (p.startsWith(CONFIRM_PREFIX)) return sendConfirmNotFound(reply);
      if (req.method === 'GET' && !p.startsWith('/api/') && !p.startsWith('/trpc/') && !path.extname(p)) {
        return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
      }
      return sendError(reply, notFound());
    });
  } else {
    app.setNotFoundHandler((req, reply) =>
      (req.url.split('?')[0] ?? '').startsWith(CONFIRM_PREFIX)
        ? sendConfirmNotFound(reply)
        : sendError(reply, notFound()),
    );
  }

  return app;
}
