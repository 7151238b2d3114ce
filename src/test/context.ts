import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Db } from '../db/client';
import { buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/config';
import { type AppDeps, systemClock } from '../server/deps';
import { appRouter } from '../server/routers';
import { authenticateApiKey } from '../server/services/api-keys/authenticate-api-key';
import { isApiKeySecret } from '../server/services/api-keys/secret';
import { auditActor } from '../server/services/audit/audit-log';
import { validateSessionToken } from '../server/services/auth/sessions';
import type { Mailer } from '../server/services/mail/message';
import { createPrinter, type Printer } from '../server/services/pdf/printer';
import type { Context } from '../server/trpc';

/** The configuration tests run with: no SMTP (the outbox), a fixed APP_URL, a generous rate limit. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }),
    rateLimitAuth: 1000,
    ...overrides,
  };
}

let sharedPrinter: Printer | undefined;

/**
 * One printer per test process, as in the server: its Chromium starts with the first PDF a test asks
 * for and ends with the process (Playwright kills it on exit), so test files need not close it.
 */
export function testPrinter(): Printer {
  sharedPrinter ??= createPrinter({
    chromiumPath: process.env.CHROMIUM_PATH,
    concurrency: 2,
    log: pino({ level: 'silent' }),
  });
  return sharedPrinter;
}

/** `now`: the clock (a TestClock's `now` lets a test move time); real time by default. */
export function testDeps(
  db: Db,
  mailer: Mailer,
  config: Config = testConfig(),
  now: () => Date = systemClock,
): AppDeps {
  return {
    db,
    dbPing: async () => {},
    config,
    mailer,
    printer: testPrinter(),
    log: pino({ level: 'silent' }),
    now,
  };
}

export type CookieJar = { session?: { value: string; expiresAt: Date } | null };

export type TestContext = Context & { cookies: CookieJar };

/**
 * A request context like createContextFactory builds one: `token` stands for the bearer header or
 * the cookie (an `ik_…` token: an API key in the bearer header). The session cookie the procedures set or clear lands in `cookies`.
 */
export async function createTestContext(
  deps: AppDeps,
  opts: { token?: string | null; ip?: string; idempotencyKey?: string } = {},
): Promise<TestContext> {
  const token = opts.token ?? null;
  // An API key (ik_…) as the bearer header would carry it; anything else is a session token.
  const key =
    token && isApiKeySecret(token)
      ? await authenticateApiKey(deps.db, token, { limit: deps.config.apiKeyRateLimit, now: deps.now() })
      : null;
  const session =
    token && !isApiKeySecret(token) ? await validateSessionToken(deps.db, token, deps.now()) : null;
  const cookies: CookieJar = {};
  const ip = opts.ip ?? '127.0.0.1';
  const apiKey = key ? { ...key.apiKey, rate: key.rate, unsafeMethod: false } : null;
  return {
    ...deps,
    ip,
    actor: auditActor({ user: session?.user ?? key?.user ?? null, apiKey }, ip),
    session,
    user: session?.user ?? key?.user ?? null,
    tenant: session?.tenant ?? key?.tenant ?? null,
    organization: session?.organization ?? key?.organization ?? null,
    apiKey,
    token,
    cookies,
    setSessionCookie: (value, expiresAt) => {
      cookies.session = { value, expiresAt };
    },
    clearSessionCookie: () => {
      cookies.session = null;
    },
    idempotencyKey: opts.idempotencyKey,
    crossSiteGet: false,
  };
}

/** A caller as the given request would get it. */
export async function createTestCaller(deps: AppDeps, opts: { token?: string | null; ip?: string } = {}) {
  const ctx = await createTestContext(deps, opts);
  const caller = appRouter.createCaller(ctx);
  // The caller is a proxy that turns every property into a procedure path; expose `ctx` beside it.
  return new Proxy(caller, {
    get: (target, prop, receiver) => (prop === 'ctx' ? ctx : Reflect.get(target, prop, receiver)),
  }) as typeof caller & { ctx: TestContext };
}

/** The whole HTTP app (tRPC, REST, /dev/mail) without the client, for `app.inject`. */
export function buildTestApp(deps: AppDeps): Promise<FastifyInstance> {
  return buildApp({ deps, serveClient: false });
}
